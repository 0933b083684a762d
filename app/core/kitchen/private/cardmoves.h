#pragma once
// Core-internal: a card moved to another device, as a drop or a menu asks: a tensor by .to()
// with its three meanings, a model in place, a console-made object by its own .to(). Each move
// takes MovePath (memory check, synchronised timing) and is told as a MoveReport. Includes torch.

#include "core/kitchen/movereport.h"
#include "core/cards/private/actionlog.h"
#include "core/cards/private/cardtable.h"
#include "core/cards/private/memoryguard.h"

namespace tk {

class CardMoves
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    CardMoves(CardTable &cards, const MemoryGuard &memory, ActionLog &actions);

    // Card `id` to `device`; for NewName the result is called `newName` (a free name when empty).
    Outcome transfer(int id, const QString &device, TransferMeaning meaning, const QString &newName);

private:
    // model.to(device) moves in place; an optimizer or a loss has nothing to move.
    Outcome object(CardEntry &e, const c10::Device &dev, const QString &requested);
    // A console-made object dragged to a device: the console runs obj.to(device).
    Outcome pythonObject(CardEntry &e, MoveReport r);

    CardTable &m_cards;
    const MemoryGuard &m_memory;
    ActionLog &m_actions;
};

} // namespace tk
