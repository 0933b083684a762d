#include "core/races/crossover.h"

#include <cmath>

namespace tk {

Crossover Crossover::find(const QVector<double> &sizes, const QVector<double> &speedups)
{
    Crossover c;
    const int count = int(std::min(sizes.size(), speedups.size()));
    if (count == 0)
        return c;
    // The challenger wins from the point after its last loss: near N where both tie, noise
    // can flick the ratio above 1 and back, and such a blip is no win.
    int lastLoss = -1;
    for (int i = 0; i < count; ++i)
        if (speedups[i] < 1.0)
            lastLoss = i;
    if (lastLoss < 0) {
        c.state = State::Always;
        c.n = sizes.first();
        return c;
    }
    if (lastLoss == count - 1) {
        c.state = State::Never;
        return c;
    }
    const int i = lastLoss + 1;
    const double l0 = std::log(speedups[i - 1]), l1 = std::log(speedups[i]);
    const double t = l1 > l0 ? -l0 / (l1 - l0) : 0.0;
    c.state = State::At;
    c.n = std::exp(std::log(sizes[i - 1]) + t * (std::log(sizes[i]) - std::log(sizes[i - 1])));
    return c;
}

} // namespace tk
