#pragma once

#include <QMetaType>
#include <QString>

namespace tk {

// One optimizer step of a watched program: a point of the per-step chart (copying, waiting
// for data, and the rest of `seconds`).
struct WatchStep
{
    qint64 n = 0;             // counts from 1
    double at = 0;            // the protocol's t
    QString optimizer;        // "Adam"
    double seconds = 0;       // wall time since the previous step
    double waitSeconds = 0;   // of which DataLoader waits
    double copySeconds = 0;   // of which moves (their durations known when the step ended)
    qint64 bytes = 0;         // moved in the step
    qint64 moves = 0;
    QString file;
    int line = 0;

    double otherSeconds() const { return qMax(0.0, seconds - waitSeconds - copySeconds); }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchStep)
