#pragma once

// Core-internal: the safetensors format's dtypes and the LibTorch type each loads as.
#include <QString>
#include <c10/core/ScalarType.h>
#include <optional>

namespace tk {

// One dtype of the format (safetensors 0.8): its name in a header, its bits per value, and the
// LibTorch type it loads as; none where this LibTorch has no such type (it is checked, not loaded).
struct SafetensorsDtype
{
    const char *name;
    int bits;
    std::optional<c10::ScalarType> type;

    static const SafetensorsDtype *find(const QString &name); // nullptr: not a dtype of the format
    static QString nameOf(c10::ScalarType type); // empty: the format has none
    // LibTorch 2.3+: the unsigned 16- to 64-bit integers and the two OCP 8-bit floats load.
    static bool loadsUnsignedAndFloat8();
};

} // namespace tk
