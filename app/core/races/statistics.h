#pragma once

#include <QVector>
#include <algorithm>
#include <cmath>

namespace tk {

// The statistics the races, the transfer lab and the bench report, defined once.

// Linear interpolation between closest ranks, as torch.quantile, numpy.quantile and
// torch.utils.benchmark do; 0 for no values.
inline double quantile(QVector<double> values, double q)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const double pos = std::clamp(q, 0.0, 1.0) * double(values.size() - 1);
    const qsizetype lo = qsizetype(std::floor(pos));
    const qsizetype hi = std::min(values.size() - 1, lo + 1);
    return values[lo] + (values[hi] - values[lo]) * (pos - double(lo));
}

// The middle value, or the mean of the two middle values of an even count (statistics.median,
// and quantile(v, 0.5) above); 0 for none. `v[n/2]` of a sorted copy is the upper middle, not
// the median.
inline double median(QVector<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype m = v.size() / 2;
    return v.size() % 2 ? v.at(m) : (v.at(m - 1) + v.at(m)) / 2;
}

// The interquartile range, the spread torch.utils.benchmark's Measurement calls noisy above
// 10 % of the median.
inline double iqr(const QVector<double> &values) { return quantile(values, 0.75) - quantile(values, 0.25); }

} // namespace tk
