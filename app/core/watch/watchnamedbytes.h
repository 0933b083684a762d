#pragma once

#include <QString>

namespace tk {

// A name the program's frames held a tensor or a module under, its bytes when first and last
// sampled: what grew the most when memory grows step over step (memory_growth).
struct WatchNamedBytes
{
    QString name;
    QString device;
    QString file; // where the name lives, and its line when last sampled
    int line = 0;
    int cell = 0;
    qint64 firstBytes = 0;
    qint64 lastBytes = 0;
    qint64 firstSteps = 0; // optimizer steps done at the first and the last sample
    qint64 lastSteps = 0;
};

} // namespace tk
