// libFuzzer: .pt files dropped on a pane (PyTorch's zip/pickle format, LibTorch archives).
#include "fuzzload.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzzLoad(data, size, "input.pt"); }
