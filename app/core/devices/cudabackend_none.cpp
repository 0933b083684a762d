#include "core/devices/cudabackend.h"

// CPU-only LibTorch: there is no GPU to ask, and saying so is the truthful answer.
namespace tk::cudabackend {

bool compiledWithCuda() { return false; }
int deviceCount() { return 0; }
DeviceProps properties(int) { return {}; }
QString cudaVersion() { return {}; }
QString cudnnVersion() { return {}; }
QString driverVersion() { return {}; }
void emptyCache() { }
bool supportsBFloat16(int) { return false; }

} // namespace tk::cudabackend
