// libFuzzer: .safetensors files (Hugging Face's header + data area), loaded as File → Load does.
#include "fuzzload.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzzLoad(data, size, "input.safetensors");
}
