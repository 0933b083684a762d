#pragma once

#include "core/files/loadprogress.h"

namespace tk {

// One phase of a load as a share of the whole: a phase's `done` of its `total` becomes
// [offset, offset + span] of `grandTotal`, so the whole rises monotonically across phases.
// Cancelling is the outer progress's.
class LoadPhase : public LoadProgress
{
public:
    LoadPhase(LoadProgress *outer, qint64 offset, qint64 span, qint64 grandTotal)
        : m_outer(outer), m_offset(offset), m_span(span), m_grandTotal(grandTotal)
    { }
    void advance(qint64 done, qint64 total) override
    {
        if (!m_outer)
            return;
        const double share = total > 0 ? double(done) / double(total) : 1.0;
        m_outer->advance(m_offset + qint64(share * double(m_span)), m_grandTotal);
    }
    bool cancelRequested() const override { return m_outer && m_outer->cancelRequested(); }

private:
    LoadProgress *m_outer;
    qint64 m_offset, m_span, m_grandTotal;
};

} // namespace tk
