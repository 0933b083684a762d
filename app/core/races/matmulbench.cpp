#include "core/races/matmulbench.h"

#include "core/races/blockedautorange.h"
#include "core/devices/deviceregistry.h"
#include "core/kitchen/tensorspec.h"
#include "core/devices/private/torchutil.h"

#include <QLocale>
#include <chrono>
#include <torch/cuda.h>

namespace tk {

QString matmulModeName(MatmulMode m)
{
    switch (m) {
    case MatmulMode::Compute:
        return QStringLiteral("compute");
    case MatmulMode::EndToEnd:
        return QStringLiteral("end-to-end");
    case MatmulMode::Naive:
        return QStringLiteral("naive");
    }
    return {};
}

bool matmulModeFromName(const QString &name, MatmulMode *mode)
{
    for (MatmulMode m : {MatmulMode::Compute, MatmulMode::EndToEnd, MatmulMode::Naive}) {
        if (matmulModeName(m) == name) {
            *mode = m;
            return true;
        }
    }
    return false;
}

QString matmulEngineName(MatmulEngine e)
{
    return e == MatmulEngine::Python ? QStringLiteral("python") : QStringLiteral("libtorch");
}

bool matmulEngineFromName(const QString &name, MatmulEngine *engine)
{
    for (MatmulEngine e : {MatmulEngine::LibTorch, MatmulEngine::Python}) {
        if (matmulEngineName(e) == name) {
            *engine = e;
            return true;
        }
    }
    return false;
}

QString MatmulLane::label() const
{
    QString s = device;
    if (device == QLatin1String("cpu"))
        s += threads == 1 ? QCoreApplication::translate("MatmulLane", " · 1 thread")
                          : QCoreApplication::translate("MatmulLane", " · %1 threads")
                                .arg(threads > 0 ? threads : DeviceRegistry::hardwareThreads());
    if (mode != MatmulMode::Compute || device != QLatin1String("cpu"))
        s += QStringLiteral(" · ") + matmulModeName(mode);
    if (engine == MatmulEngine::Python)
        s += QStringLiteral(" · Python");
    return s;
}

QString MatmulBench::checkSettings(const MatmulSettings &s)
{
    if (s.lanes.isEmpty())
        return tr("Choose at least one device to race.");
    if (s.sizes.isEmpty())
        return tr("Choose at least one size N.");
    const qint64 elem = TensorSpec::elementSize(s.dtype);
    if (elem < 0 || s.dtype == QLatin1String("int64") || s.dtype == QLatin1String("bool"))
        return tr("Unknown dtype “%1”: the race takes float32, float64, float16 or bfloat16.").arg(s.dtype);
    if (!(s.minRunTime > 0) || s.minRunTime > 60)
        return tr("The minimum run time must be between 0 and 60 seconds (got %1).").arg(s.minRunTime);
    const int maxN = *std::max_element(s.sizes.begin(), s.sizes.end());
    for (int n : s.sizes) {
        if (n <= 0)
            return tr("Every N must be at least 1 (got %1).").arg(n);
        if (n > kMaxN)
            return tr("N = %1 is beyond the race's limit of %2.").arg(n).arg(kMaxN);
    }
    for (const MatmulLane &lane : s.lanes) {
        bool found = false;
        const DeviceInfo d = DeviceRegistry::device(lane.device, &found);
        if (!found || d.isMeta())
            return tr("The device “%1” is not available here.%2")
                .arg(lane.device,
                     lane.device.startsWith(QLatin1String("cuda"))
                         ? QLatin1Char(' ') + DeviceRegistry::buildFacts().noGpuExplanation()
                         : QString());
        if (lane.threads < 0 || lane.threads > DeviceRegistry::hardwareThreads())
            return tr("Threads must be between 1 and %1 (got %2).")
                .arg(DeviceRegistry::hardwareThreads())
                .arg(lane.threads);
        // A, B and the result, on the device (and on the host for end-to-end).
        const qint64 bytes = 3 * qint64(maxN) * maxN * elem;
        const qint64 free = DeviceRegistry::freeBytes(d.id);
        if (free >= 0 && bytes > free)
            return tr("N = %1 needs %2 on %3 but only %4 is free.")
                .arg(maxN)
                .arg(QLocale::c().formattedDataSize(bytes), d.id, QLocale::c().formattedDataSize(free));
    }
    return {};
}

QString MatmulBench::probeSupport(const QString &device, const QString &dtype)
{
    try {
        const auto dt = torchutil::dtypeFromName(dtype);
        auto opts = torch::TensorOptions().dtype(*dt).device(c10::Device(device.toStdString()));
        const at::Tensor a = torch::ones({2, 2}, opts);
        (void)at::matmul(a, a);
        return {};
    } catch (const std::exception &e) {
        return tr("%1 cannot multiply %2 matrices here. LibTorch said: %3")
            .arg(device, dtype, torchutil::cleanMessage(e.what()));
    }
}

std::optional<MatmulResult> MatmulBench::runPoint(const MatmulLane &lane, int laneIndex, int n, const QString &dtype,
                                                  double minRunTime, const std::atomic<bool> *cancel, QString *error)
{
    try {
        torch::NoGradGuard noGrad;
        const c10::Device dev(DeviceRegistry::resolve(lane.device).toStdString());
        const auto dt = *torchutil::dtypeFromName(dtype);
        DeviceRegistry::applyThreads(dev.is_cpu() ? lane.threads : 0);
        const bool cuda = dev.is_cuda();
        const bool endToEnd = lane.mode == MatmulMode::EndToEnd && !dev.is_cpu();
        const bool sync = cuda && lane.mode != MatmulMode::Naive;

        auto gen = at::detail::createCPUGenerator(0);
        const auto hostOpts = torch::TensorOptions().dtype(dt);
        at::Tensor a = torch::randn({n, n}, gen, hostOpts);
        at::Tensor b = torch::randn({n, n}, gen, hostOpts);
        if (!endToEnd) {
            a = a.to(dev);
            b = b.to(dev);
        }
        const int index = cuda ? dev.index() < 0 ? 0 : dev.index() : -1;
        BlockedAutorange::Clock clock = [sync, index] {
            if (sync)
                torch::cuda::synchronize(index); // GPU work is asynchronous
            return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        };
        // Each result is dropped at once, as `a @ b` in a timeit loop drops it: holding it until
        // the next one exists would keep two outputs alive and change the allocator's pattern.
        BlockedAutorange::Block block = [&](std::int64_t calls) {
            for (std::int64_t i = 0; i < calls; ++i) {
                if (endToEnd)
                    (void)at::matmul(a.to(dev), b.to(dev)).to(torch::kCPU);
                else
                    (void)at::matmul(a, b);
            }
        };
        MatmulResult r;
        r.lane = laneIndex;
        r.device = DeviceRegistry::resolve(lane.device);
        r.mode = lane.mode;
        r.n = n;
        r.dtype = dtype;
        r.threads = dev.is_cpu() ? at::get_num_threads() : 0;
        // Who else used the cores while this point was timed (the cold call and the blocks).
        MachineLoad::Probe load;
        r.coldS = BlockedAutorange::timeBlock(block, clock, 1);
        const BlockedAutorange::Measurement m = BlockedAutorange::run(block, clock, minRunTime, cancel);
        if (m.cancelled)
            return std::nullopt;
        r.load = load.take();
        r.medianS = m.median;
        r.iqrS = m.iqr;
        r.gflops = gflops(n, m.median);
        r.numberPerRun = m.numberPerRun;
        r.blocks = int(m.blockTimes.size());
        r.noisy = m.noisy();
        return r;
    } catch (const std::exception &e) {
        if (error)
            *error = torchutil::cleanMessage(e.what());
        return std::nullopt;
    }
}

} // namespace tk
