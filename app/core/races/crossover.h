#pragma once

#include <QVector>

namespace tk {

// Where a speed-up curve crosses 1: the N from which the challenger (a GPU, or more cooks)
// beats the baseline. Interpolated on log N and log speed-up, as the chart draws them.
struct Crossover
{
    enum class State { NoData, Never, Always, At };
    State state = State::NoData;
    double n = 0; // for At: the interpolated N

    static Crossover find(const QVector<double> &sizes, const QVector<double> &speedups);
};

} // namespace tk
