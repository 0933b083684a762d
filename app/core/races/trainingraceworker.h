#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/trainconfig.h"

#include <atomic>

namespace tk {

// Trains every lane of the race in turn, kTurn steps each, on TrainingRace's thread (its
// BackgroundRun): one lane's step never shares the cores with another's, so each step's time is
// its own. Turns of several steps, not one: switching the CPU's thread count between lanes every
// step wakes and parks thread pools each time and slows the many-thread lane several-fold
// (measured here). Posts, in order: the dataset (QVector<float>), decision pictures
// (DecisionGrid), steps (TrainStep) and, after each turn, what other processes used meanwhile
// (TrainLoad), which the run batches about 20 times a second. A DDP lane trains all its steps
// in its first turn (its processes cannot be parked between turns; ReplicaRun) and posts its
// ReplicaSummary when its ranks connect, every kTurn steps and at its end; `replicasTraining`
// is set meanwhile (no pause then). Its ranks are other processes: no TrainLoad for its turn.
class TrainingRaceWorker
{
public:
    static constexpr int kTurn = 25;
    static BackgroundRun::Ending run(BackgroundRun::Context &context, const TrainConfig &config,
                                     const QList<TrainLane> &lanes,
                                     const std::atomic<bool> *pause, // owned by TrainingRace
                                     std::atomic<bool> *replicasTraining);

private:
    static BackgroundRun::Ending runReplicas(BackgroundRun::Context &context, const TrainConfig &config,
                                             const TrainLane &lane, int laneIndex, std::atomic<bool> *replicasTraining);
};

} // namespace tk
