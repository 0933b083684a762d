#pragma once

#include "core/races/matmulresult.h"

#include <atomic>
#include <map>
#include <memory>
#include <optional>

namespace tk {

class MatmulPythonLane;

// The engines of one sweep's lanes: a C++ lane times at::matmul in the calling thread
// (MatmulBench), a Python lane asks its own interpreter (MatmulPythonLane), started once for the
// whole sweep because importing torch takes seconds. The race's worker and the bench's matmul
// command both time their points through this; use it from one thread.
class MatmulLanes
{
public:
    explicit MatmulLanes(const MatmulSettings &settings);
    ~MatmulLanes();
    MatmulLanes(const MatmulLanes &) = delete;
    MatmulLanes &operator=(const MatmulLanes &) = delete;

    // Starts every Python lane's interpreter. False with *error (empty when cancelled).
    bool start(const std::atomic<bool> *cancel, QString *error);
    // Lane `lane` at size n, as MatmulBench::runPoint gives it.
    std::optional<MatmulResult> runPoint(int lane, int n, const std::atomic<bool> *cancel, QString *error);
    // The PyTorch of the Python lanes' interpreter; empty without a Python lane.
    QString pythonTorch() const;

private:
    MatmulSettings m_settings;
    std::map<int, std::unique_ptr<MatmulPythonLane>> m_python;
};

} // namespace tk
