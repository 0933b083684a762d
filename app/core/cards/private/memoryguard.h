#pragma once

#include "core/kitchen/operror.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace tk {

// The free-memory check before every allocation: what would not fit in a device's free memory
// is refused before LibTorch tries, with a message that says how much was needed and free.
// It can be switched off to let LibTorch's own OutOfMemoryError through.
class MemoryGuard
{
    // Its refusals are the workspace's messages: one translation context for all of them.
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    void setEnabled(bool on) { m_enabled = on; }

    // The refusal, or nothing when `bytes` fit, the device does not report its free memory, or
    // the guard is off. `what` names the allocation in the message; `code` is its Python line.
    std::optional<OpError> check(qint64 bytes, const QString &device, const QString &what, const QString &code) const;

private:
    bool m_enabled = true;
};

} // namespace tk
