#include "core/watch/watchserver.h"

#include "core/watch/watchconnection.h"
#include "core/watch/watchedprogram.h"

#include <QDir>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tk {

namespace {

struct Peer
{
    bool known = false;
    qint64 pid = 0;
    qint64 uid = -1;
};

// Who is at the other end, as the kernel says (not as the peer says).
Peer peerOf(QLocalSocket *socket)
{
    Peer p;
#ifdef SO_PEERCRED
    ucred cred{};
    socklen_t size = sizeof cred;
    if (::getsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &cred, &size) == 0) {
        p.known = true;
        p.pid = cred.pid;
        p.uid = cred.uid;
    }
#else
    Q_UNUSED(socket)
#endif
    return p;
}

} // namespace

WatchServer::WatchServer(QObject *parent)
    : QObject(parent), m_budget(WatchConnection::kDefaultBudget), m_batchMs(WatchedProgram::kDefaultBatchMs)
{
    // programConnected's argument, for queued connections and QSignalSpy.
    qRegisterMetaType<tk::WatchedProgram *>();
}

WatchServer::~WatchServer() { close(); }

QString WatchServer::socketPath()
{
    const QString custom = qEnvironmentVariable("TENSORKITCHEN_SOCKET");
    if (!custom.isEmpty())
        return custom;
    return defaultFolder() + QStringLiteral("/watch.sock");
}

QString WatchServer::defaultFolder()
{
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty())
        return runtime + QStringLiteral("/tensor-kitchen");
    return QStringLiteral("/tmp/tensor-kitchen-%1").arg(::getuid());
}

bool WatchServer::prepareFolder(const QString &folder, bool ours)
{
    const QByteArray native = QFile::encodeName(folder);
    struct stat st
    {
    };
    if (::lstat(native.constData(), &st) != 0) {
        if (errno != ENOENT || !QDir().mkpath(folder) || ::lstat(native.constData(), &st) != 0) {
            m_error = tr("Cannot make the folder %1 for the watch socket: %2")
                          .arg(folder, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        ours = true; // we made it: it is ours to restrict
    }
    // A link or a folder of someone else's in /tmp could be a trap laid for our socket.
    if (!S_ISDIR(st.st_mode) || st.st_uid != ::getuid()) {
        m_error = tr("The folder %1 for the watch socket is not a folder of yours: Tensor Kitchen "
                     "does not listen there.")
                      .arg(folder);
        return false;
    }
    if (ours && (st.st_mode & 0777) != 0700 && ::chmod(native.constData(), 0700) != 0) {
        m_error = tr("Cannot make the folder %1 private: %2").arg(folder, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    return true;
}

bool WatchServer::listen(const QString &path)
{
    close();
    m_error.clear();
    const QString folder = QFileInfo(path).absolutePath();
    // The default folders are the app's own; a folder named by TENSORKITCHEN_SOCKET is the
    // user's, checked but not changed.
    const bool ours = folder == QFileInfo(defaultFolder() + QStringLiteral("/x")).absolutePath();
    if (!prepareFolder(folder, ours))
        return false;

    const QByteArray native = QFile::encodeName(path);
    struct stat st
    {
    };
    if (::lstat(native.constData(), &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            m_error = tr("%1 exists and is not a socket: Tensor Kitchen does not replace it.").arg(path);
            return false;
        }
        // A socket file left by an app that crashed answers nobody; a live one is another app.
        QLocalSocket probe;
        probe.connectToServer(path);
        if (probe.waitForConnected(300)) {
            probe.abort();
            m_error = tr("Another Tensor Kitchen already watches programs at %1.").arg(path);
            return false;
        }
        QLocalServer::removeServer(path);
    }
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    if (!m_server->listen(path)) {
        m_error = tr("Cannot listen at %1: %2").arg(path, m_server->errorString());
        delete m_server;
        m_server = nullptr;
        return false;
    }
    m_path = path;
    connect(m_server, &QLocalServer::newConnection, this, &WatchServer::accept);
    return true;
}

void WatchServer::close()
{
    for (WatchConnection *c : std::as_const(m_connections)) {
        c->disconnect(this);
        c->close();
        c->deleteLater();
    }
    m_connections.clear();
    if (m_server) {
        m_server->close(); // removes the socket file it made
        delete m_server;
        m_server = nullptr;
        QFileInfo left(m_path);
        if (left.exists() && !left.isDir() && !left.isFile()) // the socket, if Qt left it
            QLocalServer::removeServer(m_path);
    }
    m_path.clear();
}

bool WatchServer::isListening() const { return m_server && m_server->isListening(); }

QList<WatchedProgram *> WatchServer::programs() const
{
    QList<WatchedProgram *> all;
    for (const QPointer<WatchedProgram> &p : m_programs)
        if (p)
            all.append(p);
    return all;
}

void WatchServer::accept()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        const Peer peer = peerOf(socket);
        QString refusal;
        if (m_connections.size() >= kMaxConnections)
            refusal = tr("%1 programs are watched already; this one was turned away.").arg(kMaxConnections);
#ifdef SO_PEERCRED
        else if (!peer.known)
            refusal = tr("The system did not say which process connected: refused.");
#endif
        else if (peer.known && peer.uid != qint64(::getuid()))
            refusal = tr("A process of another user (uid %1) tried to connect: refused.").arg(peer.uid);
        if (!refusal.isEmpty()) {
            socket->abort();
            socket->deleteLater();
            Q_EMIT programRefused(peer.pid, refusal);
            continue;
        }
        auto *program = new WatchedProgram(this);
        program->setBatchMs(m_batchMs);
        if (peer.known)
            program->setExpectedPid(peer.pid);
        auto *connection = new WatchConnection(socket, program, m_budget, this);
        m_connections.append(connection);
        connect(program, &WatchedProgram::helloReceived, this, [this, program] {
            m_programs.append(program);
            Q_EMIT programConnected(program);
        });
        connect(program, &WatchedProgram::refused, this,
                [this, program, pid = peer.pid, c = QPointer<WatchConnection>(connection)](const QString &reason) {
                    if (m_programs.contains(program))
                        return; // its kitchen shows the refusal
                    // Before its hello nobody has the program: say why here, and let it go. A
                    // probe (another app checking whether this socket is alive) said nothing.
                    if (c && c->bytesRead() > 0)
                        Q_EMIT programRefused(pid, reason);
                    program->deleteLater();
                });
        connect(connection, &WatchConnection::finished, this, [this, connection] {
            m_connections.removeOne(connection);
            connection->deleteLater();
        });
    }
}

} // namespace tk
