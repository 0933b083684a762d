#pragma once
// Core-internal: the Workspace's parts, each a class of its own: the cards (CardTable), the
// history, the memory check, the log and its answers (ActionLog), moves (CardMoves), combining
// (CardCombiner), models (ModelCards) and the summaries a load leaves for later
// (PendingSummaries). Files are read and written by their formats (CardFileFormats), handed
// these parts through CardFileLoad and CardFileSave. Includes torch; never include from ui/.

#include "core/kitchen/workspace.h"

#include "core/cards/private/pendingsummaries.h"
#include "core/cards/private/actionlog.h"
#include "core/kitchen/private/cardcombiner.h"
#include "core/kitchen/private/cardmoves.h"
#include "core/cards/private/cardtable.h"
#include "core/cards/private/memoryguard.h"
#include "core/kitchen/private/modelcards.h"
#include "core/kitchen/private/workspacehistory.h"

#include <torch/torch.h>

namespace tk {

struct Workspace::Private
{
    // The parts below hold references to each other: never copied or moved.
    Private() = default;
    Private(const Private &) = delete;
    Private &operator=(const Private &) = delete;

    CardTable cards; // the named cards and their storage marks
    WorkspaceHistory history;
    MemoryGuard memory;
    CodeLog log;
    ActionLog actions{log}; // answers and their lines in `log`
    CardMoves moves{cards, memory, actions};
    CardCombiner combiner{cards, memory, actions};
    ModelCards models{cards, memory, actions};
    PendingSummaries summaries{cards};

    WorkspaceHistory::Snapshot snapshot() const
    {
        WorkspaceHistory::Snapshot s = WorkspaceHistory::capture(cards.entries, log);
        if (cards.objects)
            cards.objects->copyObjects(s.entries, false);
        return s;
    }
    void restore(WorkspaceHistory::Snapshot s);
};

} // namespace tk
