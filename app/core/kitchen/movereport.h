#pragma once

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>

namespace tk {

// The three things `.to(device)` can mean in code.
enum class TransferMeaning {
    Reassign, // x = x.to(d): x now names the copy; the old tensor is released
    NewName, // y = x.to(d): both remain
    Discard, // x.to(d): the copy is made and thrown away; x stays where it was
};

QString meaningName(TransferMeaning m);

// Who made a move, and so what timed it.
enum class MoveOrigin {
    Kitchen, // a drop, a menu, a model moved in place: MovePath::timed, both devices synchronised
    Console, // a console line's .to(): the console's move hook calls the same MovePath
    Watched, // a watched program's: its watcher timed it (perf_counter around a synchronous copy,
    // CUDA events for an asynchronous one), nothing in the app did
};

// What one `.to()` did, measured.
struct MoveReport
{
    Q_DECLARE_TR_FUNCTIONS(MoveReport)

public:
    // The one way a MoveReport is made, whatever made the move: its origin, what moved, from
    // where, where it was asked to go and where it went (the same when `requested` is empty), and
    // its bytes. The idiom's fallback ("cuda" asked, the CPU given) and how it is timed follow
    // from these; each caller then adds what only it knows (the meaning, the result, the time).
    static MoveReport of(MoveOrigin origin, const QString &sourceName, const QString &fromDevice,
                         const QString &requested, const QString &toDevice, qint64 bytes);

    MoveOrigin origin = MoveOrigin::Kitchen;
    TransferMeaning meaning = TransferMeaning::Reassign;
    int sourceId = -1;
    int resultId = -1; // the card that holds the result; -1 for Discard
    QString sourceName;
    QString resultName;
    QString fromDevice;
    QString requestedDevice; // what the user aimed at, e.g. "cuda"
    QString toDevice; // what it resolved to, e.g. "cpu" on a machine with no GPU
    bool idiomFallback = false; // "cuda" requested, none available: the idiom gave cpu
    bool sameStorage = false; // to() returned the tensor itself: nothing was copied
    bool oldReleased = false; // Reassign: the old storage had no other holder and was freed
    bool inPlace = false; // a model: Module.to() moved its parameters, no copy was left
    bool noMoveNeeded = false; // an optimizer or a loss: there is nothing to move
    qint64 bytes = 0;
    double seconds = 0;
    QString codeLine;

    // --- A watched program's move (app/core/watch/): what its watcher reported beside the
    // fields above. A move of the app's own workspace leaves them at their defaults.
    qint64 moveId = -1; // the stream's id of the move; -1: not a watched move
    double at = 0; // when, in seconds since the watcher started (the protocol's t)
    QString api; // "Tensor.to", "Module.cuda", …
    QString file; // the user's source file of the call, or "<stdin>", …
    int line = 0; // its line; 0: not known
    int cell = 0; // a notebook cell's execution count when file is that cell
    bool pinned = false; // the source was in pinned (page-locked) host memory
    bool nonBlocking = false;
    bool timed = true; // false while `seconds` is not known yet (CUDA events pending)
    QString timing; // how seconds was measured: "synchronised" (MovePath), or a watched
        // program's "wall", "cuda_events", "none"
    int step = -1; // the optimizer step the move belongs to
    QString className; // a module's class ("Linear"); inPlace is set for modules
    QString dtype;
    QList<qint64> shape;
    qint64 sourceBytes = 0; // the storage the moved tensor is a view of, when larger (a batch
        // sliced from its whole dataset); 0: not a view, or not sent

    bool watched() const { return origin == MoveOrigin::Watched; }
    // Like moves of one name between the same devices, flown as one ("× 128 batches"): bytes
    // and seconds are their sums.
    int count = 1;

    double gigabytesPerSecond() const { return seconds > 0 ? bytes / seconds / 1e9 : 0; }
    // A move to or from the meta device copies no data (meta tensors have shapes, no values):
    // it is captioned "shapes only", never with bytes per second.
    bool shapesOnly() const { return fromDevice == QLatin1String("meta") || toDevice == QLatin1String("meta"); }
    QString describe() const; // one human sentence for the status bar and the CLI

private:
    QString sentence() const; // describe() before its Korean particles are chosen
};

} // namespace tk

// Every member is relocatable: a kept list of 100,000 grows by moving its memory, not element by
// element (opening a long recording stalled the window at each doubling).
Q_DECLARE_TYPEINFO(tk::MoveReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(tk::MoveReport)
