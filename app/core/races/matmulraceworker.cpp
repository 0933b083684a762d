#include "matmulraceworker.h"

#include "deviceregistry.h"
#include "matmulbench.h"

namespace tk {

void MatmulRaceWorker::run(const MatmulSettings &settings)
{
    for (const MatmulLane &lane : settings.lanes) {
        const QString unsupported = MatmulBench::probeSupport(lane.device, settings.dtype);
        if (!unsupported.isEmpty()) {
            Q_EMIT finished(false, unsupported);
            return;
        }
    }
    const int total = int(settings.sizes.size() * settings.lanes.size());
    int done = 0;
    Q_EMIT progress(0, total);
    // Size by size, every lane in turn, so all curves grow together on the chart.
    for (int n : settings.sizes) {
        for (int i = 0; i < settings.lanes.size(); ++i) {
            if (m_cancel->load()) {
                DeviceRegistry::applyThreads();
                Q_EMIT finished(true, {});
                return;
            }
            QString error;
            auto r = MatmulBench::runPoint(settings.lanes.at(i), i, n, settings.dtype,
                                           settings.minRunTime, m_cancel, &error);
            if (!r) {
                DeviceRegistry::applyThreads();
                Q_EMIT finished(error.isEmpty(), error);
                return;
            }
            r->point = ++done;
            r->points = total;
            Q_EMIT pointReady(*r);
            Q_EMIT progress(done, total);
        }
    }
    DeviceRegistry::applyThreads(); // back to all cores for the kitchen
    Q_EMIT finished(false, {});
}

} // namespace tk
