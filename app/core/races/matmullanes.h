#pragma once

#include "core/races/matmulresult.h"

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace tk {

class MatmulEngineLane;

// The engines of one sweep's lanes, one MatmulEngineLane per lane made by its engine (the one
// place an engine is chosen): a C++ lane times at::matmul in the calling thread, a Python lane
// asks its own interpreter, started once for the whole sweep because importing torch takes
// seconds. The race's worker and the bench's matmul command both time their points through
// this; use it from one thread.
class MatmulLanes
{
public:
    explicit MatmulLanes(const MatmulSettings &settings);
    ~MatmulLanes();
    MatmulLanes(const MatmulLanes &) = delete;
    MatmulLanes &operator=(const MatmulLanes &) = delete;

    // The engine that runs a lane of this kind.
    static std::unique_ptr<MatmulEngineLane> make(MatmulEngine engine);

    // Starts every lane's engine. False with *error (empty when cancelled).
    bool start(const std::atomic<bool> *cancel, QString *error);
    // Lane `lane` at size n, as MatmulBench::runPoint gives it.
    std::optional<MatmulResult> runPoint(int lane, int n, const std::atomic<bool> *cancel, QString *error);
    // The PyTorch of the Python lanes' interpreter; empty without a Python lane.
    QString pythonTorch() const;

private:
    MatmulSettings m_settings;
    std::vector<std::unique_ptr<MatmulEngineLane>> m_engines; // by lane, once started
};

} // namespace tk
