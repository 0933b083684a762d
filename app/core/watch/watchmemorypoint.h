#pragma once

#include <QString>

namespace tk {

// One device's memory in one `memory` sample, with the optimizer steps done by then: what a
// finding fits memory growth per step to. On CUDA the allocated bytes, on the CPU the
// process's resident set.
struct WatchMemoryPoint
{
    QString device;
    qint64 steps = 0;
    double at = 0;
    qint64 used = 0;
};

} // namespace tk
