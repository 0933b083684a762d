#include "core/kitchen/private/movepath.h"

#include "core/devices/private/torchutil.h"

#include <chrono>

namespace tk {

std::optional<OpError> MovePath::refuse(const MemoryGuard &memory, const MoveReport &r, const QString &what)
{
    if (r.fromDevice == r.toDevice || r.sameStorage)
        return std::nullopt;
    return memory.check(r.bytes, r.toDevice, what, r.kitchen.codeLine);
}

double MovePath::timed(const c10::Device &from, const c10::Device &to, const std::function<void()> &copy)
{
    torchutil::synchronizeIfCuda(from, to);
    const auto t0 = std::chrono::steady_clock::now();
    copy();
    torchutil::synchronizeIfCuda(from, to);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double MovePath::timed(const QString &from, const QString &to, const std::function<void()> &copy)
{
    auto device = [](const QString &id) {
        try {
            return c10::Device(id.toStdString());
        } catch (const std::exception &) {
            return c10::Device(c10::kCPU); // not a device: nothing to wait for
        }
    };
    return timed(device(from), device(to), copy);
}

} // namespace tk
