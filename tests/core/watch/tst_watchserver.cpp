// The watcher's local server (docs/watch-protocol.md) with real sockets: where it listens, its
// private folder, stale sockets, programs connecting, floods. Qt Core and Network: no display.
#include "support/watchlines.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchparser.h"
#include "core/watch/watchreplay.h"
#include "core/watch/watchserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using tk::MoveReport;
using tk::OpError;
using tk::WatchedProgram;
using tk::WatchLineReader;
using tk::WatchParser;
using tk::WatchReplay;
using tk::WatchServer;
using namespace tk::testsupport;
using Rejection = WatchParser::Rejection;

class TestWatchServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // --- The local server, with real sockets.

    void socketPathFollowsTheEnvironment()
    {
        const QByteArray oldCustom = qgetenv("TENSORKITCHEN_SOCKET");
        const QByteArray oldRuntime = qgetenv("XDG_RUNTIME_DIR");
        qputenv("TENSORKITCHEN_SOCKET", "/some/where.sock");
        QCOMPARE(WatchServer::socketPath(), QStringLiteral("/some/where.sock"));
        qunsetenv("TENSORKITCHEN_SOCKET");
        qputenv("XDG_RUNTIME_DIR", "/run/user/1000");
        QCOMPARE(WatchServer::socketPath(), QStringLiteral("/run/user/1000/tensor-kitchen/watch.sock"));
        qunsetenv("XDG_RUNTIME_DIR");
        QCOMPARE(WatchServer::socketPath(), QStringLiteral("/tmp/tensor-kitchen-%1/watch.sock").arg(::getuid()));
        if (!oldCustom.isNull())
            qputenv("TENSORKITCHEN_SOCKET", oldCustom);
        if (!oldRuntime.isNull())
            qputenv("XDG_RUNTIME_DIR", oldRuntime);
    }

    void serverMakesAPrivateFolder()
    {
        QTemporaryDir dir;
        const QByteArray oldRuntime = qgetenv("XDG_RUNTIME_DIR");
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir.path()));
        qunsetenv("TENSORKITCHEN_SOCKET");
        {
            WatchServer server;
            QVERIFY2(server.listen(), qPrintable(server.errorString()));
            QCOMPARE(server.path(), dir.path() + QStringLiteral("/tensor-kitchen/watch.sock"));
            struct stat st
            {
            };
            QCOMPARE(::stat(QFile::encodeName(dir.path() + QStringLiteral("/tensor-kitchen")).constData(), &st), 0);
            QCOMPARE(int(st.st_mode & 0777), 0700);
            QCOMPARE(::stat(QFile::encodeName(server.path()).constData(), &st), 0);
            QVERIFY(S_ISSOCK(st.st_mode));
            QCOMPARE(int(st.st_mode & 0077), 0); // nobody else may connect
        }
        QVERIFY(!QFileInfo::exists(dir.path() + QStringLiteral("/tensor-kitchen/watch.sock"))); // gone with the server
        if (oldRuntime.isNull())
            qunsetenv("XDG_RUNTIME_DIR");
        else
            qputenv("XDG_RUNTIME_DIR", oldRuntime);
    }

    void staleSocketIsReplacedLiveOneIsNot()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("w.sock"));
        QVERIFY(makeStaleSocket(path));
        WatchServer first;
        QVERIFY2(first.listen(path), qPrintable(first.errorString()));
        WatchServer second;
        QVERIFY(!second.listen(path)); // someone answers there
        QVERIFY(second.errorString().contains(QStringLiteral("Another")));
        QVERIFY(first.isListening());

        const QString plain = dir.filePath(QStringLiteral("plain"));
        QFile f(plain);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep me");
        f.close();
        WatchServer third;
        QVERIFY(!third.listen(plain));
        QCOMPARE(QFileInfo(plain).size(), qint64(7)); // never removed
    }

    void programConnectsAndIsWatched()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QLocalSocket client;
        client.connectToServer(server.path());
        QVERIFY(client.waitForConnected(2000));
        client.write(lines({hello(QCoreApplication::applicationPid()), move(1, "x"), move(2, "y"), kError}));
        QVERIFY(connected.wait(5000));
        WatchedProgram *p = connected.at(0).at(0).value<WatchedProgram *>();
        QVERIFY(p);
        QCOMPARE(p->hello().program, QStringLiteral("train.py"));
        QVERIFY(p->isRunning());
        client.write(lines({R"({"type":"bye","t":9.1,"exit_code":0})"}));
        client.flush();
        QTRY_COMPARE_WITH_TIMEOUT(p->state(), WatchedProgram::State::Ended, 5000);
        QVERIFY(p->endedByBye());
        QCOMPARE(p->moves().size(), 2);
        QCOMPARE(p->moves().at(1).sourceName, QStringLiteral("y"));
        QCOMPARE(p->errors().size(), 1);
        QCOMPARE(server.programs(), QList<WatchedProgram *>{p});
    }

    void disconnectEndsTheProgram()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        auto *client = new QLocalSocket(this);
        client->connectToServer(server.path());
        QVERIFY(client->waitForConnected(2000));
        client->write(lines({hello(QCoreApplication::applicationPid()), move(1)}));
        client->write(move(2)); // the last line has no '\n' when the program dies
        client->flush();
        QVERIFY(connected.wait(5000));
        WatchedProgram *p = connected.at(0).at(0).value<WatchedProgram *>();
        client->disconnectFromServer();
        delete client;
        QTRY_COMPARE_WITH_TIMEOUT(p->state(), WatchedProgram::State::Ended, 5000);
        QVERIFY(!p->endedByBye());
        QCOMPARE(p->moves().size(), 2);
    }

    void helloWithAnotherPidIsRefused()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QSignalSpy refused(&server, &WatchServer::programRefused);
        QLocalSocket client;
        client.connectToServer(server.path());
        QVERIFY(client.waitForConnected(2000));
        const qint64 other = QCoreApplication::applicationPid() + 1;
        client.write(lines({hello(other), move(1)}));
        QVERIFY(refused.wait(5000));
        QCOMPARE(refused.at(0).at(0).toLongLong(), QCoreApplication::applicationPid());
        QVERIFY(refused.at(0).at(1).toString().contains(QString::number(other)));
        QCOMPARE(connected.size(), 0);
        QVERIFY(server.programs().isEmpty());
        // The server hangs up on it.
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), QLocalSocket::UnconnectedState, 5000);
    }

    void twoProgramsStayApart()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QLocalSocket a, b;
        a.connectToServer(server.path());
        b.connectToServer(server.path());
        QVERIFY(a.waitForConnected(2000));
        QVERIFY(b.waitForConnected(2000));
        const qint64 pid = QCoreApplication::applicationPid();
        a.write(lines({hello(pid), move(1, "fromA"), move(2, "fromA")}));
        b.write(lines({hello(pid), move(1, "fromB")})); // ids are per stream
        QTRY_COMPARE_WITH_TIMEOUT(connected.size(), 2, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(server.programs().at(0)->moves().size() + server.programs().at(1)->moves().size(), 3,
                                  5000);
        for (WatchedProgram *p : server.programs()) {
            const QList<MoveReport> moves = p->moves().toList();
            QVERIFY(!moves.isEmpty());
            const QString name = moves.first().sourceName;
            QCOMPARE(moves.size(), name == QLatin1String("fromA") ? 2 : 1);
            for (const MoveReport &m : moves)
                QCOMPARE(m.sourceName, name); // never the other's
        }
        QVERIFY(server.programs().at(0) != server.programs().at(1));
    }

    void aFloodIsReadInTurns()
    {
        QTemporaryDir dir;
        WatchServer server;
        server.setReadBudget(1024);
        server.setBatchMs(0);
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QLocalSocket client;
        client.connectToServer(server.path());
        QVERIFY(client.waitForConnected(2000));
        QList<QByteArray> flood{hello(QCoreApplication::applicationPid())};
        for (int i = 1; i <= 2000; ++i)
            flood << move(i);
        client.write(lines(flood));
        QVERIFY(connected.wait(5000));
        WatchedProgram *p = connected.at(0).at(0).value<WatchedProgram *>();
        int largest = 0;
        int batches = 0;
        connect(p, &WatchedProgram::movesArrived, this, [&](const QList<MoveReport> &m) {
            largest = qMax(largest, int(m.size()));
            ++batches;
        });
        QTRY_COMPARE_WITH_TIMEOUT(p->moveCount(), qint64(2000), 20000);
        // 1,024 bytes a turn hold at most 1024 / (a move line's length) + 1 whole lines; a
        // batch may span the few turns before its zero timer fires, never the whole flood.
        const int perTurn = 1024 / int(move(1000).size()) + 1;
        QVERIFY2(largest <= 3 * perTurn, qPrintable(QString::number(largest)));
        QVERIFY2(batches >= 2000 / (3 * perTurn), qPrintable(QString::number(batches)));
    }
};

QTEST_GUILESS_MAIN(TestWatchServer)
#include "tst_watchserver.moc"
