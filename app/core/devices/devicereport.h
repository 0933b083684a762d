#pragma once

#include <QCoreApplication>
#include <QString>

namespace tk {

// The usual PyTorch "device check" as text: is_available, device_count, each device's name,
// capability and memory, versions, threads and BLAS. For the Device details dialog and CLI.
class DeviceReport
{
    Q_DECLARE_TR_FUNCTIONS(DeviceReport)

public:
    static QString text();
};

} // namespace tk
