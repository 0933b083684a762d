#pragma once
// Core-internal: includes torch.

#include <optional>
#include <string>
#include <torch/types.h>
#include <vector>

namespace tk::pickle {

// A numpy array or scalar as numpy pickles it (ndarray.__reduce__: shape, dtype, order, raw
// bytes), made into the tensor torch.from_numpy (an array) or torch.tensor (a scalar) gives:
// the same dtype, shape and values, in C order. Nothing of numpy's is imported or run.
class NumpyArray
{
public:
    // The LibTorch dtype of a numpy type code ("f4", "i8", "b1", "c16"), or none (strings,
    // objects, records, dates; before LibTorch 2.3 the unsigned types above 8 bits).
    static std::optional<at::ScalarType> dtype(const std::string &code);
    // numpy's name of it ("float32", "<U5" for what has none).
    static std::string name(const std::string &code);
    // The tensor of `raw` (exactly numel × itemsize bytes, else throws Damaged) laid out in C
    // or Fortran order, its bytes in `order` ('<', '>', '|', '='). Throws Unsupported for a
    // size that overflows.
    static at::Tensor tensor(const std::vector<int64_t> &shape, at::ScalarType type, bool fortran,
                             const std::string &raw, char order);
};

} // namespace tk::pickle
