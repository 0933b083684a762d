#include "core/races/workersweep.h"

#include "core/devices/deviceregistry.h"
#include "core/devices/torchthread.h"
#include "core/races/trainer.h"

namespace tk {

WorkerSweep::WorkerSweep(QObject *parent) : QObject(parent), m_run(QStringLiteral("tk-sweep"), 0)
{
    qRegisterMetaType<tk::WorkerSweepPoint>();
    connect(&m_run, &BackgroundRun::resultsReady, this, [this](const QVariantList &results) {
        for (const QVariant &v : results) {
            const auto p = v.value<WorkerSweepPoint>();
            m_points << p;
            Q_EMIT pointReady(p);
        }
    });
    connect(&m_run, &BackgroundRun::progress, this, &WorkerSweep::progress);
    connect(&m_run, &BackgroundRun::finished, this, &WorkerSweep::finished);
}

WorkerSweep::~WorkerSweep() = default;

QList<int> WorkerSweep::defaultWorkers()
{
    QList<int> list{0, 1, 2};
    const int most = std::max(4, 2 * DeviceRegistry::hardwareThreads());
    for (int n = 4; n <= most; n *= 2)
        list << n;
    return list;
}

bool WorkerSweep::measure(const TrainConfig &config, const TrainLane &lane, int laneIndex, int workers, int warmup,
                          int steps, WorkerSweepPoint *point, QString *error, const std::atomic<bool> *cancel)
{
    TrainConfig c = config;
    c.placement = TrainPlacement::DataLoader;
    c.workers = workers;
    c.gridEvery = 0;
    Trainer trainer(c, lane, laneIndex);
    if (!trainer.prepare(error))
        return false;
    TrainStep step;
    for (int i = 0; i < warmup; ++i)
        if ((cancel && cancel->load()) || !trainer.step(&step, error))
            return false;
    const double prepBefore = trainer.prepCpuSeconds();
    double waited = 0, total = 0;
    for (int i = 0; i < steps; ++i) {
        if ((cancel && cancel->load()) || !trainer.step(&step, error))
            return false;
        waited += step.waitSeconds;
        total += step.stepSeconds;
    }
    point->lane = laneIndex;
    point->workers = workers;
    point->waitFraction = total > 0 ? waited / total : 0;
    point->trainSeconds = total;
    point->samplesPerSecond = total > 0 ? double(steps) * std::min(c.batch, c.points) / total : 0;
    point->prepCpuSeconds = trainer.prepCpuSeconds() - prepBefore;
    point->finalLoss = step.loss;
    return true;
}

bool WorkerSweep::start(const TrainConfig &config, const QList<TrainLane> &lanes, const QList<int> &workers, int steps,
                        QString *error)
{
    if (m_run.isRunning()) {
        *error = tr("A sweep is already running.");
        return false;
    }
    // The checks ask LibTorch (pinned memory, "cuda" → an index): never on the GUI thread.
    const QString why = TorchThread::offGuiThread([&] {
        for (const TrainLane &lane : lanes) {
            TrainConfig c = config;
            c.placement = TrainPlacement::DataLoader;
            const QString problem = Trainer::checkPlacement(c, DeviceRegistry::resolve(lane.device));
            if (!problem.isEmpty())
                return problem;
        }
        return QString();
    });
    if (!why.isEmpty()) {
        *error = why;
        return false;
    }
    m_points.clear();
    return m_run.start([config, lanes, workers, steps](BackgroundRun::Context &context) {
        const int total = int(lanes.size() * workers.size());
        int done = 0;
        for (int l = 0; l < lanes.size(); ++l) {
            for (int n : workers) {
                WorkerSweepPoint point;
                QString error;
                if (!measure(config, lanes.at(l), l, n, std::max(3, steps / 10), steps, &point, &error,
                             context.cancelFlag()))
                    return context.cancelled() ? BackgroundRun::Ending::stopped()
                                               : BackgroundRun::Ending::failed(error);
                context.post(QVariant::fromValue(point));
                context.progress(++done, total);
            }
        }
        return BackgroundRun::Ending::done();
    });
}

} // namespace tk
