#include "core/watch/watchconnection.h"

#include "core/watch/watchedprogram.h"

#include <QLocalSocket>
#include <QTimer>

namespace tk {

WatchConnection::WatchConnection(QLocalSocket *socket, WatchedProgram *program, qint64 budget, QObject *parent)
    : QObject(parent), m_socket(socket), m_program(program), m_budget(qMax<qint64>(1, budget))
{
    socket->setParent(this);
    socket->setReadBufferSize(kReadBuffer);
    connect(socket, &QLocalSocket::readyRead, this, &WatchConnection::schedule);
    connect(socket, &QLocalSocket::disconnected, this, [this] {
        // Keep what Qt still buffered: the socket's buffer may go with the socket.
        if (m_socket)
            m_backlog += m_socket->readAll();
        m_closed = true;
        schedule();
    });
    connect(program, &WatchedProgram::refused, this, [this] {
        m_backlog.clear();
        close();
    });
    if (socket->bytesAvailable() > 0)
        schedule();
}

void WatchConnection::schedule()
{
    if (m_scheduled || m_finished)
        return;
    m_scheduled = true;
    // A zero timer runs after the events already queued, input and painting among them.
    QTimer::singleShot(0, this, &WatchConnection::pump);
}

void WatchConnection::pump()
{
    m_scheduled = false;
    if (m_finished)
        return;
    QByteArray chunk;
    if (!m_backlog.isEmpty()) {
        chunk = m_backlog.left(m_budget);
        m_backlog.remove(0, chunk.size());
    } else if (m_socket && !m_closed) {
        chunk = m_socket->read(m_budget);
    }
    if (!chunk.isEmpty() && m_program) {
        m_bytesRead += chunk.size();
        m_program->feed(chunk);
    }
    if (m_finished)
        return; // the chunk was refused, and close() has run
    const bool more = !m_backlog.isEmpty() || (m_socket && !m_closed && m_socket->bytesAvailable() > 0);
    if (more)
        schedule();
    else if (m_closed)
        finish();
}

void WatchConnection::close()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
    }
    m_closed = true;
    finish();
}

void WatchConnection::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_program)
        m_program->finishInput();
    Q_EMIT finished();
}

} // namespace tk
