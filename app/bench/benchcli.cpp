#include "benchcli.h"

#include "deviceregistry.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tk {

namespace {

QJsonObject factsJson(const BuildFacts &f)
{
    QJsonObject o;
    o[QStringLiteral("torch_version")] = f.torchVersion;
    o[QStringLiteral("cuda_build")] = f.cudaBuild;
    o[QStringLiteral("cuda_device_count")] = f.cudaDeviceCount;
    o[QStringLiteral("cuda_version")] = f.cudaVersion;
    o[QStringLiteral("cudnn_version")] = f.cudnnVersion;
    o[QStringLiteral("driver_version")] = f.driverVersion;
    o[QStringLiteral("blas")] = f.blas;
    o[QStringLiteral("default_device")] = f.defaultDevice;
    o[QStringLiteral("no_gpu_reason")] = f.noGpuReason == NoGpuReason::None ? QString()
                                         : f.noGpuReason == NoGpuReason::CpuOnlyBuild
                                             ? QStringLiteral("cpu-only-build")
                                             : QStringLiteral("no-device-found");
    o[QStringLiteral("no_gpu_explanation")] = f.noGpuExplanation();
    o[QStringLiteral("tensor_kitchen_version")] = QStringLiteral(TK_VERSION);
    return o;
}

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

int BenchCli::usage(int code)
{
    (code == 0 ? m_out : m_err)
        << tr("Usage: tensor-kitchen-bench <command> [options]\n"
              "\n"
              "Commands:\n"
              "  devices   the devices and how this LibTorch was built\n"
              "\n"
              "Run tensor-kitchen-bench <command> --help for its options.\n");
    return code;
}

int BenchCli::run(const QStringList &arguments)
{
    if (arguments.size() < 2)
        return usage(2);
    const QString command = arguments.at(1);
    QStringList rest = arguments;
    rest.removeAt(1);
    if (command == QLatin1String("devices"))
        return devices(rest);
    if (command == QLatin1String("--help") || command == QLatin1String("-h"))
        return usage(0);
    if (command == QLatin1String("--version")) {
        m_out << "tensor-kitchen-bench " << TK_VERSION << "\n";
        return 0;
    }
    m_err << tr("Unknown command “%1”.").arg(command) << "\n";
    return usage(2);
}

int BenchCli::devices(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Lists the devices LibTorch can use here."));
    p.addHelpOption();
    QCommandLineOption format(QStringLiteral("format"), tr("json or text (default)."),
                              QStringLiteral("format"), QStringLiteral("text"));
    QCommandLineOption meta(QStringLiteral("meta"), tr("Include the meta device."));
    p.addOptions({format, meta});
    if (!p.parse(arguments)) {
        m_err << p.errorText() << "\n";
        return 2;
    }
    if (p.isSet(QStringLiteral("help"))) {
        m_out << p.helpText();
        return 0;
    }
    const QString fmt = p.value(format);
    if (fmt != QLatin1String("json") && fmt != QLatin1String("text")) {
        m_err << tr("Unknown format “%1”: use json or text.").arg(fmt) << "\n";
        return 2;
    }
    DeviceRegistry::applyThreads();
    const BuildFacts facts = DeviceRegistry::buildFacts();
    const QList<DeviceInfo> list = DeviceRegistry::devices(p.isSet(meta));
    if (fmt == QLatin1String("json")) {
        QJsonArray arr;
        for (const DeviceInfo &d : list)
            arr.append(deviceJson(d));
        QJsonObject root;
        root[QStringLiteral("build")] = factsJson(facts);
        root[QStringLiteral("devices")] = arr;
        m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    const QLocale c = QLocale::c();
    m_out << tr("LibTorch %1, %2").arg(facts.torchVersion,
                                       facts.cudaBuild ? tr("CUDA build (CUDA %1)").arg(facts.cudaVersion)
                                                       : tr("CPU-only build"))
          << "\n"
          << tr("BLAS: %1").arg(facts.blas) << "\n"
          << tr("device = \"cuda\" if torch.cuda.is_available() else \"cpu\"  →  %1")
                 .arg(facts.defaultDevice)
          << "\n";
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
            m_out << "        "
                  << tr("memory %1 free of %2")
                         .arg(c.formattedDataSize(d.memoryFree), c.formattedDataSize(d.memoryTotal))
                  << "\n";
    }
    return 0;
}

} // namespace tk
