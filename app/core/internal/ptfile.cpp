#include "internal/ptfile.h"

#include "internal/picklearchive.h"
#include "internal/picklevalue.h"
#include "internal/picklewalker.h"
#include "kitchen/pythoncode.h"

#include <QFileInfo>
#include <sstream>
#include <string>
#include <torch/serialize.h>

namespace tk {

using pickle::Arena;
using pickle::damaged;
using pickle::Findings;
using pickle::Kind;
using pickle::libtorchWords;
using pickle::readLegacy;
using pickle::readZip;
using pickle::refuse;
using pickle::unsupported;
using pickle::Value;
using pickle::Walker;

PtFile::Contents PtFile::read(const QByteArray &bytes, const QString &path)
{
    const QString base = PythonCode::identifier(QFileInfo(path).completeBaseName());
    if (bytes.isEmpty())
        refuse(Kind::Empty, QStringLiteral("The file has 0 bytes."));
    Contents out;
    Arena arena;
    Findings findings;
    const Value *root = nullptr;
    try {
        if (bytes.startsWith("PK\x03\x04") || bytes.startsWith("PK\x05\x06")) {
            bool torchScript = false;
            root = readZip(bytes, arena, findings, &out.savedOffCpu, &torchScript);
            if (torchScript) {
                // LibTorch's torch::save of one tensor; torch.jit.save's models are refused.
                at::Tensor t;
                try {
                    // From the bytes already read and size-checked, not the file again.
                    std::istringstream in(std::string(bytes.constData(), size_t(bytes.size())));
                    torch::load(t, in);
                } catch (const std::exception &e) {
                    refuse(Kind::TorchScript, QStringLiteral("The archive has constants.pkl, as torch.jit.save "
                                                             "writes it; as one tensor, LibTorch says: %1")
                                                  .arg(libtorchWords(e)));
                }
                out.tensors.push_back(Entry{{}, base, base, t});
                return out;
            }
        } else if (uint8_t(bytes.at(0)) == 0x80) {
            root = readLegacy(bytes, arena, findings, &out.savedOffCpu);
        } else if (bytes.size() > 262 && bytes.mid(257, 5) == "ustar") {
            unsupported(QStringLiteral("the tar format of PyTorch before 0.4 (load and save it again with a "
                                       "newer PyTorch)"));
        } else {
            refuse(Kind::NotTorch, QStringLiteral("It starts with the bytes %1; torch.save's zip archive starts "
                                                  "with 50 4b 03 04, its older format with 80.")
                                       .arg(QString::fromLatin1(bytes.left(8).toHex(' '))));
        }
    } catch (const Refused &r) {
        // A class only Python can rebuild says more than what broke after it.
        if (r.kind == Kind::Damaged || r.kind == Kind::Unsupported)
            findings.throwIfAny();
        throw;
    } catch (const std::exception &e) {
        findings.throwIfAny();
        damaged(libtorchWords(e));
    }
    findings.throwIfAny();
    Walker walker(out, base);
    if (root->t == Value::T::List || root->t == Value::T::Tuple)
        walker.walk(root, {}, base, base, 0);
    else
        walker.walk(root, {}, root->t == Value::T::Dict ? QString() : base,
                    root->t == Value::T::Dict ? QString() : base, 0);
    return out;
}

std::vector<char> PtFile::write(const at::Tensor &t)
{
    return torch::pickle_save(c10::IValue(t.to(torch::kCPU).contiguous()));
}

} // namespace tk
