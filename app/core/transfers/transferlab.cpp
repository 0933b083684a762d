#include "core/transfers/transferlab.h"

#include "core/devices/torchthread.h"

#include "core/races/blockedautorange.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/private/torchutil.h"

#include <QLocale>
#include <chrono>
#include <torch/cuda.h>

namespace tk {

QString TransferResult::label() const
{
    if (direction == QLatin1String("host"))
        return QCoreApplication::translate("TransferResult", "host memory copy");
    QString s = direction == QLatin1String("h2d") ? QStringLiteral("cpu → %1").arg(device)
                                                  : QStringLiteral("%1 → cpu").arg(device);
    s += QStringLiteral(" · ") + memory;
    if (nonBlocking)
        s += QStringLiteral(" · non_blocking");
    return s;
}

TransferLab::TransferLab(QObject *parent)
    : QObject(parent), m_run(QStringLiteral("transfer-lab"), 0) // each copy as soon as it is timed
{
    qRegisterMetaType<tk::TransferResult>();
    connect(&m_run, &BackgroundRun::resultsReady, this, [this](const QVariantList &results) {
        for (const QVariant &v : results) {
            const TransferResult r = v.value<TransferResult>();
            m_results << r;
            Q_EMIT resultReady(r);
        }
    });
    connect(&m_run, &BackgroundRun::progress, this, &TransferLab::progress);
    connect(&m_run, &BackgroundRun::finished, this, &TransferLab::finished);
}

TransferLab::~TransferLab() = default;

QString TransferLab::checkSettings(const TransferSettings &s)
{
    if (s.sizes.isEmpty())
        return tr("Choose at least one size.");
    qint64 largest = 0;
    for (qint64 b : s.sizes) {
        if (b < 1)
            return tr("Every size must be at least 1 byte (got %1).").arg(b);
        largest = std::max(largest, b);
    }
    for (const QString &d : s.devices) {
        bool found = false;
        const DeviceInfo info = DeviceRegistry::device(d, &found);
        if (!found || info.isMeta())
            return tr("The device “%1” is not available here.").arg(d);
        const qint64 free = DeviceRegistry::freeBytes(info.id);
        if (free >= 0 && largest > free)
            return tr("%1 would not fit on %2 (%3 free).")
                .arg(QLocale::c().formattedDataSize(largest), info.id, QLocale::c().formattedDataSize(free));
    }
    const qint64 hostFree = DeviceRegistry::freeBytes(QStringLiteral("cpu"));
    if (largest > hostFree / 2) // source and destination on the host for host copies
        return tr("%1 twice would not fit in the free host memory (%2).")
            .arg(QLocale::c().formattedDataSize(largest), QLocale::c().formattedDataSize(hostFree));
    if (!(s.minRunTime > 0) || s.minRunTime > 60)
        return tr("The minimum run time must be between 0 and 60 seconds.");
    return {};
}

QList<TransferLab::Variant> TransferLab::variants(const TransferSettings &s)
{
    QList<Variant> list;
    bool anyGpu = false;
    for (const QString &d : s.devices) {
        const QString id = DeviceRegistry::resolve(d);
        if (!id.startsWith(QLatin1String("cuda")))
            continue;
        anyGpu = true;
        for (const QString &dir : {QStringLiteral("h2d"), QStringLiteral("d2h")}) {
            list << Variant{id, dir, QStringLiteral("pageable"), false};
            if (s.pinned) {
                list << Variant{id, dir, QStringLiteral("pinned"), false};
                if (s.nonBlocking)
                    list << Variant{id, dir, QStringLiteral("pinned"), true};
            }
        }
    }
    if (!anyGpu)
        list << Variant{QStringLiteral("cpu"), QStringLiteral("host"), QStringLiteral("pageable"), false};
    return list;
}

std::optional<TransferResult> TransferLab::measure(const Variant &v, qint64 bytes, double minRunTime,
                                                   const std::atomic<bool> *cancel, QString *error)
{
    try {
        const int64_t n = std::max<int64_t>(1, bytes);
        const bool gpu = v.direction != QLatin1String("host");
        const c10::Device dev(v.device.toStdString());
        auto host = torch::TensorOptions().dtype(torch::kUInt8);
        if (v.memory == QLatin1String("pinned"))
            host = host.pinned_memory(true);
        at::Tensor src, dst;
        if (!gpu) {
            src = torch::ones({n}, host);
            dst = torch::empty({n}, host);
        } else if (v.direction == QLatin1String("h2d")) {
            src = torch::ones({n}, host);
            dst = torch::empty({n}, torch::TensorOptions().dtype(torch::kUInt8).device(dev));
        } else {
            src = torch::ones({n}, torch::TensorOptions().dtype(torch::kUInt8).device(dev));
            dst = torch::empty({n}, host);
        }
        const int index = gpu ? std::max<int>(0, dev.index()) : -1;
        BlockedAutorange::Clock clock = [gpu, index] {
            if (gpu)
                torch::cuda::synchronize(index); // the copy may still be in flight
            return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        };
        const bool nonBlocking = v.nonBlocking;
        BlockedAutorange::Block block = [&](std::int64_t calls) {
            for (std::int64_t i = 0; i < calls; ++i)
                dst.copy_(src, nonBlocking);
        };
        const auto m = BlockedAutorange::run(block, clock, minRunTime, cancel);
        if (m.cancelled)
            return std::nullopt;
        TransferResult r;
        r.device = v.device;
        r.direction = v.direction;
        r.memory = v.memory;
        r.nonBlocking = v.nonBlocking;
        r.bytes = n;
        r.medianS = m.median;
        r.iqrS = m.iqr;
        return r;
    } catch (const std::exception &e) {
        if (error)
            *error = torchutil::cleanMessage(e.what()).section(QLatin1Char('\n'), 0, 0);
        return std::nullopt;
    }
}

bool TransferLab::start(const TransferSettings &settings, QString *error)
{
    if (m_run.isRunning()) {
        *error = tr("The transfer lab is already running.");
        return false;
    }
    const QString problem = TorchThread::offGuiThread([&] { return checkSettings(settings); });
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    m_results.clear();
    return m_run.start([settings](BackgroundRun::Context &context) { return sweep(context, settings); });
}

BackgroundRun::Ending TransferLab::sweep(BackgroundRun::Context &context, const TransferSettings &settings)
{
    const QList<Variant> vs = variants(settings);
    const int total = int(vs.size() * settings.sizes.size());
    int done = 0;
    for (qint64 bytes : settings.sizes) {
        for (const Variant &v : vs) {
            QString error;
            const auto r = measure(v, bytes, settings.minRunTime, context.cancelFlag(), &error);
            if (!r)
                return {error.isEmpty(), error};
            context.post(QVariant::fromValue(*r));
            context.progress(++done, total);
        }
    }
    return BackgroundRun::Ending::done();
}

} // namespace tk
