#pragma once

#include <QVector>
#include <atomic>
#include <cstdint>
#include <functional>

namespace tk {

// The measurement loop of torch.utils.benchmark.Timer.blocked_autorange, so that our numbers
// mean what PyTorch's mean: grow the block ×10 until the timer's own cost is ≤ 1e-4 of it and
// it lasts ≥ min_run_time/1000, then time whole blocks until min_run_time has been spent.
// Pure C++: the clock and the work are passed in, so tests drive it with a fake clock.
class BlockedAutorange
{
public:
    struct Measurement
    {
        std::int64_t numberPerRun = 0;
        QVector<double> blockTimes; // seconds per block
        double median = 0; // seconds per call
        double iqr = 0; // seconds per call
        bool cancelled = false;
        // Same rule as torch.utils.benchmark.Measurement: IQR above 10 % of the median.
        bool noisy() const { return blockTimes.size() >= 4 && median > 0 && iqr / median > 0.1; }
    };

    using Block = std::function<void(std::int64_t calls)>;
    using Clock = std::function<double()>; // seconds; on a GPU it must synchronise first

    static Measurement run(const Block &block, const Clock &clock, double minRunTime,
                           const std::atomic<bool> *cancel = nullptr);
    static std::int64_t estimateBlockSize(const Block &block, const Clock &clock, double minRunTime,
                                          const std::atomic<bool> *cancel);
    static double timeBlock(const Block &block, const Clock &clock, std::int64_t calls);
};

} // namespace tk
