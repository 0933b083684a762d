#pragma once

#include "core/kitchen/movereport.h"
#include "core/kitchen/operror.h"
#include "core/watch/watchcall.h"
#include "core/watch/watchcard.h"
#include "core/watch/watchcollective.h"
#include "core/watch/watchdatawait.h"
#include "core/watch/watchdevice.h"
#include "core/watch/watchhello.h"
#include "core/watch/watchrecordingcap.h"
#include "core/watch/watchstep.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <variant>

namespace tk {

// The bodies of the protocol's messages that are not already one of the app's value types (a
// move is a MoveReport, an error an OpError, a hello a WatchHello, …).
namespace message {

struct Devices // CUDA devices named once the program initialised CUDA
{
    QList<WatchDevice> devices;
};

struct MoveTime // a move sent earlier, timed now (CUDA events)
{
    qint64 moveId = -1;
    double seconds = 0;
};

struct Tensors // the whole picture, at most 256 cards
{
    QList<WatchCard> cards;
};

struct Memory // each device's allocated/reserved/rss/total
{
    QList<WatchDevice> samples;
};

struct Step // an optimizer step, or a notebook cell (step.isCell)
{
    WatchStep step;
    QList<WatchCall> calls; // its lines that waited for a device or pinned, at most 64
};

struct Dropped
{
    qint64 count = 0;
};

struct Notice
{
    QString text;
};

struct Bye
{
    bool hasExitCode = false; // exit_code was not null
    int exitCode = 0;
    QList<WatchCall> calls; // the reads back after the last step, counted in the step that never ended
};

} // namespace message

// One message of the watch protocol (docs/watch-protocol.md), as WatchParser read it: its `t`
// and the body of its type, already in the app's own value types so that the rest of the app
// knows no protocol. The body is one of the alternatives below, as a KitchenRequest is one
// request: a message carries its own fields and no other type's.
struct WatchMessage
{
    enum class Type {
        Hello,
        Devices,
        Move,
        MoveTime,
        Tensors,
        Memory,
        DataWait,
        Step,
        Cell,
        Collective,
        Error,
        Dropped,
        RecordingCapped,
        Notice,
        Bye
    };

    using Body = std::variant<WatchHello, message::Devices, MoveReport, message::MoveTime, message::Tensors,
                              message::Memory, WatchDataWait, message::Step, WatchCollective, OpError, message::Dropped,
                              WatchRecordingCap, message::Notice, message::Bye>;

    double t = 0; // seconds since the watcher started
    Body body = message::Notice{};

    Type type() const;
    static QString typeName(Type type); // the protocol's word: "move_time"

    // The body as its type; a message of another type throws std::bad_variant_access (read
    // type() first, or std::get_if on body).
    template<class T> const T &as() const { return std::get<T>(body); }
    template<class T> T &as() { return std::get<T>(body); }
    const WatchHello &hello() const { return as<WatchHello>(); }
    const MoveReport &move() const { return as<MoveReport>(); }
    const WatchStep &step() const { return as<message::Step>().step; }
    const WatchDataWait &dataWait() const { return as<WatchDataWait>(); }
    const WatchCollective &collective() const { return as<WatchCollective>(); }
    const OpError &error() const { return as<OpError>(); }
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchMessage)
