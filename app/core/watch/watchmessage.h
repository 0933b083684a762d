#pragma once

#include "core/kitchen/movereport.h"
#include "core/kitchen/operror.h"
#include "core/watch/watchcard.h"
#include "core/watch/watchcollective.h"
#include "core/watch/watchdatawait.h"
#include "core/watch/watchdevice.h"
#include "core/watch/watchhello.h"
#include "core/watch/watchrecordingcap.h"
#include "core/watch/watchstep.h"
#include "core/watch/watchcall.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace tk {

// One message of the watch protocol (docs/watch-protocol.md), as WatchParser read it: the
// type, its `t`, and the fields of that type, already in the app's own value types (a move is
// a MoveReport, an error an OpError) so that the rest of the app knows no protocol.
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

    Type type = Type::Notice;
    double t = 0; // seconds since the watcher started

    WatchHello hello; // Hello; Devices: its devices only
    MoveReport move; // Move; MoveTime: only moveId and seconds
    QList<WatchCard> cards; // Tensors: the whole picture, at most 256
    QList<WatchDevice> memory; // Memory: device and its allocated/reserved/rss/total
    WatchDataWait dataWait; // DataWait
    WatchStep step; // Step; Cell (isCell, n its execution count)
    QList<WatchCall> calls; // Step: its lines that waited for a device or pinned, at most 64
    WatchCollective collective; // Collective
    OpError error; // Error (kind, message, devices, code, traceback in details)
    qint64 count = 0; // Dropped
    WatchRecordingCap cap; // RecordingCapped
    QString text; // Notice
    bool hasExitCode = false; // Bye: exit_code was not null
    int exitCode = 0;

    static QString typeName(Type type); // the protocol's word: "move_time"
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchMessage)
