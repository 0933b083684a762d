#include "core/races/trainingrace.h"

#include "core/devices/torchthread.h"
#include "core/races/lanes/traininglane.h"
#include "core/races/lanes/traininglanes.h"
#include "core/races/statistics.h"
#include "core/races/trainingraceworker.h"

#include <algorithm>
#include <cmath>

namespace tk {

TrainingRace::TrainingRace(QObject *parent)
    : QObject(parent), m_run(QStringLiteral("training-race"), 50) // steps about 20 times a second
{
    qRegisterMetaType<tk::TrainConfig>();
    qRegisterMetaType<tk::TrainStep>();
    qRegisterMetaType<QList<tk::TrainStep>>();
    qRegisterMetaType<tk::DecisionGrid>();
    qRegisterMetaType<tk::TrainLoad>();
    qRegisterMetaType<tk::MachineLoad>();
    qRegisterMetaType<QVector<float>>();
    qRegisterMetaType<tk::ReplicaSummary>();
    connect(&m_run, &BackgroundRun::resultsReady, this, &TrainingRace::onResults);
    connect(&m_run, &BackgroundRun::finished, this, [this](bool cancelled, const QString &error) {
        m_pause = false;
        m_replicasTraining = false;
        Q_EMIT finished(cancelled, error);
    });
}

TrainingRace::~TrainingRace()
{
    m_pause = false; // m_run's destructor cancels; a paused lane must not sleep through it
}

// One batch, in the order the worker posted it: runs of steps, with the pictures between them.
void TrainingRace::onResults(const QVariantList &results)
{
    QList<TrainStep> steps;
    const auto sendSteps = [&] {
        for (const TrainStep &s : std::as_const(steps))
            if (s.lane >= 0 && s.lane < m_steps.size())
                m_steps[s.lane] << s;
        if (!steps.isEmpty())
            Q_EMIT stepsReady(steps);
        steps.clear();
    };
    for (const QVariant &r : results) {
        if (r.metaType() == QMetaType::fromType<TrainStep>()) {
            steps << r.value<TrainStep>();
            continue;
        }
        if (r.metaType() == QMetaType::fromType<TrainLoad>()) { // no picture: steps stay batched
            const TrainLoad l = r.value<TrainLoad>();
            if (l.lane >= 0 && l.lane < m_loads.size()) {
                m_loads[l.lane] = m_loads[l.lane].merged(l.load);
                Q_EMIT machineLoadReady(cpuLoad());
            }
            continue;
        }
        if (r.metaType() == QMetaType::fromType<ReplicaSummary>()) {
            sendSteps(); // the steps it sums up come first
            Q_EMIT replicasChanged(r.value<ReplicaSummary>());
            continue;
        }
        sendSteps();
        if (r.metaType() == QMetaType::fromType<DecisionGrid>())
            Q_EMIT decisionReady(r.value<DecisionGrid>());
        else if (r.metaType() == QMetaType::fromType<QVector<float>>())
            Q_EMIT datasetReady(r.value<QVector<float>>());
    }
    sendSteps();
}

bool TrainingRace::start(const TrainConfig &config, const QList<TrainLane> &lanes, QString *error)
{
    if (m_run.isRunning()) {
        *error = tr("A training race is already running.");
        return false;
    }
    if (lanes.isEmpty()) {
        *error = tr("Choose at least one device to train on.");
        return false;
    }
    const QString problem = TorchThread::offGuiThread([&] {
        for (const TrainLane &l : lanes) {
            const TrainingLane *kind = TrainingLanes::find(l.kind);
            if (!kind)
                return tr("No lane of the kind “%1” is known here.").arg(l.kind);
            const QString why = kind->check(config, l);
            if (!why.isEmpty())
                return why;
        }
        return QString();
    });
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    m_config = config;
    m_lanes = lanes;
    m_steps = QList<QList<TrainStep>>(lanes.size());
    m_loads = QList<MachineLoad>(lanes.size());
    m_pause = false;
    m_replicasTraining = false;
    return m_run.start(
        [config, lanes, pause = &m_pause, replicas = &m_replicasTraining](BackgroundRun::Context &context) {
            return TrainingRaceWorker::run(context, config, lanes, pause, replicas);
        });
}

void TrainingRace::cancel()
{
    m_run.cancel();
    m_pause = false;
}

void TrainingRace::setPaused(bool paused) { m_pause = paused; }

MachineLoad TrainingRace::cpuLoad() const
{
    MachineLoad all;
    for (int i = 0; i < m_loads.size() && i < m_lanes.size(); ++i)
        if (m_lanes.at(i).device == QLatin1String("cpu"))
            all = all.merged(m_loads.at(i));
    return all;
}

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

double TrainingRace::medianStepSeconds(const QList<TrainStep> &steps)
{
    QVector<double> s;
    s.reserve(steps.size());
    for (const TrainStep &t : steps)
        s << t.stepSeconds;
    return median(s);
}

double TrainingRace::timeToTarget(const QList<TrainStep> &steps, double target)
{
    for (const TrainStep &s : steps)
        if (s.loss <= target)
            return s.wallSeconds;
    return -1;
}

} // namespace tk
