#pragma once

#include "core/races/lanes/traininglane.h"

#include <QCoreApplication>

namespace tk {

// The LibTorch C++ lane: this process trains the model with autograd and torch::optim on one
// device (Trainer), turn by turn with the race's other lanes, at the lane's thread count.
class LibTorchLane : public TrainingLane
{
    Q_DECLARE_TR_FUNCTIONS(LibTorchLane)

public:
    QString id() const override;
    QString label(const TrainLane &lane) const override;
    bool ownProcesses() const override { return false; }
    QString check(const TrainConfig &config, const TrainLane &lane) const override;
    std::unique_ptr<TrainingLaneRun> start(const TrainConfig &config, const TrainLane &lane, int index) const override;
};

} // namespace tk
