#pragma once

#include "core/watch/watchparser.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>

namespace tk {

// A `window` line (docs/watch-protocol.md): ~100 ms of a program's moves, DataLoader waits and
// optimizer steps, each call site described once and each event's values in columns of whole
// microseconds (python/tensorkitchen/_protocol.py declares them). Expanded here into the
// messages the events stand for, each read by WatchParser as if it had come alone, so that the
// rest of the app (findings, charts, the timeline) sees no difference. A wrong event or
// column rejects the line.
class WatchWindow
{
    Q_DECLARE_TR_FUNCTIONS(WatchWindow)

public:
    static WatchParser::Result expand(const QJsonObject &window);
    // A site type's columns ("move", "data_wait", "step"), those in whole microseconds marked
    // with a trailing " µs" (for the test against _protocol.COLUMNS).
    static QStringList columns(const QString &type);
    // The types a window's site may have (_protocol.SITE_TYPES).
    static const QStringList &siteTypes();
};

} // namespace tk
