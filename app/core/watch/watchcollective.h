#pragma once

#include <QMetaType>
#include <QString>

namespace tk {

// One torch.distributed collective a watched program called (dist.all_reduce, barrier, …),
// timed around the call. A blocking one's time is the time the program spent in it; an
// async_op=True call returns at once (its time is the call's, the collective runs on).
struct WatchCollective
{
    double at = 0; // the protocol's t (when the call returned)
    QString op; // "all_reduce"
    double seconds = 0;
    qint64 bytes = 0; // the tensors it was given
    bool asynchronous = false;
    qint64 step = -1;
    QString file;
    int line = 0;
    int cell = 0;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchCollective)
