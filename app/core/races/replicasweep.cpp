#include "core/races/replicasweep.h"
#include "core/races/statistics.h"

#include "core/races/lanes/traininglane.h"
#include "core/races/replicarun.h"

#include <algorithm>

namespace tk {

namespace {

// The global batch must split evenly over the ranks: 128 on 3 ranks trains 126 a step (the
// samples per second are counted with the batch actually trained).
TrainConfig batchFor(TrainConfig c, int ranks)
{
    if (ranks > 0)
        c.batch = std::max(ranks, c.batch - c.batch % ranks);
    return c;
}

} // namespace

ReplicaSweep::ReplicaSweep(QObject *parent) : QObject(parent), m_run(QStringLiteral("tk-replica-sweep"), 0)
{
    qRegisterMetaType<tk::ReplicaSweepPoint>();
    connect(&m_run, &BackgroundRun::resultsReady, this, [this](const QVariantList &results) {
        for (const QVariant &v : results) {
            const auto p = v.value<ReplicaSweepPoint>();
            m_points << p;
            Q_EMIT pointReady(p);
        }
    });
    connect(&m_run, &BackgroundRun::progress, this, &ReplicaSweep::progress);
    connect(&m_run, &BackgroundRun::finished, this, &ReplicaSweep::finished);
}

ReplicaSweep::~ReplicaSweep() = default;

QList<int> ReplicaSweep::defaultRanks()
{
    QList<int> list;
    const int most = ReplicaRun::maxRanks(QStringLiteral("cpu"));
    for (int n = 1; n <= std::min(4, most); ++n)
        list << n;
    return list;
}

bool ReplicaSweep::start(const TrainConfig &config, const TrainLane &lane, const QList<int> &ranks, int steps,
                         QString *error)
{
    if (m_run.isRunning()) {
        *error = tr("A sweep is already running.");
        return false;
    }
    if (ranks.isEmpty()) {
        *error = tr("Choose at least one number of ranks.");
        return false;
    }
    TrainConfig c = config;
    c.steps = steps;
    c.gridEvery = 0;
    for (int n : ranks) { // every point checked before the first starts
        TrainLane l = lane;
        l.ranks = n;
        const QString why = TrainingLanes::of(l.kind).check(batchFor(c, n), l);
        if (!why.isEmpty()) {
            *error = why;
            return false;
        }
    }
    m_points.clear();
    return m_run.start([c, lane, ranks](BackgroundRun::Context &context) {
        int done = 0;
        for (int n : ranks) {
            ReplicaSweepPoint p;
            QString error;
            if (!measure(c, lane, n, &p, &error, context.cancelFlag()))
                return context.cancelled() ? BackgroundRun::Ending::stopped() : BackgroundRun::Ending::failed(error);
            context.post(QVariant::fromValue(p));
            context.progress(++done, int(ranks.size()));
        }
        return BackgroundRun::Ending::done();
    });
}

bool ReplicaSweep::measure(const TrainConfig &config, const TrainLane &lane, int ranks, ReplicaSweepPoint *point,
                           QString *error, const std::atomic<bool> *cancel)
{
    TrainLane l = lane;
    l.kind = TrainingLanes::kDdp;
    l.ranks = ranks;
    const TrainConfig c = batchFor(config, ranks);
    // The first steps pay for warming up (thread pools, gloo's buffers): medians, not means.
    QVector<double> step, allreduce;
    double lastLoss = 0;
    ReplicaRun::Callbacks cb;
    cb.step = [&](const ReplicaStep &s) {
        step << s.stepSeconds;
        allreduce << s.allreduceSeconds;
        lastLoss = s.loss;
    };
    ReplicaSummary summary;
    if (!ReplicaRun::run(c, l, cb, cancel, &summary, error))
        return false;
    ReplicaSweepPoint &p = *point;
    p = ReplicaSweepPoint{};
    p.ranks = ranks;
    p.stepSeconds = median(step);
    p.allreduceSeconds = median(allreduce);
    p.allreduceShare = p.stepSeconds > 0 ? std::clamp(p.allreduceSeconds / p.stepSeconds, 0.0, 1.0) : 0;
    p.samplesPerSecond = p.stepSeconds > 0 ? c.batch / p.stepSeconds : 0;
    p.allreduceBytes = summary.allreduceBytes;
    p.finalLoss = lastLoss;
    return true;
}

} // namespace tk
