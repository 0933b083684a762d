#include "ui/common/devicestyle.h"
#include "ui/common/palette.h"

namespace tk {

QColor DeviceStyle::color(const QString &deviceId)
{
    if (deviceId.startsWith(QLatin1String("cuda")))
        return Palette::workbench();
    if (deviceId == QLatin1String("meta"))
        return Palette::shelf();
    return Palette::counter();
}

QString DeviceStyle::paneTitle(const QString &deviceId)
{
    if (deviceId == QLatin1String("cpu"))
        return tr("CPU counter");
    if (deviceId == QLatin1String("meta"))
        return tr("Meta shelf (shapes only)");
    if (deviceId == QLatin1String("cuda"))
        return tr("GPU workbench");
    return tr("GPU workbench %1").arg(deviceId);
}

QString DeviceStyle::badgeStyle(const QString &deviceId)
{
    return QStringLiteral("QLabel { background: %1; color: white; border-radius: 6px;"
                          " padding: 1px 6px; font-size: 8pt; font-weight: bold; }")
        .arg(color(deviceId).name());
}

QColor DeviceStyle::storageColor(int storageId)
{
    // Golden-angle hues keep neighbouring ids apart.
    return QColor::fromHsv((storageId * 137) % 360, 170, 200);
}

} // namespace tk
