#pragma once
// Core-internal: the statistics and heat maps a large load leaves for later, made a slice at a
// time (KitchenWorker asks for one slice per turn). Includes torch.

#include "core/cards/private/cardtable.h"
#include "core/cards/private/summarypass.h"

#include <QList>
#include <memory>

namespace tk {

class PendingSummaries
{
public:
    explicit PendingSummaries(CardTable &cards) : m_cards(cards) { }

    // On: a load adds its cards with summaries pending (shape, dtype, device and name known, no
    // values read). Off (the default): a load answers with every card summarised.
    void setDeferred(bool on) { m_deferred = on; }
    bool deferred() const { return m_deferred; }
    bool any() const; // a card still waits for its summary
    // Reads about `byteBudget` bytes of pending cards' values (a big tensor over several calls)
    // and returns the cards whose summaries landed.
    QList<CardInfo> summarise(qint64 byteBudget);

private:
    // The pending card summarise() is part-way through, and which tensor (and version of its
    // values) the part already read came from.
    struct Partial
    {
        int id = -1;
        const void *tensor = nullptr;
        int64_t version = 0;
        qint64 fed = 0;
        std::unique_ptr<SummaryPass::Stream> stream;
        // A mapped .safetensors tensor's own copy, filled as its bytes are fed (null otherwise).
        c10::DataPtr copy;
    };

    CardTable &m_cards;
    bool m_deferred = false;
    Partial m_partial;
};

} // namespace tk
