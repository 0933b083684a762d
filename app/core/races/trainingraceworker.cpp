#include "core/races/trainingraceworker.h"

#include "core/devices/scopedthreads.h"
#include "core/races/lanes/traininglane.h"
#include "core/races/lanes/traininglanes.h"
#include "core/races/trainer.h"

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
    std::vector<std::unique_ptr<TrainingLaneRun>> runs;
    std::vector<bool> ownProcesses;
    for (int i = 0; i < lanes.size(); ++i) {
        const TrainingLane &kind = TrainingLanes::of(lanes.at(i).kind);
        auto run = kind.start(config, lanes.at(i), i);
        QString error;
        if (!run->prepare(context, &error))
            return BackgroundRun::Ending::failed(QStringLiteral("%1: %2").arg(lanes.at(i).label(), error));
        runs.push_back(std::move(run));
        ownProcesses.push_back(kind.ownProcesses());
    }
    context.flush();

    for (int first = 0; first < config.steps; first += kTurn) {
        for (int lane = 0; lane < int(runs.size()); ++lane) {
            LaneTurn turn{context, config, lane, first, std::min(config.steps, first + kTurn), pause};
            const bool own = ownProcesses[size_t(lane)] && first == 0; // its one turn
            if (own)
                *replicasTraining = true;
            const BackgroundRun::Ending e = runs[size_t(lane)]->train(turn);
            if (own)
                *replicasTraining = false;
            if (e.cancelled || !e.error.isEmpty())
                return e;
        }
    }
    return BackgroundRun::Ending::done();
}

} // namespace tk
