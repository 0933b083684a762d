#pragma once

#include "core/races/matmulresult.h"

#include <QString>
#include <atomic>
#include <optional>

namespace tk {

// What times one lane of the matmul race (MatmulLane::engine): LibTorch from C++ in the race's
// thread, or a Python interpreter of the lane's own. MatmulLanes makes one per lane and asks it
// for each point; the race, the bench and the receipts never ask which engine it is. Used from
// the thread that runs the sweep.
class MatmulEngineLane
{
public:
    virtual ~MatmulEngineLane() = default;
    // Readies the engine for `lane` once per sweep (an interpreter importing torch takes
    // seconds). False with *error (empty when cancelled).
    virtual bool start(const MatmulLane &lane, const std::atomic<bool> *cancel, QString *error) = 0;
    // One point at size n, as MatmulBench::runPoint gives it; nullopt with *error (empty when
    // cancelled).
    virtual std::optional<MatmulResult> runPoint(const MatmulLane &lane, int laneIndex, int n, const QString &dtype,
                                                 double minRunTime, const std::atomic<bool> *cancel, QString *error)
        = 0;
    // The PyTorch this engine runs where it is not this process's LibTorch; empty otherwise.
    virtual QString torchVersion() const { return {}; }
};

} // namespace tk
