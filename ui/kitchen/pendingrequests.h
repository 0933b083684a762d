#pragma once

#include "kitchen/operation.h"
#include "kitchen/outcome.h"

#include <QHash>
#include <QPixmap>
#include <QRect>
#include <functional>

namespace tk {

// The UI's requests to the core that have not been answered yet. A request returns its id at
// once and its outcome arrives later as a queued signal; what the UI wants done with that
// outcome (fly the card, retry the line, run a lesson's next step) waits here until then.
// Shared by the window's parts, so that one answer handler sees every request.
class PendingRequests
{
public:
    struct Pending
    {
        enum class Kind { Create, Transfer, Combine, ModelTrio, Console, Other };
        Kind kind = Kind::Other;
        QPixmap pixmap;
        QRect from;         // global rect of the card when it left
        Operation op = Operation::Add;
        int a = -1;
        int b = -1;
        bool retryAfter = false; // a move from the error dialog: run op(a, b) again after it
        QString retryCode;       // … or, for a console line, run this Python again
        std::function<void(const Outcome &)> then; // a follow-up (lessons chain steps)
        // A file request: its failure is told as a file error about `file` (OpError::aboutFile).
        QString file;
        OpError::FileTask fileTask = OpError::FileTask::OpenSession;
    };

    void insert(quint64 request, const Pending &pending) { m_pending.insert(request, pending); }
    // The entry for `request`, made empty if there is none (as QHash::operator[] does).
    Pending &operator[](quint64 request) { return m_pending[request]; }
    Pending take(quint64 request) { return m_pending.take(request); }

private:
    QHash<quint64, Pending> m_pending;
};

} // namespace tk
