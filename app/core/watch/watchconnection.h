#pragma once

#include "core/watch/watchedprogram.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

class QLocalSocket;

namespace tk {

// One watched program's socket, read for WatchServer: at most a budget of bytes per event-loop
// turn, so that a program sending a flood cannot starve the GUI; the rest waits for the next
// turn (and, with the socket's read buffer full, in the kernel, where it holds the watcher's
// writes back; the watcher then drops and counts).
class WatchConnection : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 kDefaultBudget = 64 * 1024; // bytes per turn
    static constexpr qint64 kReadBuffer = 1024 * 1024; // what Qt buffers before the kernel does

    // Takes the socket (reparented to this); the program stays its owner's.
    WatchConnection(QLocalSocket *socket, WatchedProgram *program, qint64 budget, QObject *parent);

    WatchedProgram *program() const { return m_program; }
    qint64 bytesRead() const { return m_bytesRead; }
    void close(); // drops the socket; the program sees the end of its stream

Q_SIGNALS:
    void finished(); // the stream ended (closed by the peer, or refused) and was read to its end

private:
    void schedule();
    void pump();
    void finish();

    QPointer<QLocalSocket> m_socket;
    QPointer<WatchedProgram> m_program;
    QByteArray m_backlog; // what was left in the socket when it closed
    qint64 m_budget;
    qint64 m_bytesRead = 0;
    bool m_scheduled = false;
    bool m_closed = false; // no more bytes will come from the socket
    bool m_finished = false;
};

} // namespace tk
