#pragma once

#include <QVector>
#include <algorithm>

namespace tk {

// The median the races and the bench report: the middle value, or the mean of the two middle
// values of an even count (as statistics.median and torch.utils.benchmark's Measurement do);
// 0 for none. One definition: `v[n/2]` of a sorted copy is the upper middle, not the median.
inline double median(QVector<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype m = v.size() / 2;
    return v.size() % 2 ? v.at(m) : (v.at(m - 1) + v.at(m)) / 2;
}

} // namespace tk
