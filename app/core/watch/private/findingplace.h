#pragma once

#include "core/kitchen/movereport.h"
#include "core/watch/watchfinding.h"

#include <QHash>
#include <QString>

#include <algorithm>

namespace tk {

// Where a finding is said: a line of the user's file, or of a notebook's cell.
struct FindingPlace
{
    QString file;
    int line = 0;
    int cell = 0;

    bool operator==(const FindingPlace &o) const { return file == o.file && line == o.line && cell == o.cell; }

    void putIn(WatchFinding &f) const
    {
        f.file = file;
        f.line = line;
        f.cell = cell;
    }

    // A finding is said where it happens most (`counts` is not empty).
    static FindingPlace mostFrequent(const QHash<FindingPlace, int> &counts)
    {
        return std::max_element(counts.constBegin(), counts.constEnd(), [](int a, int b) { return a < b; }).key();
    }
};

inline size_t qHash(const FindingPlace &p, size_t seed = 0)
{
    return ::qHash(p.file, seed) ^ size_t(p.line) ^ (size_t(p.cell) << 20);
}

// What holds an item's file, line and cell: the item itself, or a move's watched facts.
template<typename Item> const Item &placed(const Item &item) { return item; }
inline const WatchedMoveFacts &placed(const MoveReport &move) { return move.program; }

// The entry of `hash` for an item's place (a move, a wait, a read: anything with file, line and
// cell). A kept list's items come from one line after another, so a run of them from one place
// is looked up once, not hashed for each of a long run's 100,000. Only this inserts into `hash`
// while it is used: the entry it holds stays valid.
template<typename Value> class PlaceLookup
{
public:
    explicit PlaceLookup(QHash<FindingPlace, Value> &hash) : m_hash(hash) { }

    template<typename Item> Value &operator()(const Item &item)
    {
        const auto &at = placed(item);
        if (!m_value || at.line != m_place.line || at.cell != m_place.cell || at.file != m_place.file) {
            m_place = FindingPlace{at.file, at.line, at.cell};
            m_value = &m_hash[m_place];
        }
        return *m_value;
    }

private:
    QHash<FindingPlace, Value> &m_hash;
    FindingPlace m_place;
    Value *m_value = nullptr;
};

} // namespace tk
