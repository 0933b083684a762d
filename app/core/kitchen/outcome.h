#pragma once

#include "kitchen/consolereply.h"
#include "kitchen/movereport.h"
#include "kitchen/operror.h"

#include <QMetaType>
#include <QStringList>

namespace tk {

// The answer to one workspace request: the card it made or changed, or the error.
struct Outcome
{
    int cardId = -1;
    OpError error;
    MoveReport transfer; // filled for transfers
    bool undoable = false;   // the action went onto the workspace's undo history
    QStringList notices;     // things the user should know (a GPU card placed on the CPU, …)
    ConsoleReply console;    // a console input: its output, flights and undo steps
    bool ok() const { return !error.isError(); }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::Outcome)
