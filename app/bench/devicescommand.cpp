#include "bench/devicescommand.h"

#include "core/devices/deviceregistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace tk {

namespace {

QJsonObject deviceJson(const DeviceInfo &d)
{
    QJsonObject o;
    o[QStringLiteral("id")] = d.id;
    o[QStringLiteral("type")] = d.type;
    o[QStringLiteral("name")] = d.name;
    if (d.type == QLatin1String("cpu")) {
        o[QStringLiteral("threads")] = d.threads;
        o[QStringLiteral("logical_cores")] = d.logicalCores;
    }
    if (d.isCuda()) {
        o[QStringLiteral("index")] = d.index;
        o[QStringLiteral("capability")] = d.capability;
        o[QStringLiteral("allocator_allocated")] = double(d.allocatorAllocated);
        o[QStringLiteral("allocator_reserved")] = double(d.allocatorReserved);
    }
    if (d.memoryTotal >= 0)
        o[QStringLiteral("memory_total")] = double(d.memoryTotal);
    if (d.memoryFree >= 0)
        o[QStringLiteral("memory_free")] = double(d.memoryFree);
    return o;
}

} // namespace

int DevicesCommand::run(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Lists the devices LibTorch can use here."));
    p.addHelpOption();
    QCommandLineOption format(QStringLiteral("format"), tr("json or text (default)."), QStringLiteral("format"),
                              QStringLiteral("text"));
    QCommandLineOption meta(QStringLiteral("meta"), tr("Include the meta device."));
    p.addOptions({format, meta});
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
    DeviceRegistry::applyThreads();
    const BuildFacts facts = DeviceRegistry::buildFacts();
    const QList<DeviceInfo> list = DeviceRegistry::devices(p.isSet(meta));
    if (fmt == QLatin1String("json")) {
        QJsonArray arr;
        for (const DeviceInfo &d : list)
            arr.append(deviceJson(d));
        QJsonObject root;
        root[QStringLiteral("build")] = facts.toJson();
        // The answers a script asks first, at the top: is this a CUDA build, how many devices.
        root[QStringLiteral("cuda_build")] = facts.cudaBuild;
        root[QStringLiteral("device_count")] = facts.cudaDeviceCount;
        root[QStringLiteral("no_gpu_reason")] = facts.noGpuReasonKey();
        root[QStringLiteral("devices")] = arr;
        m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    const QLocale c = QLocale::c();
    m_out << tr("LibTorch %1, %2")
                 .arg(facts.torchVersion,
                      facts.cudaBuild ? tr("CUDA build (CUDA %1)").arg(facts.cudaVersion) : tr("CPU-only build"))
          << "\n"
          << tr("BLAS: %1").arg(facts.blas) << "\n"
          << tr("device = \"cuda\" if torch.cuda.is_available() else \"cpu\"  →  %1").arg(facts.defaultDevice) << "\n";
    if (facts.noGpuReason != NoGpuReason::None)
        m_out << tr("No GPU: %1").arg(facts.noGpuExplanation()) << "\n";
    m_out << "\n";
    for (const DeviceInfo &d : list) {
        m_out << d.id.leftJustified(8) << d.name << "\n";
        if (d.type == QLatin1String("cpu"))
            m_out << "        " << tr("%1 threads in use of %2").arg(d.threads).arg(d.logicalCores) << "\n";
        if (d.isCuda())
            m_out << "        " << tr("compute capability %1").arg(d.capability) << "\n";
        if (d.memoryTotal >= 0)
            m_out
                << "        "
                << tr("memory %1 free of %2").arg(c.formattedDataSize(d.memoryFree), c.formattedDataSize(d.memoryTotal))
                << "\n";
    }
    return 0;
}

} // namespace tk
