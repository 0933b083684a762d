#pragma once

#include "core/watch/watchmessage.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace tk {

// One line of the watch protocol → a WatchMessage, or a rejection with its reason. Enforces
// the protocol's limits on what a line may carry; nothing it reads is executed or opened.
class WatchParser
{
    Q_DECLARE_TR_FUNCTIONS(WatchParser)

public:
    static constexpr int kVersion = 1; // the protocol's version this app reads
    static constexpr int kMaxString = 4096; // characters; a longer string is cut
    static constexpr int kMaxName = 512; // a name or a path: cut there
    static constexpr int kMaxShape = 16; // dimensions
    static constexpr int kMaxItems = 256; // a tensors sample
    static constexpr int kMaxTraceback = 64; // frames
    static constexpr int kMaxDevices = 64; // hello, memory, an error's devices
    static constexpr int kMaxCalls = 64; // a step's call lines (WatchCall)
    static constexpr int kMaxArgv = 256; // hello's argv: cut (not in the protocol's limits)
    static constexpr int kMaxSites = 4096; // a window's sites

    enum class Rejection { None, Malformed, Unknown };

    struct Result
    {
        Rejection rejection = Rejection::None;
        QString reason; // why, for a rejection
        WatchMessage message; // for an accepted line (a window's first)
        QList<WatchMessage> rest; // a window's other messages, in the program's order
        bool ok() const { return rejection == Rejection::None; }
        // Every message of an accepted line: one, or all those a window stands for.
        template<class F> void forEach(F &&f) const
        {
            if (!ok())
                return;
            f(message);
            for (const WatchMessage &m : rest)
                f(m);
        }
    };

    static Result parse(const QByteArray &line);
    // An object already read from JSON (a line, or a window's row with its site's fields).
    static Result parseObject(const QJsonObject &object);
    // A device string as PyTorch writes it: "cpu", "cuda:0", "meta", "xpu:1".
    static bool isDevice(const QString &text);
    // What a program or its files say is shown as text: control characters (but newlines and
    // tabs) and the bidirectional controls that would reorder what is around them are dropped.
    static void dropControls(QString &s);
};

} // namespace tk
