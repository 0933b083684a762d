#pragma once
// Core-internal: includes torch.

#include "internal/picklevalue.h"

#include <QByteArray>
#include <QString>
#include <exception>

namespace tk::pickle {

// LibTorch's first line, without its "[enforce fail at file.cc:129] ." prefix.
QString libtorchWords(const std::exception &e);

// torch.save's zip archive (and torch::pickle_save's): data.pkl, and data/<key> per storage.
Value *readZip(const QByteArray &bytes, Arena &arena, Findings &findings, bool *savedOffCpu,
               bool *torchScript);

// torch.save's format before PyTorch 1.6 (still written with
// _use_new_zipfile_serialization=False): five pickles in a row (magic number, protocol
// version, system info, the object, the storage keys), then each storage's element count and
// bytes in the keys' order.
Value *readLegacy(const QByteArray &bytes, Arena &arena, Findings &findings, bool *savedOffCpu);

} // namespace tk::pickle
