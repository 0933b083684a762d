#pragma once

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

} // namespace tk
