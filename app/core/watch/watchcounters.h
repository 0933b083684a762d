#pragma once

#include <QMetaType>

namespace tk {

// What a watched stream lost on the way: lines the reader skipped, and messages the watcher
// itself could not send. Shown to the user so that a quiet kitchen is not mistaken for a quiet
// program.
struct WatchCounters
{
    qint64 malformed = 0; // not a JSON object, a wrong field type, a limit exceeded
    qint64 oversized = 0; // lines over 65,536 bytes, dropped unread
    qint64 unknown = 0; // a type this reader does not know (a newer watcher)
    qint64 dropped = 0; // messages the watcher dropped (its `dropped` counts, summed)
    qint64 unmatched = 0; // a move_time whose move this stream never had
    qint64 ignored = 0; // messages after the stream ended or was refused

    qint64 lost() const { return malformed + oversized + unknown + dropped; }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchCounters)
