#include "trainingrace.h"

#include "deviceregistry.h"
#include "trainingraceworker.h"

#include <cmath>

namespace tk {

TrainingRace::TrainingRace(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<tk::TrainConfig>();
    qRegisterMetaType<tk::TrainStep>();
    qRegisterMetaType<QList<tk::TrainStep>>();
    qRegisterMetaType<tk::DecisionGrid>();
    qRegisterMetaType<QVector<float>>();
    m_thread.setObjectName(QStringLiteral("training-race"));
    m_worker = new TrainingRaceWorker(&m_cancel, &m_pause);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TrainingRaceWorker::stepsReady, this,
            [this](const QList<TrainStep> &steps) {
                for (const TrainStep &s : steps)
                    if (s.lane >= 0 && s.lane < m_steps.size())
                        m_steps[s.lane] << s;
                if (!steps.isEmpty())
                    Q_EMIT stepsReady(steps);
            },
            Qt::QueuedConnection);
    connect(m_worker, &TrainingRaceWorker::decisionReady, this, &TrainingRace::decisionReady,
            Qt::QueuedConnection);
    connect(m_worker, &TrainingRaceWorker::datasetReady, this, &TrainingRace::datasetReady,
            Qt::QueuedConnection);
    connect(m_worker, &TrainingRaceWorker::finished, this,
            [this](bool cancelled, const QString &error) {
                m_running = false;
                m_pause = false;
                Q_EMIT finished(cancelled, error);
            },
            Qt::QueuedConnection);
    m_thread.start();
}

TrainingRace::~TrainingRace()
{
    m_cancel = true;
    m_pause = false;
    m_thread.quit();
    m_thread.wait();
}

bool TrainingRace::start(const TrainConfig &config, const QList<TrainLane> &lanes, QString *error)
{
    if (m_running) {
        *error = tr("A training race is already running.");
        return false;
    }
    if (lanes.isEmpty()) {
        *error = tr("Choose at least one device to train on.");
        return false;
    }
    for (const TrainLane &l : lanes) {
        bool found = false;
        const DeviceInfo d = DeviceRegistry::device(l.device, &found);
        if (!found || d.isMeta()) {
            *error = d.isMeta() ? tr("The meta device has no values, so nothing can be learned there.")
                                : tr("The device “%1” is not available here.").arg(l.device);
            return false;
        }
    }
    m_config = config;
    m_lanes = lanes;
    m_steps = QList<QList<TrainStep>>(lanes.size());
    m_cancel = false;
    m_pause = false;
    m_running = true;
    QMetaObject::invokeMethod(m_worker, [w = m_worker, config, lanes] { w->run(config, lanes); },
                              Qt::QueuedConnection);
    return true;
}

void TrainingRace::cancel()
{
    m_cancel = true;
    m_pause = false;
}

void TrainingRace::setPaused(bool paused) { m_pause = paused; }

int TrainingRace::agreeingDigits(double a, double b)
{
    if (a == b)
        return 17;
    const double scale = std::max(std::fabs(a), std::fabs(b));
    if (scale == 0 || !std::isfinite(a) || !std::isfinite(b))
        return 0;
    const double rel = std::fabs(a - b) / scale;
    return std::clamp(int(std::floor(-std::log10(rel))), 0, 16);
}

double TrainingRace::timeToTarget(const QList<TrainStep> &steps, double target)
{
    for (const TrainStep &s : steps)
        if (s.loss <= target)
            return s.wallSeconds;
    return -1;
}

} // namespace tk
