// libFuzzer: numpy's .npy arrays and .npz archives of them, loaded as File → Load does.
#include "fuzzload.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // Half the inputs as each: the name decides when the bytes claim neither.
    return fuzzLoad(data, size, size % 2 ? "input.npz" : "input.npy");
}
