#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/matmulresult.h"

namespace tk {

// The matmul race's sweep, run by MatmulRace's BackgroundRun on its thread: posts each point
// (a MatmulResult) as soon as it is timed, then the progress that counts it.
class MatmulRaceWorker
{
public:
    static BackgroundRun::Ending run(BackgroundRun::Context &context, const MatmulSettings &settings);
};

} // namespace tk
