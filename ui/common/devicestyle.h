#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace tk {

// Pane colours and names, shared by panes, badges, dialogs and charts so a device always
// looks the same wherever it appears.
class DeviceStyle
{
    Q_DECLARE_TR_FUNCTIONS(DeviceStyle)

public:
    static QColor color(const QString &deviceId);
    static QString paneTitle(const QString &deviceId);
    static QString badgeStyle(const QString &deviceId); // style sheet for a small rounded badge
    static QColor storageColor(int storageId); // distinct hue per storage
};

} // namespace tk
