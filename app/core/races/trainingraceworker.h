#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/lanes/traininglane.h"
#include "core/races/trainconfig.h"

#include <atomic>

namespace tk {

// Trains every lane of the race in turn, kTurn steps each, on TrainingRace's thread (its
// BackgroundRun): one lane's step never shares the cores with another's, so each step's time is
// its own. Turns of several steps, not one: switching the CPU's thread count between lanes every
// step wakes and parks thread pools each time and slows the many-thread lane several-fold
// (measured here). Posts the dataset (QVector<float>) first; each lane's kind (TrainingLane)
// prepares it and trains its turns, posting its steps, pictures and load, which the run batches
// about 20 times a second. A lane of processes of its own trains all its steps in its first turn;
// `replicasTraining` is set meanwhile (no pause then).
class TrainingRaceWorker
{
public:
    static constexpr int kTurn = LaneTurn::kSteps;
    static BackgroundRun::Ending run(BackgroundRun::Context &context, const TrainConfig &config,
                                     const QList<TrainLane> &lanes,
                                     const std::atomic<bool> *pause, // owned by TrainingRace
                                     std::atomic<bool> *replicasTraining);
};

} // namespace tk
