#pragma once

#include "operror.h"
#include "transferreport.h"

#include <QMetaType>

namespace tk {

// The answer to one workspace request: the card it made or changed, or the error.
struct Outcome
{
    int cardId = -1;
    OpError error;
    TransferReport transfer; // filled for transfers
    bool ok() const { return !error.isError(); }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::Outcome)
