#include "core/files/private/numpyarray.h"

#include "core/files/pt/picklevalue.h"

#include <torch/version.h>

#include <algorithm>
#include <cstring>

namespace tk::pickle {

namespace {

struct Code
{
    const char *code;
    const char *name;
    std::optional<at::ScalarType> type;
};

// numpy's type codes as ndarray pickles them (dtype.__reduce__'s first argument).
const Code kCodes[] = {
    {"b1", "bool", at::kBool},
    {"i1", "int8", at::kChar},
    {"u1", "uint8", at::kByte},
    {"i2", "int16", at::kShort},
    {"i4", "int32", at::kInt},
    {"i8", "int64", at::kLong},
    {"f2", "float16", at::kHalf},
    {"f4", "float32", at::kFloat},
    {"f8", "float64", at::kDouble},
    {"c8", "complex64", at::kComplexFloat},
    {"c16", "complex128", at::kComplexDouble},
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
    {"u2", "uint16", at::kUInt16},
    {"u4", "uint32", at::kUInt32},
    {"u8", "uint64", at::kUInt64},
#else
    {"u2", "uint16", std::nullopt},
    {"u4", "uint32", std::nullopt},
    {"u8", "uint64", std::nullopt},
#endif
    {"f16", "float128", std::nullopt},
    {"c32", "complex256", std::nullopt},
};

} // namespace

std::optional<at::ScalarType> NumpyArray::dtype(const std::string &code)
{
    for (const Code &c : kCodes)
        if (code == c.code)
            return c.type;
    return std::nullopt;
}

std::string NumpyArray::name(const std::string &code)
{
    for (const Code &c : kCodes)
        if (code == c.code)
            return c.name;
    return code.size() > 16 ? code.substr(0, 16) : code;
}

at::Tensor NumpyArray::tensor(const std::vector<int64_t> &shape, at::ScalarType type, bool fortran,
                              const std::string &raw, char order)
{
    const int64_t item = int64_t(c10::elementSize(type));
    int64_t numel = 1;
    for (int64_t d : shape)
        if (d < 0 || __builtin_mul_overflow(numel, d, &numel))
            unsupported(QStringLiteral("a numpy array whose size overflows"));
    int64_t bytes = 0;
    if (__builtin_mul_overflow(numel, item, &bytes) || uint64_t(bytes) != uint64_t(raw.size()))
        damaged(QStringLiteral("a numpy array of %1 elements has %2 bytes of data").arg(numel).arg(raw.size()));
    // Fortran order: the reversed shape in C order, transposed back.
    std::vector<int64_t> laid = shape;
    if (fortran)
        std::reverse(laid.begin(), laid.end());
    at::Tensor t = at::empty(laid, at::TensorOptions().dtype(type));
    if (bytes)
        std::memcpy(t.data_ptr(), raw.data(), size_t(bytes));
    // Stored big-endian ('>'), read on a little-endian host (every one LibTorch runs on here):
    // each element's bytes reversed (a complex number's two parts each).
    if (order == '>') {
        const int64_t part = at::isComplexType(type) ? item / 2 : item;
        auto *p = static_cast<unsigned char *>(t.data_ptr());
        for (int64_t k = 0; part > 1 && k < bytes; k += part)
            std::reverse(p + k, p + k + part);
    }
    if (fortran) {
        std::vector<int64_t> back(shape.size());
        for (size_t k = 0; k < back.size(); ++k)
            back[k] = int64_t(back.size() - 1 - k);
        t = t.permute(back).contiguous();
    }
    return t;
}

} // namespace tk::pickle
