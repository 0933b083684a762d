#include "ptfile.h"

#include "pythoncode.h"

#include <QFileInfo>
#include <algorithm>
#include <caffe2/serialize/inline_container.h>
#include <caffe2/serialize/read_adapter_interface.h>
#include <cstring>
#include <torch/csrc/jit/serialization/import_read.h>
#include <torch/serialize.h>

namespace tk {

namespace {

// LibTorch 1.13's in-memory reader copies whatever the zip reader asks for, even past the end
// of the buffer, so a malformed .pt makes it read out of bounds (found by fuzz_pt). This one
// clamps every read; the zip reader then reports a short read as a damaged archive.
class BoundedReadAdapter : public caffe2::serialize::ReadAdapterInterface
{
public:
    explicit BoundedReadAdapter(const QByteArray &data) : m_data(data) {}
    size_t size() const override { return size_t(m_data.size()); }
    size_t read(uint64_t pos, void *buf, size_t n, const char *) const override
    {
        if (pos >= size())
            return 0;
        n = std::min<size_t>(n, size() - size_t(pos));
        std::memcpy(buf, m_data.constData() + pos, n);
        return n;
    }

private:
    QByteArray m_data;
};

// torch::pickle_load, with the bounded reader for zip archives (what torch.save writes).
c10::IValue pickleLoad(const QByteArray &bytes)
{
    if (bytes.startsWith("PK\x03\x04")) {
        caffe2::serialize::PyTorchStreamReader reader(std::make_shared<BoundedReadAdapter>(bytes));
        return torch::jit::readArchiveAndTensors("data", "", "", {}, {}, {}, reader);
    }
    return torch::pickle_load(std::vector<char>(bytes.begin(), bytes.end()));
}

} // namespace

std::vector<std::pair<QString, at::Tensor>> PtFile::read(const QByteArray &bytes, const QString &path)
{
    const QString base = PythonCode::identifier(QFileInfo(path).completeBaseName());
    std::vector<std::pair<QString, at::Tensor>> found;
    try {
        const c10::IValue v = pickleLoad(bytes);
        if (v.isTensor()) {
            found.emplace_back(base, v.toTensor());
        } else if (v.isGenericDict()) {
            for (const auto &item : v.toGenericDict())
                if (item.key().isString() && item.value().isTensor())
                    found.emplace_back(QString::fromStdString(item.key().toStringRef()), item.value().toTensor());
        } else if (v.isList() || v.isTuple()) {
            const auto list = v.isList() ? v.toListRef().vec() : v.toTupleRef().elements().vec();
            for (size_t i = 0; i < list.size(); ++i)
                if (list[i].isTensor())
                    found.emplace_back(QStringLiteral("%1_%2").arg(base).arg(i), list[i].toTensor());
        }
    } catch (const std::exception &) {
        // Not a pickle: perhaps LibTorch's torch::save archive (its errors are the caller's).
        at::Tensor t;
        torch::load(t, path.toStdString());
        found.emplace_back(base, t);
    }
    return found;
}

std::vector<char> PtFile::write(const at::Tensor &t)
{
    return torch::pickle_save(c10::IValue(t.to(torch::kCPU).contiguous()));
}

} // namespace tk
