#pragma once
// Core-internal: .safetensors files (Hugging Face's weight format) loaded as cards, all of them
// or none, each with its line of Python; tensor cards saved as one. Includes torch.

#include "core/files/private/pendingsummaries.h"
#include "core/kitchen/private/actionlog.h"
#include "core/kitchen/private/cardtable.h"
#include "core/kitchen/private/memoryguard.h"

namespace tk {

class LoadProgress;

class SafetensorsCards
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    SafetensorsCards(CardTable &cards, const MemoryGuard &memory, ActionLog &actions,
                     const PendingSummaries &summaries);

    // Workspace::loadSafetensors and Workspace::saveSafetensors (workspace.h says what they do).
    Outcome load(const QString &path, const QString &device, QList<int> *created, LoadProgress *progress);
    Outcome save(const QList<int> &ids, const QString &path);

private:
    CardTable &m_cards;
    const MemoryGuard &m_memory;
    ActionLog &m_actions;
    const PendingSummaries &m_summaries;
};

} // namespace tk
