#pragma once

#include <QMetaType>
#include <QString>

namespace tk {

// One device the kitchen can place tensors on: the CPU counter, a GPU workbench or `meta`.
struct DeviceInfo
{
    QString id; // "cpu", "cuda:0", "meta"
    QString type; // "cpu", "cuda", "meta"
    QString name; // CPU model, GPU name, or a description of meta
    int index = -1; // CUDA ordinal, -1 otherwise
    int threads = 0; // intra-op threads LibTorch uses (cpu)
    int logicalCores = 0; // hardware threads (cpu)
    QString capability; // CUDA compute capability, e.g. "9.0"
    qint64 memoryTotal = -1; // bytes; -1 when the device has no memory (meta)
    qint64 memoryFree = -1; // bytes available for new tensors; -1 unlimited
    qint64 allocatorAllocated = -1; // CUDA caching allocator: bytes in tensors
    qint64 allocatorReserved = -1; // CUDA caching allocator: bytes held from the driver

    bool isCuda() const { return type == QLatin1String("cuda"); }
    bool isMeta() const { return type == QLatin1String("meta"); }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::DeviceInfo)
