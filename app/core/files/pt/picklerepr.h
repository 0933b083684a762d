#pragma once
// Core-internal: includes torch.

#include "core/files/pt/picklevalue.h"

#include <QString>

namespace tk::pickle {

// A value that holds no tensor as a short Python-like text, for a load's notice: numbers,
// strings, containers, numpy dtypes and arrays, and an object of a class not run as its class
// with its attributes (argparse.Namespace(lr=0.1)) or items. At most 80 characters.
class PickleRepr
{
public:
    static QString text(const Value *v);
};

} // namespace tk::pickle
