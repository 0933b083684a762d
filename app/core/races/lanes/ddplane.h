#pragma once

#include "core/races/lanes/replicalane.h"

#include <QCoreApplication>

namespace tk {

// DistributedDataParallel: `ranks` Python processes, each on its shard of the global batch,
// averaging gradients with all-reduces over gloo (or NCCL on GPUs) on 127.0.0.1.
class DdpLane : public ReplicaLane
{
    Q_DECLARE_TR_FUNCTIONS(DdpLane)

public:
    QString id() const override;
    // "DDP × 2 · CPU": the contract's label (docs and the lesson name it so).
    QString label(const TrainLane &lane) const override;
    QString launcherParallel() const override { return QStringLiteral("ddp"); }

protected:
    QString checkProcesses(const TrainConfig &config, const TrainLane &lane) const override;
};

} // namespace tk
