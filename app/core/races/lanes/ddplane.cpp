#include "core/races/lanes/ddplane.h"

#include "core/races/lanes/traininglanes.h"
#include "core/races/replicarun.h"

#include <QCoreApplication>

namespace tk {

QString DdpLane::id() const { return TrainingLanes::kDdp; }

QString DdpLane::label(const TrainLane &lane) const
{
    return tr("DDP × %1 · %2")
        .arg(lane.ranks)
        .arg(lane.device == QLatin1String("cpu") ? QStringLiteral("CPU") : lane.device);
}

QString DdpLane::checkProcesses(const TrainConfig &config, const TrainLane &lane) const
{
    const int most = ReplicaRun::maxRanks(lane.device);
    if (lane.ranks < 1 || lane.ranks > most)
        return most < 1 ? tr("DDP on %1 needs a GPU; this machine has none.").arg(lane.device)
                        : tr("DDP on %1 runs 1 to %2 ranks here, not %3.").arg(lane.device).arg(most).arg(lane.ranks);
    if (config.batch % lane.ranks != 0) {
        const int below = std::max(lane.ranks, config.batch - config.batch % lane.ranks);
        return tr("The global batch %1 does not split evenly over %2 ranks: use a multiple of %2 (%3 or %4).")
            .arg(config.batch)
            .arg(lane.ranks)
            .arg(below)
            .arg(below + lane.ranks);
    }
    return {};
}

} // namespace tk
