#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/trainconfig.h"

#include <QString>
#include <atomic>
#include <memory>

namespace tk {

// One turn of one lane in the training race, on the race's thread: steps first+1 … last, posted
// through `context` (TrainStep, DecisionGrid, and for a lane of this process the TrainLoad of its
// turn). A lane checks context.cancelled() and `pause` between its steps.
struct LaneTurn
{
    // Steps a turn holds (the last may hold fewer; TrainingRaceWorker says why several).
    static constexpr int kSteps = 25;

    BackgroundRun::Context &context;
    const TrainConfig &config;
    int lane = 0; // its index in the race
    int first = 0;
    int last = 0;
    const std::atomic<bool> *pause = nullptr; // owned by TrainingRace; never null in a race
};

// A lane made ready to train, for one race. Lives on the race's thread.
class TrainingLaneRun
{
public:
    virtual ~TrainingLaneRun() = default;
    // Builds what the lane trains (data, model, model.to(device)) before any lane's first step,
    // and posts its first picture if it has one. False with the reason.
    virtual bool prepare(BackgroundRun::Context &context, QString *error) = 0;
    // One turn. A lane of processes of its own trains every step in its first turn and nothing
    // in the later ones (TrainingLane::ownProcesses).
    virtual BackgroundRun::Ending train(LaneTurn &turn) = 0;
};

// One kind of lane of the training race: who trains the model (this process's LibTorch, a
// Python process, DDP ranks, nn.DataParallel), what it needs to run here, and its run. The race,
// the panels and the bench ask a lane's kind (TrainingLanes::of); none of them tests which kind
// it is. Registered in TrainingLanes; a kind is stateless and shared by every thread.
class TrainingLane
{
public:
    virtual ~TrainingLane() = default;

    // The kind's id in TrainLane::kind, the settings and a receipt's "engine": "libtorch",
    // "python", "ddp", "dp".
    virtual QString id() const = 0;
    // The lane's name on the charts and in the summary: "cpu · 2 threads", "DDP × 2 · CPU".
    virtual QString label(const TrainLane &lane) const = 0;
    // Trained by processes of its own: it trains every step in its first turn (its processes
    // cannot be parked between turns, so the race cannot pause meanwhile), what the machine did
    // during its turn is not this process's load, and its ranks show under the charts. False:
    // trained here, turn by turn with the others, its data waits measured.
    virtual bool ownProcesses() const = 0;
    // Whether its ranks all-reduce gradients: its steps carry all-reduce seconds and bytes.
    virtual bool allReduces() const { return false; }
    // The kind whose lane on the same device this one is Python's twin of: its step beside that
    // lane's is what Python costs a step. Empty for most.
    virtual QString pythonTwinOf() const { return {}; }
    // Why `lane` cannot train `config` here (a device missing, ranks out of range, a batch that
    // does not split), or empty. Off the GUI thread: it may ask LibTorch.
    virtual QString check(const TrainConfig &config, const TrainLane &lane) const = 0;
    // The run of lane number `index` of a race. Called on the race's thread after check().
    virtual std::unique_ptr<TrainingLaneRun> start(const TrainConfig &config, const TrainLane &lane,
                                                   int index) const = 0;
};

} // namespace tk
