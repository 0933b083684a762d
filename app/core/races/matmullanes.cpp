#include "core/races/matmullanes.h"

#include "core/races/lanes/libtorchmatmullane.h"
#include "core/races/lanes/matmulpythonlane.h"

namespace tk {

MatmulLanes::MatmulLanes(const MatmulSettings &settings) : m_settings(settings) { }

MatmulLanes::~MatmulLanes() = default; // every interpreter ends with the sweep, however it ends

std::unique_ptr<MatmulEngineLane> MatmulLanes::make(MatmulEngine engine)
{
    switch (engine) {
    case MatmulEngine::Python:
        return std::make_unique<MatmulPythonLane>();
    case MatmulEngine::LibTorch:
        break;
    }
    return std::make_unique<LibTorchMatmulLane>();
}

bool MatmulLanes::start(const std::atomic<bool> *cancel, QString *error)
{
    m_engines.clear();
    for (const MatmulLane &lane : std::as_const(m_settings.lanes)) {
        auto engine = make(lane.engine);
        if (!engine->start(lane, cancel, error))
            return false;
        m_engines.push_back(std::move(engine));
    }
    return true;
}

std::optional<MatmulResult> MatmulLanes::runPoint(int lane, int n, const std::atomic<bool> *cancel, QString *error)
{
    if (lane < 0 || size_t(lane) >= m_engines.size()) {
        *error = QStringLiteral("No lane %1 was started.").arg(lane); // a caller's mistake, not a user's
        return std::nullopt;
    }
    return m_engines[size_t(lane)]->runPoint(m_settings.lanes.at(lane), lane, n, m_settings.dtype,
                                             m_settings.minRunTime, cancel, error);
}

QString MatmulLanes::pythonTorch() const
{
    for (const auto &engine : m_engines)
        if (!engine->torchVersion().isEmpty())
            return engine->torchVersion();
    return {};
}

} // namespace tk
