#pragma once

#include "core/races/lanes/matmulenginelane.h"

namespace tk {

// at::matmul from C++ in the race's thread, timed by MatmulBench (blocked autorange, the
// device synchronised as the lane's mode says).
class LibTorchMatmulLane : public MatmulEngineLane
{
public:
    bool start(const MatmulLane &, const std::atomic<bool> *, QString *) override { return true; }
    std::optional<MatmulResult> runPoint(const MatmulLane &lane, int laneIndex, int n, const QString &dtype,
                                         double minRunTime, const std::atomic<bool> *cancel, QString *error) override;
};

} // namespace tk
