#pragma once

#include <QString>

// The only place that needs CUDA headers. cudabackend_cuda.cpp is compiled for CUDA builds
// (chosen in CMake), cudabackend_none.cpp otherwise, so a CPU-only LibTorch never sees them.
namespace tk::cudabackend {

struct DeviceProps
{
    QString name;
    QString capability;
    qint64 total = -1;
    qint64 free = -1;
    qint64 allocated = -1;
    qint64 reserved = -1;
};

bool compiledWithCuda();
int deviceCount(); // 0 without a usable device
DeviceProps properties(int index); // call only for index < deviceCount()
QString cudaVersion();
QString cudnnVersion();
QString driverVersion();
void emptyCache();
bool supportsBFloat16(int index);

} // namespace tk::cudabackend
