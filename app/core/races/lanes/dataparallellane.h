#pragma once

#include "core/races/lanes/replicalane.h"

#include <QCoreApplication>

namespace tk {

// nn.DataParallel in one Python process over every GPU: the model replicated onto each GPU
// every step, the batch scattered, the gradients gathered back on the first.
class DataParallelLane : public ReplicaLane
{
    Q_DECLARE_TR_FUNCTIONS(DataParallelLane)

public:
    QString id() const override;
    QString label(const TrainLane &lane) const override;
    QString launcherParallel() const override { return QStringLiteral("dp"); }
    int processes(const TrainLane &) const override { return 1; } // one process, one stream

protected:
    // Nothing here: the launcher says when there are not two GPUs.
    QString checkProcesses(const TrainConfig &, const TrainLane &) const override { return {}; }
};

} // namespace tk
