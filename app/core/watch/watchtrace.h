#pragma once

#include "core/watch/watchfinding.h"
#include "core/watch/watchmessage.h"
#include "core/watch/watchtracestore.h"

#include <QByteArray>
#include <QCborStreamWriter>
#include <QCborValue>
#include <QJsonValue>
#include <QCoreApplication>
#include <QHash>
#include <QIODevice>
#include <QJsonObject>
#include <QList>

namespace tk {

// A watched program's stream as a Chrome trace (the Trace Event Format that Perfetto,
// chrome://tracing and torch.profiler's Kineto traces use), so a recording opens where
// practitioners read timelines. Fed the stream's messages in order; several streams (the ranks
// of a job) may be fed one after another: each becomes a process of its own, named by its
// program, pid and rank. Times are microseconds since the watcher started.
//
// Mapping: steps, moves and DataLoader waits are complete slices ("X") on three lanes of the
// process, each ending at its message's t (a slice's message is sent when it has finished);
// memory samples are counters ("C") per device; errors are process-wide instants ("i");
// metadata ("M") names each process and lane.
class WatchTrace
{
    Q_DECLARE_TR_FUNCTIONS(WatchTrace)

public:
    // A program's trace holds at most this many events and stored bytes (its compact CBOR); later ones are left
    // out (and counted), so a long run cannot make the app hold more.
    static constexpr int kMaxEvents = 500000;
    static constexpr qint64 kMaxBytes = qint64(64) << 20;

    enum Lane { Steps = 1, Moves = 2, DataWaits = 3, Cells = 4, Collectives = 5 };

    void add(const WatchMessage &message);
    // A recording (.tkwatch) read line by line into this trace; false with *error when the file
    // cannot be read or holds no watch stream (no hello). Malformed lines are skipped.
    bool addRecording(const QString &path, QString *error);
    QByteArray toJson() const;
    // The findings about program `pid` (WatchFindings), as process-wide instants named "finding:
    // …" with their evidence, cost and fix in args.
    void addFindings(qint64 pid, const QList<WatchFinding> &findings);
    // Several programs' traces (each its own process: the ranks of a job) as one file.
    static QByteArray toJson(const QList<const WatchTrace *> &traces);
    // The same, written to `out` as it is made (false when a write fails).
    static bool write(QIODevice *out, const QList<const WatchTrace *> &traces);
    qsizetype eventCount() const { return m_store.size(); }
    qint64 leftOut() const { return m_leftOut; }
    int processes() const { return m_processes; }

private:
    class Writer;

    void append(const QJsonObject &event);
    QJsonObject event(const char *phase, const QString &name, double t) const;
    void metadata(const char *what, int tid, const QJsonObject &args);
    bool full() const { return m_store.size() >= kMaxEvents || m_store.bytes() >= kMaxBytes; }
    // The event at `index` as JSON, with a move's later time applied.
    QByteArray eventJson(qsizetype index) const;

    // Every event as compact CBOR (QCborStreamWriter writes it straight from the message, with
    // no object tree): a fraction of the memory and time of a QJsonObject each. Written out as
    // JSON once, by write().
    WatchTraceStore m_store;
    QHash<qint64, qsizetype> m_pendingMoves; // an untimed move's id → its event, for a later move_time
    QHash<qsizetype, double> m_moveTimes; // a move's event → its seconds, from its move_time
    qint64 m_pid = 0; // the current stream's process
    int m_processes = 0;
    qint64 m_leftOut = 0;
};

} // namespace tk
