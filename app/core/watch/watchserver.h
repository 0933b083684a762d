#pragma once

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QLocalServer;

namespace tk {

class WatchConnection;
class WatchedProgram;

// The app's end of the live watch protocol: a QLocalServer at the documented path, readable
// and writable by this user only. Each connection from a process of this user gets a
// WatchedProgram; a peer of another uid, a hello naming a pid that is not the peer's, or a
// stream that breaks the protocol's order is refused. Lives on the GUI thread.
class WatchServer : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxConnections = 64; // open at once; more are closed unread

    explicit WatchServer(QObject *parent = nullptr);
    ~WatchServer() override; // closes: the socket file goes

    // Where the app listens and the watcher connects: $TENSORKITCHEN_SOCKET, else
    // $XDG_RUNTIME_DIR/tensor-kitchen/watch.sock, else /tmp/tensor-kitchen-<uid>/watch.sock.
    static QString socketPath();
    // The app's own folder for it (without the override): made 0700 if missing.
    static QString defaultFolder();

    // Makes the folder (0700, ours), removes a stale socket nobody answers on, listens. False,
    // with errorString(), when the folder is not ours, the path is taken, or another app listens.
    bool listen(const QString &path = socketPath());
    void close();
    bool isListening() const;
    QString errorString() const { return m_error; }
    QString path() const { return m_path; }

    // Bytes read per connection per event-loop turn (WatchConnection::kDefaultBudget).
    void setReadBudget(qint64 bytes) { m_budget = bytes; }
    // Batching of each new program's moves (WatchedProgram::setBatchMs).
    void setBatchMs(int ms) { m_batchMs = ms; }

    // Programs that said hello, oldest first. They are this server's children: reparent one to
    // keep it past the server.
    QList<WatchedProgram *> programs() const;

Q_SIGNALS:
    // A program said its hello (state Running, hello() filled): give it a kitchen. Its later
    // signals (moves, ended, refused on a second hello, …) come from the program itself.
    void programConnected(tk::WatchedProgram *program);
    // A connection refused before its hello was accepted: another user, a pid that is not the
    // peer's, not a watch stream. `pid` is the peer's (0 where the system does not say).
    void programRefused(qint64 pid, const QString &reason);

private:
    void accept();
    bool prepareFolder(const QString &folder, bool ours);

    QLocalServer *m_server = nullptr;
    QString m_path;
    QString m_error;
    qint64 m_budget;
    int m_batchMs;
    QList<QPointer<WatchedProgram>> m_programs;
    QList<WatchConnection *> m_connections; // open ones, children of this
};

} // namespace tk
