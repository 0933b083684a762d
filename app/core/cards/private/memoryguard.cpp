#include "core/cards/private/memoryguard.h"

#include "core/devices/deviceregistry.h"

#include <QLocale>

namespace tk {

namespace {
QString sizeText(qint64 bytes) { return QLocale::c().formattedDataSize(bytes, 2, QLocale::DataSizeIecFormat); }
} // namespace

std::optional<OpError> MemoryGuard::check(qint64 bytes, const QString &device, const QString &what,
                                          const QString &code) const
{
    if (!m_enabled)
        return std::nullopt;
    const qint64 free = DeviceRegistry::freeBytes(device);
    if (free < 0 || bytes <= free)
        return std::nullopt;
    OpError e;
    e.kind = OpError::Kind::OutOfMemory;
    e.refusedBeforeAllocation = true;
    e.devices = {DeviceRegistry::resolve(device)};
    e.codeLine = code;
    e.message = tr("Refused before allocating: %1 would need %2 on %3, but only %4 is free. "
                   "Nothing was changed.")
                    .arg(what, sizeText(bytes), DeviceRegistry::resolve(device), sizeText(free));
    return e;
}

} // namespace tk
