#pragma once

#include "core/races/matmulresult.h"

#include <QCoreApplication>
#include <atomic>
#include <optional>

namespace tk {

// Times A @ B for one lane and one N, the way torch.utils.benchmark does (BlockedAutorange).
// Call on the thread that runs the race: it sets that thread's LibTorch thread count.
class MatmulBench
{
    Q_DECLARE_TR_FUNCTIONS(MatmulBench)

public:
    static constexpr int kMaxN = 65536;

    // Checks what needs no LibTorch call: sizes, dtype name, devices present, memory.
    static QString checkSettings(const MatmulSettings &settings);
    // Asks LibTorch whether this device multiplies this dtype (float16 on a CPU may not).
    static QString probeSupport(const QString &device, const QString &dtype);
    static std::optional<MatmulResult> runPoint(const MatmulLane &lane, int laneIndex, int n, const QString &dtype,
                                                double minRunTime, const std::atomic<bool> *cancel, QString *error);
    static double gflops(int n, double seconds) { return seconds > 0 ? 2.0 * n * n * double(n) / seconds / 1e9 : 0; }
};

} // namespace tk
