#include "core/races/matmullanes.h"

#include "core/races/matmulbench.h"
#include "core/races/matmulpythonlane.h"

namespace tk {

MatmulLanes::MatmulLanes(const MatmulSettings &settings) : m_settings(settings) { }

MatmulLanes::~MatmulLanes() = default; // every interpreter ends with the sweep, however it ends

bool MatmulLanes::start(const std::atomic<bool> *cancel, QString *error)
{
    for (int i = 0; i < m_settings.lanes.size(); ++i) {
        if (m_settings.lanes.at(i).engine != MatmulEngine::Python)
            continue;
        auto lane = std::make_unique<MatmulPythonLane>();
        if (!lane->start(m_settings.lanes.at(i), cancel, error))
            return false;
        m_python[i] = std::move(lane);
    }
    return true;
}

std::optional<MatmulResult> MatmulLanes::runPoint(int lane, int n, const std::atomic<bool> *cancel, QString *error)
{
    const auto python = m_python.find(lane);
    if (python != m_python.end())
        return python->second->runPoint(lane, n, m_settings.dtype, m_settings.minRunTime, cancel, error);
    return MatmulBench::runPoint(m_settings.lanes.at(lane), lane, n, m_settings.dtype, m_settings.minRunTime, cancel,
                                 error);
}

QString MatmulLanes::pythonTorch() const
{
    return m_python.empty() ? QString() : m_python.begin()->second->torchVersion();
}

} // namespace tk
