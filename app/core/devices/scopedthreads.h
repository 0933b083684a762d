#pragma once

#include "core/devices/deviceregistry.h"

#include <exception>

namespace tk {

// A race's thread count for as long as it runs: all cores come back (for the kitchen, which
// shares the thread count) however the job ends: done, cancelled, failed or thrown.
class ScopedThreads
{
public:
    explicit ScopedThreads(int threads = 0) { DeviceRegistry::applyThreads(threads); }
    ~ScopedThreads()
    {
        try {
            DeviceRegistry::applyThreads();
        } catch (const std::exception &) {
            // nothing to restore on a thread LibTorch refuses; a destructor must not throw
        }
    }
    ScopedThreads(const ScopedThreads &) = delete;
    ScopedThreads &operator=(const ScopedThreads &) = delete;

    // A lane's own count, until the next set() or the end of the scope.
    void set(int threads) { DeviceRegistry::applyThreads(threads); }
};

} // namespace tk
