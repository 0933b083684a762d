#include "core/devices/devicereport.h"

#include "core/devices/deviceregistry.h"

#include <QLocale>

namespace tk {

QString DeviceReport::text()
{
    const BuildFacts f = DeviceRegistry::buildFacts();
    const QLocale l = QLocale::c();
    QStringList out;
    out << QStringLiteral("torch.cuda.is_available()   %1").arg(f.cudaDeviceCount > 0 ? "True" : "False")
        << QStringLiteral("torch.cuda.device_count()   %1").arg(f.cudaDeviceCount)
        << QStringLiteral("device                      \"%1\"").arg(f.defaultDevice) << QString()
        << tr("LibTorch %1 (%2)").arg(f.torchVersion, f.cudaBuild ? tr("CUDA build") : tr("CPU-only build"));
    if (f.cudaBuild)
        out << tr("CUDA runtime %1 · driver %2 · cuDNN %3")
                   .arg(f.cudaVersion, f.driverVersion.isEmpty() ? tr("none") : f.driverVersion,
                        f.cudnnVersion.isEmpty() ? tr("none") : f.cudnnVersion);
    out << tr("BLAS: %1").arg(f.blas);
    if (f.noGpuReason != NoGpuReason::None)
        out << QString() << tr("No GPU: %1").arg(f.noGpuExplanation());
    out << QString();
    for (const DeviceInfo &d : DeviceRegistry::devices(true)) {
        out << QStringLiteral("%1  %2").arg(d.id, -7).arg(d.name);
        if (d.type == QLatin1String("cpu"))
            out << tr("         %1 threads in use of %2 · %3 free of %4")
                       .arg(d.threads)
                       .arg(d.logicalCores)
                       .arg(l.formattedDataSize(d.memoryFree), l.formattedDataSize(d.memoryTotal));
        else if (d.isCuda())
            out << QStringLiteral("         torch.cuda.get_device_name(%1) = \"%2\"").arg(d.index).arg(d.name)
                << tr("         compute capability %1 · %2 free of %3 · allocator %4 allocated, %5 reserved")
                       .arg(d.capability, l.formattedDataSize(d.memoryFree), l.formattedDataSize(d.memoryTotal),
                            l.formattedDataSize(d.allocatorAllocated), l.formattedDataSize(d.allocatorReserved));
    }
    out << QString() << tr("Parallel info:") << f.parallelInfo;
    return out.join(QLatin1Char('\n'));
}

} // namespace tk
