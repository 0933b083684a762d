#include "core/races/blockedautorange.h"
#include "core/races/statistics.h"

#include <algorithm>
#include <cmath>

namespace tk {

double BlockedAutorange::timeBlock(const Block &block, const Clock &clock, std::int64_t calls)
{
    const double t0 = clock();
    block(calls);
    return clock() - t0;
}

std::int64_t BlockedAutorange::estimateBlockSize(const Block &block, const Clock &clock, double minRunTime,
                                                 const std::atomic<bool> *cancel)
{
    QVector<double> overheads;
    for (int i = 0; i < 5; ++i)
        overheads << timeBlock(block, clock, 0);
    const double overhead = median(overheads);
    std::int64_t number = 1;
    while (!(cancel && cancel->load())) {
        const double taken = timeBlock(block, clock, number);
        const double relativeOverhead = taken > 0 ? overhead / taken : 1.0;
        if (relativeOverhead <= 1e-4 && taken >= minRunTime / 1000)
            break;
        if (taken > minRunTime)
            break;
        if (number * 10 > 2147483647)
            break;
        number *= 10;
    }
    return number;
}

BlockedAutorange::Measurement BlockedAutorange::run(const Block &block, const Clock &clock, double minRunTime,
                                                    const std::atomic<bool> *cancel)
{
    Measurement m;
    m.numberPerRun = estimateBlockSize(block, clock, minRunTime, cancel);
    double total = 0;
    while (total < minRunTime) {
        if (cancel && cancel->load()) {
            m.cancelled = true;
            break;
        }
        const double t = timeBlock(block, clock, m.numberPerRun);
        m.blockTimes << t;
        total += t;
    }
    QVector<double> perCall;
    for (double t : m.blockTimes)
        perCall << t / double(m.numberPerRun);
    m.median = median(perCall);
    m.iqr = iqr(perCall);
    return m;
}

} // namespace tk
