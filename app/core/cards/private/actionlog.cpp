#include "core/cards/private/actionlog.h"

#include "core/devices/private/torchutil.h"

namespace tk {

Outcome ActionLog::fail(const OpError &error, bool logIt)
{
    if (logIt && !error.codeLine.isEmpty()) {
        CodeLine line;
        line.code = error.codeLine;
        line.error = error.message;
        line.refused = error.refusedBeforeAllocation;
        m_log.append(line);
    }
    Outcome o;
    o.error = error;
    return o;
}

Outcome ActionLog::failTorch(std::exception_ptr ex, const QStringList &devices, const QString &code)
{
    QString pyType;
    OpError e = torchutil::fromException(ex, devices, code, &pyType);
    CodeLine line;
    line.code = code;
    line.errorType = pyType;
    line.error = e.message;
    m_log.append(line);
    Outcome o;
    o.error = e;
    return o;
}

} // namespace tk
