#include "core/races/matmulrace.h"

#include "core/devices/torchthread.h"

#include "core/races/matmulbench.h"
#include "core/races/matmulraceworker.h"

namespace tk {

MatmulRace::MatmulRace(QObject *parent)
    : QObject(parent), m_run(QStringLiteral("matmul-race"), 0) // each point as soon as it is timed
{
    qRegisterMetaType<tk::MatmulResult>();
    qRegisterMetaType<tk::MatmulSettings>();
    connect(&m_run, &BackgroundRun::resultsReady, this, [this](const QVariantList &points) {
        for (const QVariant &p : points) {
            const MatmulResult r = p.value<MatmulResult>();
            m_results << r;
            Q_EMIT pointReady(r);
        }
    });
    connect(&m_run, &BackgroundRun::progress, this, &MatmulRace::progress);
    connect(&m_run, &BackgroundRun::finished, this, &MatmulRace::finished);
}

MatmulRace::~MatmulRace() = default;

bool MatmulRace::start(const MatmulSettings &settings, QString *error)
{
    if (m_run.isRunning()) {
        *error = tr("A race is already running.");
        return false;
    }
    const QString problem = TorchThread::offGuiThread([&] { return MatmulBench::checkSettings(settings); });
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    m_settings = settings;
    m_results.clear();
    return m_run.start(
        [settings](BackgroundRun::Context &context) { return MatmulRaceWorker::run(context, settings); });
}

} // namespace tk
