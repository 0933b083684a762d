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

// What only the app's own moves know (a drop, a menu, a console line): what the code bound the
// result to, what became of the old tensor, and the line in the code log.
struct KitchenMoveFacts
{
    TransferMeaning meaning = TransferMeaning::Reassign;
    int resultId = -1; // the card that holds the result; -1 for Discard
    QString resultName;
    bool oldReleased = false; // Reassign: the old storage had no other holder and was freed
    bool noMoveNeeded = false; // an optimizer or a loss: there is nothing to move
    QString codeLine;
};

// What only a watched program's moves carry (app/core/watch/): its stream's id, when, where in
// its code, how it was asked, and what the moved tensor was.
struct WatchedMoveFacts
{
    qint64 id = -1; // the stream's id of the move
    double at = 0; // when, in seconds since the watcher started (the protocol's t)
    QString api; // "Tensor.to", "Module.cuda", …
    QString file; // the user's source file of the call, or "<stdin>", …
    int line = 0; // its line; 0: not known
    int cell = 0; // a notebook cell's execution count when file is that cell
    bool pinned = false; // the source was in pinned (page-locked) host memory
    bool nonBlocking = false;
    int step = -1; // the optimizer step the move belongs to
    QString className; // a module's class ("Linear")
    QString dtype;
    QList<qint64> shape;
    qint64 sourceBytes = 0; // the storage the moved tensor is a view of, when larger (a batch
        // sliced from its whole dataset); 0: not a view, or not sent
};

// What one `.to()` did, measured: the move itself, whoever made it, and beside it the facts only
// its source knows (`kitchen` for the app's own moves, `program` for a watched program's; the
// other stays at its defaults).
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
    int sourceId = -1; // the card that moved, in the kitchen that shows it; -1: none shows it
    QString sourceName;
    QString fromDevice;
    QString requestedDevice; // what the user aimed at, e.g. "cuda"
    QString toDevice; // what it resolved to, e.g. "cpu" on a machine with no GPU
    bool idiomFallback = false; // "cuda" requested, none available: the idiom gave cpu
    bool sameStorage = false; // to() returned the tensor itself: nothing was copied
    bool inPlace = false; // a model: Module.to() moved its parameters, no copy was left
    qint64 bytes = 0;
    double seconds = 0;
    bool timed = true; // false while `seconds` is not known yet (CUDA events pending)
    QString timing; // how seconds was measured: "synchronised" (MovePath), or a watched
        // program's "wall", "cuda_events", "none"
    // Like moves of one name between the same devices, flown as one ("× 128 batches"): bytes
    // and seconds are their sums.
    int count = 1;

    KitchenMoveFacts kitchen; // a Kitchen or Console move's
    WatchedMoveFacts program; // a Watched move's

    bool watched() const { return origin == MoveOrigin::Watched; }
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
Q_DECLARE_TYPEINFO(tk::KitchenMoveFacts, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(tk::WatchedMoveFacts, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(tk::MoveReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(tk::MoveReport)
