#include "operror.h"

namespace tk {

QString OpError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None: return QStringLiteral("none");
    case Kind::DeviceMismatch: return QStringLiteral("device-mismatch");
    case Kind::Shape: return QStringLiteral("shape");
    case Kind::Dtype: return QStringLiteral("dtype");
    case Kind::OutOfMemory: return QStringLiteral("out-of-memory");
    case Kind::InvalidInput: return QStringLiteral("invalid-input");
    case Kind::Other: return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

OpError OpError::invalid(const QString &message, const QString &codeLine)
{
    OpError e;
    e.kind = Kind::InvalidInput;
    e.message = message;
    e.codeLine = codeLine;
    return e;
}

OpError::Kind OpError::classify(const QString &message)
{
    // Only stable fragments: LibTorch rewords the rest between versions.
    // "Expected all tensors to be on the same device, …" (LibTorch), "Tensor on device meta is
    // not on the expected device cpu!" (PyTorch 2.x's Python meta kernels).
    if (message.contains(QLatin1String("same device"))
        || message.contains(QLatin1String("not on the expected device")))
        return Kind::DeviceMismatch;
    if (message.contains(QLatin1String("out of memory"), Qt::CaseInsensitive))
        return Kind::OutOfMemory;
    if (message.contains(QLatin1String("dtype")) || message.contains(QLatin1String("scalar type"))
        || message.contains(QLatin1String("not implemented for")))
        return Kind::Dtype;
    if (message.contains(QLatin1String("size")) || message.contains(QLatin1String("shape"))
        || message.contains(QLatin1String("cannot be multiplied"))
        || message.contains(QLatin1String("dimension")))
        return Kind::Shape;
    return Kind::Other;
}

} // namespace tk
