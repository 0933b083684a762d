#include "core/races/lanes/replicalane.h"

#include "core/races/replicarun.h"

#include <QCoreApplication>

namespace tk {

namespace {

// The launcher's run, whole in the lane's first turn: its processes cannot be parked between
// turns. Posts the ranks' summary when they connect, every 25 steps and at the end, each step
// as the ranks send it, and the picture the launcher drew from its model.
class ReplicaLaneRun : public TrainingLaneRun
{
public:
    ReplicaLaneRun(const TrainConfig &config, const TrainLane &lane, int index)
        : m_config(config), m_lane(lane), m_index(index)
    { }

    bool prepare(BackgroundRun::Context &, QString *) override { return true; } // the launcher prepares

    BackgroundRun::Ending train(LaneTurn &turn) override
    {
        if (turn.first > 0)
            return BackgroundRun::Ending::done(); // its whole run was its first turn
        BackgroundRun::Context &context = turn.context;
        QList<ReplicaInfo> ranks;
        QList<ReplicaStep> steps;
        QString notice;
        double wall = 0;
        const auto postSummary
            = [&] { context.post(QVariant::fromValue(ReplicaRun::summarize(m_index, ranks, steps, notice))); };
        ReplicaRun::Callbacks cb;
        cb.ranksReady = [&](const QList<ReplicaInfo> &r) {
            ranks = r;
            postSummary();
        };
        cb.notice = [&](const QString &text) { notice = text; };
        cb.step = [&](const ReplicaStep &s) {
            steps << s;
            wall += s.stepSeconds;
            TrainStep t;
            t.lane = m_index;
            t.step = s.step;
            t.loss = s.loss;
            t.stepSeconds = s.stepSeconds;
            t.wallSeconds = wall;
            t.samplesPerSecond = s.stepSeconds > 0 ? m_config.batch / s.stepSeconds : 0;
            t.allreduceSeconds = s.allreduceSeconds;
            t.allreduceBytes = s.allreduceBytes;
            t.ranks = int(s.ranks.size());
            context.post(QVariant::fromValue(t));
            if (s.step % LaneTurn::kSteps == 0) // as often as the C++ lanes' turns end
                postSummary();
        };
        ReplicaSummary summary;
        QString error;
        const bool ok = ReplicaRun::run(m_config, m_lane, cb, context.cancelFlag(), &summary, &error);
        if (ok) {
            // The launcher's own figures (its PyTorch, torch.optim's implementation) and, drawn by
            // its process from its model, what the lane learned.
            summary.lane = m_index;
            context.post(QVariant::fromValue(summary));
            const int size = m_config.gridSize;
            if (summary.decision.size() == size * size && size > 1) {
                DecisionGrid grid;
                grid.lane = m_index;
                grid.step = m_config.steps;
                grid.size = size;
                grid.probability = summary.decision;
                context.post(QVariant::fromValue(grid));
            }
        } else {
            postSummary();
        }
        if (context.cancelled())
            return BackgroundRun::Ending::stopped();
        return ok ? BackgroundRun::Ending::done() : BackgroundRun::Ending::failed(error);
    }

private:
    TrainConfig m_config;
    TrainLane m_lane;
    int m_index = 0;
};

} // namespace

QString ReplicaLane::check(const TrainConfig &config, const TrainLane &lane) const
{
    if (config.steps < 1)
        return tr("A lane needs at least one step.");
    const QString why = checkProcesses(config, lane);
    if (!why.isEmpty())
        return why;
    if (ReplicaRun::packageDir().isEmpty())
        return tr("The tensorkitchen package is not installed beside this app.");
    return {};
}

std::unique_ptr<TrainingLaneRun> ReplicaLane::start(const TrainConfig &config, const TrainLane &lane, int index) const
{
    return std::make_unique<ReplicaLaneRun>(config, lane, index);
}

} // namespace tk
