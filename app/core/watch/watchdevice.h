#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace tk {

// One device of a watched program: what its hello said about it, and its memory as the
// `memory` samples report it. -1 marks a figure the watcher did not send.
struct WatchDevice
{
    QString device; // "cpu", "cuda:0", … (validated: never a path)
    QString name; // "NVIDIA H200", the CPU's model
    QString capability; // "9.0" for CUDA devices
    qint64 total = -1; // bytes: the device's memory, or the machine's for cpu

    // The latest `memory` sample: on CUDA allocated/reserved, on the CPU the resident set.
    qint64 allocated = -1;
    qint64 reserved = -1;
    qint64 rss = -1;
    // The highest values seen so far in this stream.
    qint64 peakAllocated = -1;
    qint64 peakReserved = -1;
    qint64 peakRss = -1;

    // The figure a gauge shows: allocated on CUDA, the resident set elsewhere.
    qint64 used() const { return allocated >= 0 ? allocated : rss; }
    qint64 peakUsed() const { return peakAllocated >= 0 ? peakAllocated : peakRss; }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchDevice)
