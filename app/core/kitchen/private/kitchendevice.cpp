#include "core/kitchen/private/kitchendevice.h"

#include "core/devices/deviceregistry.h"
#include "core/devices/private/torchutil.h"

namespace tk {

std::optional<c10::Device> KitchenDevice::usable(const QString &id, QString *error)
{
    const QString resolved = DeviceRegistry::resolve(id);
    auto dev = torchutil::parseDevice(resolved, error);
    if (!dev)
        return std::nullopt;
    if (!(dev->is_cpu() || dev->is_meta() || dev->is_cuda())) {
        *error = tr("Tensor Kitchen works with cpu, cuda:N and meta, not “%1”.").arg(id);
        return std::nullopt;
    }
    if (dev->is_cuda()) {
        bool found = false;
        DeviceRegistry::device(resolved, &found);
        if (!found) {
            const BuildFacts facts = DeviceRegistry::buildFacts();
            *error
                = tr("%1 is not available here. %2")
                      .arg(resolved,
                           facts.cudaDeviceCount > 0 ? tr("GPUs on this machine: %n.", nullptr, facts.cudaDeviceCount)
                                                     : facts.noGpuExplanation());
            return std::nullopt;
        }
    }
    return dev;
}

} // namespace tk
