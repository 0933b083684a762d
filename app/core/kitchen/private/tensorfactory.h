#pragma once
// Core-internal: includes torch.

#include "core/kitchen/tensorspec.h"

#include <torch/types.h>

namespace tk {

// Every tensor card the kitchen creates from a TensorSpec (ModelFactory makes the models).
// randn and rand are drawn on the CPU from a generator seeded with spec.seed and then moved, as
// torch.randn(…, generator=torch.Generator().manual_seed(seed)) does in Python: the values are
// the same on every device and in the exported script.
class TensorFactory
{
public:
    // `spec` has been checked (shape, dtype, device); LibTorch's errors are thrown as they are.
    static at::Tensor make(const TensorSpec &spec, c10::ScalarType dtype, const c10::Device &device);
};

} // namespace tk
