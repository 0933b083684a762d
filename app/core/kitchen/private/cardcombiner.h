#pragma once
// Core-internal: two cards combined into a new one (x + y, x * y, x @ y, torch.cat, model(x)),
// refused before allocating when the result would not fit, LibTorch's own error when the
// devices differ, and a notice where LibTorch lets a mix of devices through. Includes torch.

#include "core/kitchen/operation.h"
#include "core/cards/private/actionlog.h"
#include "core/cards/private/cardtable.h"
#include "core/cards/private/memoryguard.h"

namespace tk {

class CardCombiner
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    CardCombiner(CardTable &cards, const MemoryGuard &memory, ActionLog &actions);

    // `op` on cards a and b (a is the model for Forward); the result is called `resultName`
    // (a free name when empty).
    Outcome combine(Operation op, int a, int b, const QString &resultName);
    static at::Tensor forward(torch::nn::Sequential &model, at::Tensor x); // model(x)

private:
    CardTable &m_cards;
    const MemoryGuard &m_memory;
    ActionLog &m_actions;
};

} // namespace tk
