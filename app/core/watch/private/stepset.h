#pragma once

#include <QList>

#include <algorithm>
#include <iterator>

namespace tk {

// The distinct step numbers a finding counts (the steps a line was seen in). The kept lists are
// in the program's order, so steps come non-decreasing: a repeat of the last one is dropped as
// it comes and the rest stay sorted; one that goes back (another thread, a hostile stream) is
// sorted in once, when next asked. A QSet of a long run's 100,000 steps, hashed one by one and
// copied to intersect, cost a findings read tens of milliseconds on the GUI thread. They are held
// as runs of consecutive steps: a line seen in every step of 100,000 is one run, not 800 KB.
class StepSet
{
public:
    void insert(qint64 step)
    {
        if (!m_runs.isEmpty()) {
            Run &last = m_runs.last();
            if (step >= last.first && step <= last.last)
                return;
            if (step == last.last + 1) {
                last.last = step; // a loop seen in every step holds one run
                return;
            }
            m_sorted = m_sorted && step > last.last;
        }
        m_runs.append({step, step});
    }

    qsizetype size() const
    {
        settle();
        qsizetype n = 0;
        for (const Run &r : std::as_const(m_runs))
            n += r.last - r.first + 1;
        return n;
    }

    // How many steps both hold.
    qsizetype commonWith(const StepSet &other) const
    {
        settle();
        other.settle();
        qsizetype n = 0;
        auto a = m_runs.cbegin(), b = other.m_runs.cbegin();
        while (a != m_runs.cend() && b != other.m_runs.cend()) {
            const qint64 from = std::max(a->first, b->first), to = std::min(a->last, b->last);
            if (from <= to)
                n += to - from + 1;
            if (a->last < b->last)
                ++a;
            else
                ++b;
        }
        return n;
    }

    void unite(const StepSet &other)
    {
        m_runs.append(other.m_runs);
        m_sorted = false;
        settle();
    }

private:
    struct Run
    {
        qint64 first, last;
    };

    // Sorted, disjoint, not adjacent runs: what the counts above walk.
    void settle() const
    {
        if (m_sorted)
            return;
        std::sort(m_runs.begin(), m_runs.end(), [](const Run &a, const Run &b) { return a.first < b.first; });
        QList<Run> merged;
        for (const Run &r : std::as_const(m_runs)) {
            if (!merged.isEmpty() && r.first <= merged.last().last + 1)
                merged.last().last = std::max(merged.last().last, r.last);
            else
                merged.append(r);
        }
        m_runs = std::move(merged);
        m_sorted = true;
    }

    mutable QList<Run> m_runs;
    mutable bool m_sorted = true;
};

} // namespace tk
