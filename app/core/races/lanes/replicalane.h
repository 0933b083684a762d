#pragma once

#include "core/races/lanes/traininglane.h"

#include <QCoreApplication>

namespace tk {

// A lane that Python trains in processes of its own: the launcher `python -m
// tensorkitchen.replicas` (ReplicaRun) with the kind's --parallel, its steps and pictures
// streamed back over a private socket. Python, DDP and nn.DataParallel are its kinds.
class ReplicaLane : public TrainingLane
{
    Q_DECLARE_TR_FUNCTIONS(ReplicaLane)

public:
    bool ownProcesses() const override { return true; }
    bool allReduces() const override { return true; }
    // The steps, the package beside the app, then checkProcesses().
    QString check(const TrainConfig &config, const TrainLane &lane) const final;
    std::unique_ptr<TrainingLaneRun> start(const TrainConfig &config, const TrainLane &lane, int index) const final;

    // The launcher's --parallel: "none", "ddp", "dp".
    virtual QString launcherParallel() const = 0;
    // The processes the launcher starts, each a rank that says hello and sends its steps.
    virtual int processes(const TrainLane &lane) const { return std::max(1, lane.ranks); }

protected:
    // What this kind needs here beyond a step and the package: ranks in range, a GPU.
    virtual QString checkProcesses(const TrainConfig &config, const TrainLane &lane) const = 0;
};

} // namespace tk
