// libFuzzer: .safetensors files (Hugging Face's header + data area), loaded as File → Load does.
#include "kitchen/workspace.h"

#include <QFile>
#include <QTemporaryDir>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir dir;
    // The name sends every input to the safetensors reader, whatever its first bytes.
    const QString path = dir.filePath(QStringLiteral("input.safetensors"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    f.write(reinterpret_cast<const char *>(data), qint64(size));
    f.close();
    tk::Workspace w;
    QList<int> created;
    const tk::Outcome o = w.loadPt(path, QStringLiteral("cpu"), &created);
    if (!o.ok() && (o.error.message.isEmpty() || w.count() != 0))
        __builtin_trap(); // refused: with a reason, and nothing half-made
    if (o.ok() && w.count() != created.size())
        __builtin_trap();
    return 0;
}
