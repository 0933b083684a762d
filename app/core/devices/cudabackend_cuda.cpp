#include "core/devices/cudabackend.h"

#include <ATen/Context.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>
#include <torch/cuda.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/version.h>

namespace tk::cudabackend {

bool compiledWithCuda() { return true; }

int deviceCount() { return torch::cuda::is_available() ? static_cast<int>(torch::cuda::device_count()) : 0; }

namespace {
// LibTorch 2.x takes c10::DeviceIndex (int8_t) where 1.13 took int; this is both.
c10::DeviceIndex deviceIndex(int index) { return static_cast<c10::DeviceIndex>(index); }

// The caching allocator has no per-device state until CUDA is initialised, and asking it for
// statistics before then throws "Invalid device argument" (every CUDA-build program aborted
// at start on an H200 with LibTorch 2.11). PyTorch's torch.cuda.memory_stats initialises first
// too; the first tensor on the device would do it anyway.
void initCuda()
{
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 6)
    at::globalContext().lazyInitDevice(c10::DeviceType::CUDA);
#else
    at::globalContext().lazyInitCUDA();
#endif
}
} // namespace

DeviceProps properties(int index)
{
    DeviceProps p;
    // Only fields CUDA 13 still has (it removed clockRate, memoryClockRate and others).
    const cudaDeviceProp *prop = at::cuda::getDeviceProperties(deviceIndex(index));
    p.name = QString::fromUtf8(prop->name);
    p.capability = QStringLiteral("%1.%2").arg(prop->major).arg(prop->minor);
    p.total = static_cast<qint64>(prop->totalGlobalMem);
    {
        const c10::cuda::CUDAGuard guard(deviceIndex(index)); // restores the current device
        size_t freeBytes = 0, totalBytes = 0;
        if (cudaMemGetInfo(&freeBytes, &totalBytes) == cudaSuccess)
            p.free = static_cast<qint64>(freeBytes);
    }
    // Index 0 of every stat array is the aggregate over pool types, in 1.13 and 2.x alike.
    initCuda();
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(deviceIndex(index));
    p.allocated = stats.allocated_bytes[0].current;
    p.reserved = stats.reserved_bytes[0].current;
    return p;
}

QString cudaVersion()
{
    int v = 0;
    cudaRuntimeGetVersion(&v);
    return QStringLiteral("%1.%2").arg(v / 1000).arg((v % 1000) / 10);
}

QString cudnnVersion()
{
    // Through the hooks so that we need not link cuDNN ourselves.
    const auto &hooks = at::detail::getCUDAHooks();
    if (!hooks.hasCuDNN())
        return {};
    // cuDNN 9 encodes major·10000 + minor·100 + patch, cuDNN 8 major·1000 + minor·100 + patch.
    const long v = hooks.versionCuDNN();
    const long major = v >= 90000 ? v / 10000 : v / 1000;
    const long minor = (v >= 90000 ? v % 10000 : v % 1000) / 100;
    return QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(v % 100);
}

QString driverVersion()
{
    int v = 0;
    if (cudaDriverGetVersion(&v) != cudaSuccess || v == 0)
        return {};
    return QStringLiteral("%1.%2").arg(v / 1000).arg((v % 1000) / 10);
}

void emptyCache()
{
    initCuda();
    c10::cuda::CUDACachingAllocator::emptyCache();
}

bool supportsBFloat16(int index) { return at::cuda::getDeviceProperties(deviceIndex(index))->major >= 8; }

} // namespace tk::cudabackend
