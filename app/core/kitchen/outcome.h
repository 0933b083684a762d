#pragma once

#include "core/kitchen/consolereply.h"
#include "core/kitchen/movereport.h"
#include "core/kitchen/operror.h"

#include <QList>
#include <QMetaType>
#include <QStringList>

namespace tk {

// The answer to one workspace request: the card it made or changed, or the error.
struct Outcome
{
    int cardId = -1;
    OpError error;
    // Every move the request made, in order, whatever made it: a drag or a menu (one), a
    // console line (any number, those before a failed statement too). Each is a flight.
    QList<MoveReport> moves;
    bool undoable = false; // the action went onto the workspace's undo history
    QStringList notices; // things the user should know (a GPU card placed on the CPU, …)
    ConsoleReply console; // a console input: its output and undo steps
    // Stopped at the user's request (a long load's Cancel): nothing changed, `notices` says so.
    bool cancelled = false;
    bool ok() const { return !error.isError() && !cancelled; }
    // The one move of a transfer request (an empty report when it made none).
    MoveReport move() const { return moves.value(0); }
    // A request that made or changed card `id` and has nothing more to say.
    static Outcome forCard(int id)
    {
        Outcome o;
        o.cardId = id;
        return o;
    }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::Outcome)
