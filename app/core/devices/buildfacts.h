#pragma once

#include <QJsonObject>
#include <QString>

namespace tk {

// Why there is no GPU workbench to work on: two cases with different fixes.
enum class NoGpuReason {
    None, // at least one CUDA device is usable
    CpuOnlyBuild, // LibTorch was built without CUDA
    NoDeviceFound, // a CUDA build, but the driver reports no device
};

// What this LibTorch is and how it was built; shown in the device check and bench receipts.
struct BuildFacts
{
    QString torchVersion;
    bool cudaBuild = false;
    int cudaDeviceCount = 0;
    QString cudaVersion; // empty unless a CUDA build
    QString cudnnVersion; // empty unless cuDNN is present
    QString driverVersion; // empty unless a GPU answers
    QString blas; // the BLAS library actually loaded into this process
    QString parallelInfo; // at::get_parallel_info(), first lines
    NoGpuReason noGpuReason = NoGpuReason::None;
    QString defaultDevice; // the usual idiom: "cuda" if available else "cpu"

    QString noGpuExplanation() const;
    // Which of the two cases an error text names: "Torch not compiled with CUDA enabled" is a
    // CPU-only build, "Found no NVIDIA driver" a CUDA build without a device; None otherwise.
    static NoGpuReason noGpuReasonOf(const QString &errorText);
    // "", "cpu-only-build" or "no-device-found": the reason as JSON and scripts spell it.
    QString noGpuReasonKey() const;
    // The facts every receipt and `devices --format json` carry, under one set of keys.
    QJsonObject toJson() const;
};

} // namespace tk
