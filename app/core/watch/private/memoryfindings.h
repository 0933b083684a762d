#pragma once

#include "core/watch/watchfinding.h"

#include <QList>

namespace tk {

class WatchedProgram;

// The findings about memory a loop keeps (docs/findings.md): a tensor's autograd graph kept
// from step to step (`graph_kept`) and memory that grows step over step (`memory_growth`),
// from the name samples and memory samples WatchedProgram keeps. Their words are WatchFindings'.
class MemoryFindings
{
public:
    static void graphKept(const WatchedProgram &program, QList<WatchFinding> &out);
    // After graphKept: a device whose growth a graph_kept explains is not said again.
    static void growth(const WatchedProgram &program, QList<WatchFinding> &out);
};

} // namespace tk
