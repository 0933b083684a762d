// libFuzzer: the text a user types in the New tensor dialog (shape, dtype, name, factory).
#include "core/kitchen/tensorspec.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const auto shape = tk::TensorSpec::parseShape(text, &error);
    if (shape) {
        // Whatever parses must be a real, positive shape whose size does not overflow.
        for (qint64 s : *shape)
            if (s <= 0)
                __builtin_trap();
        if (!tk::TensorSpec::numel(*shape))
            __builtin_trap();
        (void)tk::TensorSpec::shapeText(*shape);
    } else if (error.isEmpty()) {
        __builtin_trap(); // a refusal must say why
    }
    (void)tk::TensorSpec::isValidName(text);
    (void)tk::TensorSpec::elementSize(text);
    (void)tk::TensorSpec::factoryFromName(text);
    return 0;
}
