#pragma once

#include "core/watch/watchfinding.h"

#include <QList>
#include <QString>

namespace tk {

class WatchedProgram;

// The findings about the GPU's own timeline (docs/findings.md): copies that cannot overlap
// (`non_blocking_unpinned`, with pinning on the loop's time) and the GPU idle between steps
// (`gpu_idle`, from the watcher's CUDA events). Their words are WatchFindings'.
class GpuFindings
{
public:
    static constexpr double kIdleShare = 0.20; // the GPU idle ≥ 20 % of a step's time

    static void pinning(const WatchedProgram &program, QList<WatchFinding> &out);
    static void idle(const WatchedProgram &program, QList<WatchFinding> &out);
    // The GPU's idle share of the steps where it was measured; -1: too few steps measured.
    static double idleShare(const WatchedProgram &program);
    // Why `gpu_idle` was not measured in this run; empty when it was.
    static QString idleNotChecked(const WatchedProgram &program);
};

} // namespace tk
