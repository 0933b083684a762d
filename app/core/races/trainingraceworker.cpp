#include "core/races/trainingraceworker.h"

#include "core/devices/scopedthreads.h"
#include "core/races/replicarun.h"
#include "core/races/trainer.h"

#include <QThread>
#include <memory>
#include <vector>

namespace tk {

BackgroundRun::Ending TrainingRaceWorker::run(BackgroundRun::Context &context, const TrainConfig &config,
                                              const QList<TrainLane> &lanes, const std::atomic<bool> *pause,
                                              std::atomic<bool> *replicasTraining)
{
    // Each lane sets its threads per step; every way out of here gives all cores back.
    const ScopedThreads threads;
    context.post(QVariant::fromValue(Trainer::datasetPoints(config)));
    context.flush(); // the points are drawn while the lanes prepare
    std::vector<std::unique_ptr<Trainer>> trainers;
    for (int i = 0; i < lanes.size(); ++i) {
        if (lanes.at(i).parallel != LaneParallel::None) { // trained by its own processes
            trainers.push_back(nullptr);
            continue;
        }
        auto t = std::make_unique<Trainer>(config, lanes.at(i), i);
        QString error;
        if (!t->prepare(&error))
            return BackgroundRun::Ending::failed(QStringLiteral("%1: %2").arg(lanes.at(i).label(), error));
        trainers.push_back(std::move(t));
    }
    for (auto &t : trainers)
        if (t)
            context.post(QVariant::fromValue(t->decision()));
    context.flush();

    for (int first = 0; first < config.steps; first += kTurn) {
        const int last = std::min(config.steps, first + kTurn);
        for (int lane = 0; lane < int(trainers.size()); ++lane) {
            auto &t = trainers[size_t(lane)];
            if (!t) {
                if (first > 0)
                    continue; // its whole run was its first turn
                const BackgroundRun::Ending e = runReplicas(context, config, lanes.at(lane), lane, replicasTraining);
                if (e.cancelled || !e.error.isEmpty())
                    return e;
                continue;
            }
            // Who else used the cores during this lane's turn; a pause is left out.
            MachineLoad::Probe load;
            const auto postLoad = [&] { context.post(QVariant::fromValue(TrainLoad{lane, load.take()})); };
            for (int s = first; s < last; ++s) {
                if (pause->load()) {
                    postLoad();
                    while (pause->load() && !context.cancelled())
                        QThread::msleep(20);
                    load.restart();
                }
                if (context.cancelled()) {
                    postLoad();
                    return BackgroundRun::Ending::stopped(); // the steps so far still arrive
                }
                TrainStep step;
                QString error;
                if (!t->step(&step, &error))
                    return BackgroundRun::Ending::failed(error);
                context.post(QVariant::fromValue(step));
                // The picture is drawn outside the timed step: it costs the lane nothing.
                if (config.gridEvery > 0 && (step.step % config.gridEvery == 0 || step.step == config.steps))
                    context.post(QVariant::fromValue(t->decision()));
            }
            postLoad();
        }
    }
    return BackgroundRun::Ending::done();
}

BackgroundRun::Ending TrainingRaceWorker::runReplicas(BackgroundRun::Context &context, const TrainConfig &config,
                                                      const TrainLane &lane, int laneIndex,
                                                      std::atomic<bool> *replicasTraining)
{
    QList<ReplicaInfo> ranks;
    QList<ReplicaStep> steps;
    QString notice;
    double wall = 0;
    const auto postSummary
        = [&] { context.post(QVariant::fromValue(ReplicaRun::summarize(laneIndex, ranks, steps, notice))); };
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
        t.lane = laneIndex;
        t.step = s.step;
        t.loss = s.loss;
        t.stepSeconds = s.stepSeconds;
        t.wallSeconds = wall;
        t.samplesPerSecond = s.stepSeconds > 0 ? config.batch / s.stepSeconds : 0;
        t.allreduceSeconds = s.allreduceSeconds;
        t.allreduceBytes = s.allreduceBytes;
        t.ranks = int(s.ranks.size());
        context.post(QVariant::fromValue(t));
        if (s.step % kTurn == 0)
            postSummary();
    };
    *replicasTraining = true;
    ReplicaSummary summary;
    QString error;
    const bool ok = ReplicaRun::run(config, lane, cb, context.cancelFlag(), &summary, &error);
    *replicasTraining = false;
    if (ok) {
        // The launcher's own figures (its PyTorch, torch.optim's implementation) and, drawn by
        // its process from its model, what the lane learned.
        summary.lane = laneIndex;
        context.post(QVariant::fromValue(summary));
        if (summary.decision.size() == config.gridSize * config.gridSize && config.gridSize > 1) {
            DecisionGrid grid;
            grid.lane = laneIndex;
            grid.step = config.steps;
            grid.size = config.gridSize;
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

} // namespace tk
