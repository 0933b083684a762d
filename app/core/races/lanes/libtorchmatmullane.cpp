#include "core/races/lanes/libtorchmatmullane.h"

#include "core/races/matmulbench.h"

namespace tk {

std::optional<MatmulResult> LibTorchMatmulLane::runPoint(const MatmulLane &lane, int laneIndex, int n,
                                                         const QString &dtype, double minRunTime,
                                                         const std::atomic<bool> *cancel, QString *error)
{
    return MatmulBench::runPoint(lane, laneIndex, n, dtype, minRunTime, cancel, error);
}

} // namespace tk
