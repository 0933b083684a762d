#include "core/files/pt/pickleglobals.h"

#include <cctype>

#include <utility>

namespace tk::pickle {

namespace {

// Python's other names for the same dtypes (torch.float is torch.float32).
const std::pair<const char *, const char *> kDtypeAliases[] = {
    {"float", "float32"}, {"double", "float64"}, {"half", "float16"},     {"short", "int16"},
    {"int", "int32"},     {"long", "int64"},     {"cfloat", "complex64"}, {"cdouble", "complex128"},
};
// Named by files but not loadable here: refused with their name when a tensor uses them.
const char *const kOtherStorages[]
    = {"QInt8Storage", "QUInt8Storage", "QInt32Storage", "QUInt4x2Storage", "QUInt2x4Storage", "ComplexHalfStorage"};
const char *const kOtherDtypes[] = {
    "complex32",
    "chalf",
    "uint16",
    "uint32",
    "uint64",
    "float8_e4m3fn",
    "float8_e5m2",
    "float8_e4m3fnuz",
    "float8_e5m2fnuz",
    "float8_e8m0fnu",
    "float4_e2m1fn_x2",
    "qint8",
    "quint8",
    "qint32",
    "quint4x2",
    "quint2x4",
    "bits1x8",
    "bits2x4",
    "bits4x2",
    "bits8",
    "bits16",
    "int1",
    "int2",
    "int3",
    "int4",
    "int5",
    "int6",
    "int7",
    "uint1",
    "uint2",
    "uint3",
    "uint4",
    "uint5",
    "uint6",
    "uint7",
};

} // namespace

std::optional<at::ScalarType> dtypeNamed(const std::string &name)
{
    std::string n = name;
    for (const auto &[alias, real] : kDtypeAliases)
        if (n == alias)
            n = real;
    for (const DtypeName &d : kDtypes)
        if (n == d.dtype)
            return d.type;
    return std::nullopt;
}

bool isBuiltins(const std::string &m) { return m == "builtins" || m == "__builtin__"; }

bool isNumpyCore(const std::string &m)
{
    return m == "numpy.core.multiarray" || m == "numpy._core.multiarray"; // numpy 1.x, 2.x
}

bool knownGlobal(const std::string &m, const std::string &n)
{
    if (isNumpyCore(m) && (n == "_reconstruct" || n == "scalar"))
        return true; // an array or a scalar, rebuilt as a tensor from its bytes
    if (m == "numpy" && (n == "ndarray" || n == "dtype"))
        return true;
    if (m == "collections" && n == "OrderedDict")
        return true;
    if (isBuiltins(m) && (n == "set" || n == "frozenset" || n == "complex" || n == "bytes" || n == "bytearray"))
        return true;
    if (m == "_codecs" && n == "encode")
        return true;
    if ((m == "copyreg" || m == "copy_reg") && n == "_reconstructor")
        return true; // makes an object of the class it is given: that class is the unknown one
    if (m == "torch._utils" || m == "torch._tensor")
        return true; // tensor rebuilders: the unsupported ones are refused when called
    if (m == "torch.nn.parameter" && n == "Parameter")
        return true;
    if ((m == "torch.storage" && n == "UntypedStorage") || (m == "torch.serialization" && n == "_get_layout"))
        return true;
    if (m == "torch") {
        if (n == "device" || n == "Size" || n == "Tensor" || n == "UntypedStorage")
            return true;
        for (const DtypeName &d : kDtypes)
            if (n == d.storage)
                return true;
        for (const char *s : kOtherStorages)
            if (n == s)
                return true;
        if (dtypeNamed(n))
            return true;
        for (const char *s : kOtherDtypes)
            if (n == s)
                return true;
    }
    return false;
}

bool allowedInPython(const std::string &qualified)
{
    const size_t dot = qualified.rfind('.');
    if (dot == std::string::npos)
        return false;
    const std::string m = qualified.substr(0, dot), n = qualified.substr(dot + 1);
    if (knownGlobal(m, n) && !(m == "torch._utils" || m == "torch._tensor"))
        return true;
    if ((m == "torch._utils" || m == "torch._tensor") && n.rfind("_rebuild_", 0) == 0)
        return true; // tensor rebuilders only: torch._utils also imports names (_import_dotted_name)
    if (qualified.rfind("torch.nn.modules.", 0) == 0 || m == "torch.nn.parameter")
        return !n.empty() && std::isupper(static_cast<unsigned char>(n[0])) // a class (Linear), not a
            && n.find("__") == std::string::npos; // function or a dunder reached through one
    if (m == "collections")
        return n == "OrderedDict" || n == "defaultdict" || n == "deque" || n == "Counter";
    if (m == "builtins" || m == "__builtin__") // the plain types (defaultdict(int) names one)
        return n == "int" || n == "long" || n == "float" || n == "complex" || n == "bool" || n == "str"
            || n == "unicode" || n == "bytes" || n == "bytearray" || n == "list" || n == "tuple" || n == "dict"
            || n == "set" || n == "frozenset" || n == "slice" || n == "range";
    if (m == "numpy.dtypes")
        return true; // numpy 2's dtype classes (numpy.dtypes.Float32DType)
    return false;
}

} // namespace tk::pickle
