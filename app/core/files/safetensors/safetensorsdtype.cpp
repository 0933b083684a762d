#include "core/files/safetensors/safetensorsdtype.h"

#include <torch/version.h>

namespace tk {

namespace {

// LibTorch 2.3 has unsigned 16- to 64-bit integers (2.1 already the two OCP 8-bit floats).
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
#define TK_TORCH_UNSIGNED_AND_FLOAT8 1
#endif

// Every dtype of the reference implementation (safetensors 0.8). Those with no LibTorch type
// here (before 2.3: the unsigned types above 8 bits and every float of 8 bits or fewer; from 2.3
// on, the 8-bit floats other than E4M3 and E5M2, and the 4- and 6-bit ones) are checked like the
// others but not loaded.
const SafetensorsDtype kDtypes[] = {
    {"BOOL", 8, c10::ScalarType::Bool},
    {"U8", 8, c10::ScalarType::Byte},
    {"I8", 8, c10::ScalarType::Char},
    {"I16", 16, c10::ScalarType::Short},
    {"I32", 32, c10::ScalarType::Int},
    {"I64", 64, c10::ScalarType::Long},
    {"F16", 16, c10::ScalarType::Half},
    {"BF16", 16, c10::ScalarType::BFloat16},
    {"F32", 32, c10::ScalarType::Float},
    {"F64", 64, c10::ScalarType::Double},
    {"C64", 64, c10::ScalarType::ComplexFloat},
#ifdef TK_TORCH_UNSIGNED_AND_FLOAT8
    {"U16", 16, c10::ScalarType::UInt16},
    {"U32", 32, c10::ScalarType::UInt32},
    {"U64", 64, c10::ScalarType::UInt64},
    {"F8_E4M3", 8, c10::ScalarType::Float8_e4m3fn},
    {"F8_E5M2", 8, c10::ScalarType::Float8_e5m2},
#else
    {"U16", 16, std::nullopt},
    {"U32", 32, std::nullopt},
    {"U64", 64, std::nullopt},
    {"F8_E4M3", 8, std::nullopt},
    {"F8_E5M2", 8, std::nullopt},
#endif
    {"F8_E8M0", 8, std::nullopt},
    {"F8_E4M3FNUZ", 8, std::nullopt},
    {"F8_E5M2FNUZ", 8, std::nullopt},
    {"F4", 4, std::nullopt},
    {"F6_E2M3", 6, std::nullopt},
    {"F6_E3M2", 6, std::nullopt},
};

} // namespace

const SafetensorsDtype *SafetensorsDtype::find(const QString &name)
{
    for (const SafetensorsDtype &d : kDtypes)
        if (name == QLatin1String(d.name))
            return &d;
    return nullptr;
}

QString SafetensorsDtype::nameOf(c10::ScalarType t)
{
    for (const SafetensorsDtype &d : kDtypes)
        if (d.type == t)
            return QString::fromLatin1(d.name);
    return {};
}

bool SafetensorsDtype::loadsUnsignedAndFloat8()
{
#ifdef TK_TORCH_UNSIGNED_AND_FLOAT8
    return true;
#else
    return false;
#endif
}

} // namespace tk
