#pragma once
// Core-internal: the rest of a training setup as cards: an MLP made as PyTorch's nn.Sequential
// of Linear and ReLU would be, an optimizer over a model card's parameters, a cross-entropy loss.
// Includes torch.

#include "core/cards/private/actionlog.h"
#include "core/cards/private/cardtable.h"
#include "core/cards/private/memoryguard.h"

namespace tk {

class ModelCards
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    ModelCards(CardTable &cards, const MemoryGuard &memory, ActionLog &actions);

    // Workspace::createModel, createOptimizer, createLoss and parameterKeys (workspace.h).
    Outcome createModel(int width, int depth, const QString &name, quint64 seed);
    Outcome createOptimizer(int modelId, const QString &kind, const QString &name);
    Outcome createLoss(const QString &name);
    QList<quintptr> parameterKeys(int id) const;

private:
    CardTable &m_cards;
    const MemoryGuard &m_memory;
    ActionLog &m_actions;
};

} // namespace tk
