#include "core/races/matmulraceworker.h"

#include "core/devices/scopedthreads.h"
#include "core/races/matmulbench.h"
#include "core/races/matmulpythonlane.h"

#include <map>
#include <memory>

namespace tk {

BackgroundRun::Ending MatmulRaceWorker::run(BackgroundRun::Context &context,
                                            const MatmulSettings &settings)
{
    // Each point sets its lane's threads; every way out of here gives all cores back.
    const ScopedThreads threads;
    // Python lanes: one interpreter each, started before the first point (importing torch
    // takes seconds) and ended with the race, however it ends.
    std::map<int, std::unique_ptr<MatmulPythonLane>> python;
    for (int i = 0; i < settings.lanes.size(); ++i) {
        const MatmulLane &lane = settings.lanes.at(i);
        const QString unsupported = MatmulBench::probeSupport(lane.device, settings.dtype);
        if (!unsupported.isEmpty())
            return BackgroundRun::Ending::failed(unsupported);
        if (lane.engine == MatmulEngine::Python) {
            auto p = std::make_unique<MatmulPythonLane>();
            QString error;
            if (!p->start(lane, context.cancelFlag(), &error))
                return {error.isEmpty(), error};
            python[i] = std::move(p);
        }
    }
    const int total = int(settings.sizes.size() * settings.lanes.size());
    int done = 0;
    context.progress(0, total);
    // Size by size, every lane in turn, so all curves grow together on the chart.
    for (int n : settings.sizes) {
        for (int i = 0; i < settings.lanes.size(); ++i) {
            if (context.cancelled())
                return BackgroundRun::Ending::stopped();
            QString error;
            auto r = python.count(i)
                         ? python[i]->runPoint(i, n, settings.dtype, settings.minRunTime,
                                               context.cancelFlag(), &error)
                         : MatmulBench::runPoint(settings.lanes.at(i), i, n, settings.dtype,
                                                 settings.minRunTime, context.cancelFlag(), &error);
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
