#pragma once

#include <QList>
#include <QString>

namespace tk {

// A named tensor with autograd history, as the watcher's samples saw it (its cards' `graph`):
// the nodes of its graph against the steps done by then. A graph that grows from step to step
// is history kept across the loop (graph_kept).
struct WatchGraphHistory
{
    struct Sample
    {
        qint64 steps = 0; // optimizer steps done when it was sampled
        qint64 nodes = 0; // at most the watcher's 4,096
        double at = 0; // the protocol's t
    };

    QString name;
    QString device;
    QString file;
    int line = 0; // where the frame was when first seen
    int assignedLine = 0; // the line of file that assigns the name; 0: not sent
    int cell = 0;
    QList<Sample> samples; // in order; thinned to every other one when full
};

} // namespace tk
