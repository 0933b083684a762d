#pragma once

#include "core/kitchen/movereport.h"
#include "core/kitchen/operror.h"
#include "core/watch/watchcard.h"
#include "core/watch/watchcounters.h"
#include "core/watch/watchdatawait.h"
#include "core/watch/watchdevice.h"
#include "core/watch/watchgraphhistory.h"
#include "core/watch/watchhello.h"
#include "core/watch/watchkept.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchmemorypoint.h"
#include "core/watch/watchnamedbytes.h"
#include "core/watch/watchparser.h"
#include "core/watch/watchrecordingcap.h"
#include "core/watch/watchstep.h"
#include "core/watch/watchtextpool.h"
#include "core/watch/watchtrace.h"

#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <optional>

namespace tk {

// One watched PyTorch program, as its stream of protocol messages builds it: its hello facts,
// its devices and their memory, the cards of its latest sample, its moves (MoveReports, like
// the app's own), steps, data waits and errors (OpErrors). Fed by WatchServer (one per
// connection) or WatchReplay (a recording); lives on the GUI thread. Every signal carries
// value types only, so a queued connection works too.
//
// Order is enforced: the first message must be a hello of version 1 (naming the expected pid,
// when the server set one); a non-hello first or a second hello refuses the stream (state
// Refused, refused(reason)), and nothing after it is taken. Malformed lines before the hello
// are counted and skipped; a stream that ends without a hello is refused.
class WatchedProgram : public QObject
{
    Q_OBJECT

public:
    enum class State {
        AwaitingHello, // connected, nothing valid yet
        Running, // said hello; no bye yet
        Ended, // said bye, or its stream closed (see endedByBye())
        Refused, // not a watch stream we accept: see refusal()
    };
    Q_ENUM(State)

    static constexpr int kMaxCards = 4096; // open cards per program (the protocol's limit)
    static constexpr int kMaxDevices = 64;
    static constexpr int kMaxKept = 100000; // moves, steps, data waits kept; older ones go
    static constexpr int kMaxErrors = 1000;
    static constexpr int kMaxNotices = 100;
    static constexpr int kMaxGraphs = 64; // named tensors whose autograd graph is followed
    static constexpr int kMaxGraphSamples = 256; // per name; then every other one is dropped
    static constexpr int kMaxMemoryPoints = 8192; // then every other one is dropped
    static constexpr int kMaxNamed = 256; // names whose bytes are followed
    static constexpr int kDefaultBatchMs = 20;

    explicit WatchedProgram(QObject *parent = nullptr);

    // --- Input.
    void feed(const QByteArray &bytes); // raw bytes, split anywhere
    void finishInput(); // end of the stream: a last line, then Ended/Refused
    void receive(WatchParser::Result parsed); // one parsed line (WatchReplay); its texts are kept shared
    void countOversized(qint64 lines); // lines a reader outside this object dropped
    // The peer's pid as the socket told it (SO_PEERCRED): a hello naming another is refused.
    void setExpectedPid(qint64 pid) { m_expectedPid = pid; }
    void refuse(const QString &reason);
    // Moves and data waits are sent in batches: those arriving within `ms` go out together
    // (0: those of one event-loop turn). Nothing waits without an event loop: call flush().
    void setBatchMs(int ms) { m_batchTimer.setInterval(ms); }
    void flush();

