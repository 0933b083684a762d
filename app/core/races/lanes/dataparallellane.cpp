#include "core/races/lanes/dataparallellane.h"

#include "core/races/lanes/traininglanes.h"

#include <QCoreApplication>

namespace tk {

QString DataParallelLane::id() const { return TrainingLanes::kDataParallel; }

QString DataParallelLane::label(const TrainLane &lane) const { return tr("DataParallel · %1").arg(lane.device); }

} // namespace tk
