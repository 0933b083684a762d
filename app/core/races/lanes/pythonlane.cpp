#include "core/races/lanes/pythonlane.h"

#include "core/races/lanes/traininglanes.h"
#include "core/races/replicarun.h"

#include <QCoreApplication>

namespace tk {

QString PythonLane::id() const { return TrainingLanes::kPython; }

QString PythonLane::label(const TrainLane &lane) const
{
    return tr("Python · %1").arg(lane.device == QLatin1String("cpu") ? QStringLiteral("CPU") : lane.device);
}

QString PythonLane::pythonTwinOf() const { return TrainingLanes::kLibTorch; }

QString PythonLane::checkProcesses(const TrainConfig &, const TrainLane &lane) const
{
    return ReplicaRun::maxRanks(lane.device) < 1 ? tr("%1 needs a GPU; this machine has none.").arg(lane.device)
                                                 : QString();
}

} // namespace tk
