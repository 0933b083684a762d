#pragma once
// Core-internal: includes torch.

#include <QByteArray>
#include <QString>
#include <torch/types.h>
#include <utility>
#include <vector>

namespace tk {

// .pt files: what PyTorch's torch.save and LibTorch's torch::save write, and what Python's
// torch.load reads back.
class PtFile
{
public:
    // The tensors in a .pt file's bytes, each with a key: a lone tensor under the file's name
    // made a Python identifier, a dict's tensors under their string keys, a list's or a tuple's
    // as name_0, name_1, …; entries that are not tensors are skipped. Reads torch.save's zip
    // archive and legacy pickle, then LibTorch's torch::save archive from `path`; throws
    // std::exception with LibTorch's words when the file is none of them.
    static std::vector<std::pair<QString, at::Tensor>> read(const QByteArray &bytes,
                                                            const QString &path);
    // A tensor's values on the CPU, pickled as torch.save does: torch.load reads it.
    static std::vector<char> write(const at::Tensor &t);
};

} // namespace tk
