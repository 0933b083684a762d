#include "core/races/matmulraceworker.h"

#include "core/devices/scopedthreads.h"
#include "core/races/matmulbench.h"
#include "core/races/matmullanes.h"

namespace tk {

BackgroundRun::Ending MatmulRaceWorker::run(BackgroundRun::Context &context, const MatmulSettings &settings)
{
    // Each point sets its lane's threads; every way out of here gives all cores back.
    const ScopedThreads threads;
    for (const MatmulLane &lane : settings.lanes) {
        const QString unsupported = MatmulBench::probeSupport(lane.device, settings.dtype);
        if (!unsupported.isEmpty())
            return BackgroundRun::Ending::failed(unsupported);
    }
    MatmulLanes lanes(settings);
    if (QString error; !lanes.start(context.cancelFlag(), &error))
        return {error.isEmpty(), error};
    const int total = int(settings.sizes.size() * settings.lanes.size());
    int done = 0;
    context.progress(0, total);
    // Size by size, every lane in turn, so all curves grow together on the chart.
    for (int n : settings.sizes) {
        for (int i = 0; i < settings.lanes.size(); ++i) {
            if (context.cancelled())
                return BackgroundRun::Ending::stopped();
            QString error;
            auto r = lanes.runPoint(i, n, context.cancelFlag(), &error);
            if (!r)
                return {error.isEmpty(), error};
            r->point = ++done;
            r->points = total;
            context.post(QVariant::fromValue(*r));
            context.progress(done, total);
        }
    }
    return BackgroundRun::Ending::done();
}

} // namespace tk
