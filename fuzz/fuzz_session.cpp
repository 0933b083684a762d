// libFuzzer: session files. A damaged file must be refused with a message and leave the
// workspace as it was; a file that loads must save again.
#include "core/devices/deviceregistry.h"
#include "core/files/sessionframe.h"
#include "core/kitchen/workspace.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static tk::Workspace *keep = [] {
        auto *w = new tk::Workspace;
        tk::TensorSpec s;
        s.name = QStringLiteral("x");
        s.shape = {2, 2};
        w->create(s);
        return w;
    }();
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // Half the inputs get a valid header and checksum around them, so that the fuzzer reaches
    // the contents' parser and not only the checksum that guards it.
    if (size > 0 && (data[0] & 1)) {
        bytes = tk::SessionFrame::wrap(bytes.mid(1));
    }
    const QByteArray before = keep->valuesHash(keep->idOf(QStringLiteral("x")));
    QString error;
    QStringList notices;
    tk::Workspace w;
    if (w.loadSession(bytes, &error, &notices)) {
        QString again;
        if (w.saveSession(&again).isEmpty())
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    // Loading into another workspace must never touch this one.
    if (keep->valuesHash(keep->idOf(QStringLiteral("x"))) != before)
        __builtin_trap();
    return 0;
}
