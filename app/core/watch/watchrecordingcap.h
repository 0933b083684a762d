#pragma once

#include <QtGlobal>

namespace tk {

// A recording that stopped growing at its cap (`recording_capped`): the program went on, and
// what it sent past the cap was counted, not written.
struct WatchRecordingCap
{
    double at = 0; // t of the message
    qint64 maxBytes = 0; // the cap
    qint64 bytes = 0; // what the recording holds of the stream
    qint64 lines = 0; // messages left out
    qint64 steps = 0; // step messages among them
};

} // namespace tk
