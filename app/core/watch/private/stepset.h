#pragma once

#include <QList>

#include <algorithm>
#include <iterator>

namespace tk {

// The distinct step numbers a finding counts (the steps a line was seen in). The kept lists are
// in the program's order, so steps come non-decreasing: a repeat of the last one is dropped as
// it comes and the rest stay sorted; one that goes back (another thread, a hostile stream) is
// sorted in once, when next asked. A QSet of a long run's 100,000 steps, hashed one by one and
// copied to intersect, cost a findings read tens of milliseconds on the GUI thread.
class StepSet
{
public:
    void insert(qint64 step)
    {
        if (!m_steps.isEmpty()) {
            if (m_steps.constLast() == step)
                return;
            m_sorted = m_sorted && step > m_steps.constLast();
        }
        m_steps.append(step);
    }

    qsizetype size() const
    {
        settle();
        return m_steps.size();
    }

    // How many steps both hold.
    qsizetype commonWith(const StepSet &other) const
    {
        settle();
        other.settle();
        qsizetype n = 0;
        auto a = m_steps.cbegin(), b = other.m_steps.cbegin();
        while (a != m_steps.cend() && b != other.m_steps.cend()) {
            if (*a < *b) {
                ++a;
            } else if (*b < *a) {
                ++b;
            } else {
                ++n;
                ++a;
                ++b;
            }
        }
        return n;
    }

    void unite(const StepSet &other)
    {
        settle();
        other.settle();
        QList<qint64> both;
        both.reserve(m_steps.size() + other.m_steps.size());
        std::set_union(m_steps.cbegin(), m_steps.cend(), other.m_steps.cbegin(), other.m_steps.cend(),
                       std::back_inserter(both));
        m_steps = std::move(both);
    }

private:
    void settle() const
    {
        if (m_sorted)
            return;
        std::sort(m_steps.begin(), m_steps.end());
        m_steps.erase(std::unique(m_steps.begin(), m_steps.end()), m_steps.end());
        m_sorted = true;
    }

    mutable QList<qint64> m_steps;
    mutable bool m_sorted = true;
};

} // namespace tk