    // --- State.
    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }
    QString refusal() const { return m_refusal; }
    const WatchHello &hello() const { return m_hello; }
    bool endedByBye() const { return m_endedByBye; }
    bool hasExitCode() const { return m_hasExitCode; }
    int exitCode() const { return m_exitCode; }
    double lastT() const { return m_lastT; } // the latest t heard
    const QList<WatchDevice> &devices() const { return m_devices; } // hello's order, then new ones
    const WatchDevice *device(const QString &name) const;
    const QList<WatchCard> &cards() const { return m_cards; }
    // Moves, steps, data waits and calls are kept compactly (WatchKept): read them as lists
    // whose elements are values.
    const WatchKept<MoveReport> &moves() const { return m_moves; } // the latest kMaxKept, in order
    qint64 moveCount() const { return m_moveCount; } // all the stream's moves
    std::optional<MoveReport> move(qint64 moveId) const;
    const WatchKept<WatchStep> &steps() const { return m_steps; }
    qint64 stepCount() const { return m_stepCount; } // all the stream's optimizer steps
    const WatchKept<WatchDataWait> &dataWaits() const { return m_dataWaits; }
    qint64 dataWaitCount() const { return m_dataWaitCount; } // all the stream's data waits
    const QList<WatchCollective> &collectives() const { return m_collectives; }
    qint64 collectiveCount() const { return m_collectiveCount; }
    const WatchKept<WatchCall> &calls() const { return m_calls; } // the steps' call lines, latest kMaxKept
    // Named tensors with autograd history, sample by sample (at most kMaxGraphs names).
    const QList<WatchGraphHistory> &graphs() const { return m_graphs; }
    // Every device's memory sample against the steps done (at most kMaxMemoryPoints, thinned).
    const QList<WatchMemoryPoint> &memoryPoints() const { return m_memoryPoints; }
    // Each name's bytes when first and last sampled (at most kMaxNamed names).
    const QList<WatchNamedBytes> &namedBytes() const { return m_namedBytes; }
    const QList<OpError> &errors() const { return m_errors; }
    QStringList notices() const { return m_notices; }
    std::optional<WatchRecordingCap> recordingCap() const { return m_recordingCap; }
    WatchCounters counters() const { return m_counters; }
    // The stream so far as a Chrome trace (File → Export trace…), unless it is not kept.
    const WatchTrace &trace() const { return m_trace; }
    // Whether the stream is also kept as a trace (up to WatchTrace::kMaxEvents; the default). A
    // reader that never exports one (the headless replay's JSON and text) turns it off before
    // the stream starts and holds that much less.
    void setKeepsTrace(bool keeps) { m_keepsTrace = keeps; }

Q_SIGNALS:
    void helloReceived(); // state() is Running
    void refused(const QString &reason); // state() is Refused
    void movesArrived(const QList<tk::MoveReport> &moves);
    void moveTimed(const tk::MoveReport &move); // a move sent earlier got its seconds
    void dataWaitsArrived(const QList<tk::WatchDataWait> &waits);
    void stepArrived(const tk::WatchStep &step); // after the moves that came before it
    void memoryChanged(); // devices() has new figures or names
    void cardsChanged(); // cards() is a new picture
    void errorArrived(const tk::OpError &error);
    void noticeArrived(const QString &text);
    // A recording that stopped growing at its cap (a replay): said where it stopped, and again
    // with the counts of what was left out just before its bye.
    void recordingCapped();
    void countersChanged(const tk::WatchCounters &counters);
    void ended(); // state() is Ended

private:
    void take(const WatchMessage &m);
    void takeHello(const WatchMessage &m);
    void takeMemory(const QList<WatchDevice> &samples);
    void takeGraphs(const QList<WatchCard> &cards);
    void takeDevices(const QList<WatchDevice> &named);
    void timeMove(qint64 moveId, double seconds);
    void end(bool bye);
    void scheduleFlush();
    template<typename T> static void trim(QList<T> &list);
    template<typename T> static void trim(WatchKept<T> &kept);
    qsizetype moveIndex(qint64 moveId) const; // -1: not kept
    void share(WatchMessage &m);

    State m_state = State::AwaitingHello;
    QString m_refusal;
    qint64 m_expectedPid = 0;
    WatchHello m_hello;
    bool m_endedByBye = false;
    bool m_hasExitCode = false;
    int m_exitCode = 0;
    double m_lastT = 0;

    WatchLineReader m_reader;

    QList<WatchDevice> m_devices;
    QList<WatchCard> m_cards;
    WatchKept<MoveReport> m_moves; // ids strictly increasing: found by binary search
    qint64 m_moveCount = 0;
    qint64 m_lastMoveId = -1;
    int m_unsentMoves = 0; // the last m_unsentMoves of m_moves are not yet sent
    WatchKept<WatchDataWait> m_dataWaits;
    QList<WatchCollective> m_collectives;
    QList<WatchDataWait> m_unsentWaits;
    WatchKept<WatchCall> m_calls;
    WatchKept<WatchStep> m_steps; // optimizer steps, or a notebook's cells until its first step
    QList<WatchGraphHistory> m_graphs;
    QList<WatchMemoryPoint> m_memoryPoints;
    QList<WatchNamedBytes> m_namedBytes;
    qint64 m_stepCount = 0;
    qint64 m_dataWaitCount = 0;
    qint64 m_collectiveCount = 0;
    bool m_optimizerSteps = false;
    QList<OpError> m_errors;
    QStringList m_notices;
    std::optional<WatchRecordingCap> m_recordingCap;
    WatchTextPool m_texts; // every kept text, once: the program's byte budget for them
    bool m_textsSpent = false;
    WatchCounters m_counters;
    bool m_countersChanged = false;
    WatchTrace m_trace;
    bool m_keepsTrace = true;
    QTimer m_batchTimer;
};

} // namespace tk
