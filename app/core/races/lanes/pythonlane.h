#pragma once

#include "core/races/lanes/replicalane.h"

#include <QCoreApplication>

namespace tk {

// One Python process with PyTorch trains the same model, data and optimizer (--parallel none):
// what a plain training script gets. Beside the LibTorch lane on the same device, the gap is
// what Python costs a step.
class PythonLane : public ReplicaLane
{
    Q_DECLARE_TR_FUNCTIONS(PythonLane)

public:
    QString id() const override;
    QString label(const TrainLane &lane) const override;
    QString pythonTwinOf() const override;
    QString launcherParallel() const override { return QStringLiteral("none"); }
    int processes(const TrainLane &) const override { return 1; }
    bool allReduces() const override { return false; }

protected:
    QString checkProcesses(const TrainConfig &config, const TrainLane &lane) const override;
};

} // namespace tk
