#pragma once

// The race's losses trained in this process, step by step (tst_training, tst_replicas).
#include "core/races/trainconfig.h"
#include "core/races/trainer.h"

#include <QList>

namespace tk::testsupport {

// Every step's loss of one in-process lane; empty when training failed.
inline QList<double> trainLosses(const TrainConfig &c, const TrainLane &lane = {})
{
    Trainer t(c, lane, 0);
    QString error;
    if (!t.prepare(&error))
        return {};
    QList<double> losses;
    for (int i = 0; i < c.steps; ++i) {
        TrainStep s;
        if (!t.step(&s, &error))
            return {};
        losses << s.loss;
    }
    return losses;
}

} // namespace tk::testsupport
