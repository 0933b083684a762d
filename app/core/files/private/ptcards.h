#pragma once
// Core-internal: .pt files (torch.save's zip and legacy formats, torch::save archives) loaded as
// cards, all of them or none, each with its line of Python; a tensor card saved as one.
// Includes torch.

#include "core/files/private/pendingsummaries.h"
#include "core/kitchen/private/actionlog.h"
#include "core/kitchen/private/cardtable.h"
#include "core/kitchen/private/memoryguard.h"

namespace tk {

class LoadProgress;

class PtCards
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    PtCards(CardTable &cards, const MemoryGuard &memory, ActionLog &actions, const PendingSummaries &summaries);

    // Workspace::loadPt and Workspace::savePt (workspace.h says what they do).
    Outcome load(const QString &path, const QString &device, QList<int> *created, LoadProgress *progress);
    Outcome save(int id, const QString &path);

private:
    CardTable &m_cards;
    const MemoryGuard &m_memory;
    ActionLog &m_actions;
    const PendingSummaries &m_summaries;
};

} // namespace tk
