#pragma once
// Core-internal: includes torch.

#include <optional>
#include <string>
#include <torch/types.h>

namespace tk::pickle {

// The dtypes a torch.save file names: storage classes (torch.FloatStorage) for
// _rebuild_tensor_v2 and dtypes (torch.float32) for _rebuild_tensor_v3 and values.
struct DtypeName
{
    const char *storage;
    const char *dtype;
    at::ScalarType type;
};
inline const DtypeName kDtypes[] = {
    {"FloatStorage", "float32", at::kFloat},
    {"DoubleStorage", "float64", at::kDouble},
    {"HalfStorage", "float16", at::kHalf},
    {"BFloat16Storage", "bfloat16", at::kBFloat16},
    {"CharStorage", "int8", at::kChar},
    {"ByteStorage", "uint8", at::kByte},
    {"ShortStorage", "int16", at::kShort},
    {"IntStorage", "int32", at::kInt},
    {"LongStorage", "int64", at::kLong},
    {"BoolStorage", "bool", at::kBool},
    {"ComplexFloatStorage", "complex64", at::kComplexFloat},
    {"ComplexDoubleStorage", "complex128", at::kComplexDouble},
};

std::optional<at::ScalarType> dtypeNamed(const std::string &name);

bool isBuiltins(const std::string &m);
bool isNumpyCore(const std::string &m);

// Globals a file may name. Anything else is a Python class or function only Python can use.
bool knownGlobal(const std::string &m, const std::string &n);

} // namespace tk::pickle
