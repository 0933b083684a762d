// Replaying a recording (.tkwatch): as fast as possible, at its pace, paused, stopped, and
// refused clearly when corrupt. Qt Core only: no LibTorch, no display.
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
#include <QTimer>

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

class TestWatchReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // --- Replay.

    // recording() as a file in `dir`; empty when it could not be written.
    static QString writeRecording(const QTemporaryDir &dir)
    {
        const QString path = dir.filePath(QStringLiteral("run.tkwatch"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(recording()) != recording().size())
            return {};
        return path;
    }

    void replayAsFastAsPossibleGivesTheSameState()
    {
        QTemporaryDir dir;
        const QString path = writeRecording(dir);
        QVERIFY(!path.isEmpty());

        WatchedProgram direct;
        direct.feed(recording());
        direct.finishInput();

        WatchReplay replay;
        QVERIFY2(replay.open(path), qPrintable(replay.errorString()));
        replay.setSpeed(0);
        QSignalSpy finished(&replay, &WatchReplay::finished);
        QSignalSpy failed(&replay, &WatchReplay::failed);
        replay.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(failed.size(), 0);
        const WatchedProgram *p = replay.program();
        QCOMPARE(p->state(), direct.state());
        QCOMPARE(p->state(), WatchedProgram::State::Ended);
        QCOMPARE(p->exitCode(), 1);
        QCOMPARE(p->moves().size(), 2);
        QCOMPARE(p->moves().size(), direct.moves().size());
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(p->moves()[i].sourceName, direct.moves()[i].sourceName);
            QCOMPARE(p->moves()[i].seconds, direct.moves()[i].seconds);
        }
        QCOMPARE(p->moves()[1].seconds, 0.5); // the move_time was applied
        QCOMPARE(p->cards().size(), direct.cards().size());
        QCOMPARE(p->steps().size(), 1);
        QCOMPARE(p->dataWaits().size(), 1);
        QCOMPARE(p->errors().size(), 1);
        QCOMPARE(p->counters().malformed, qint64(1));
        QCOMPARE(p->counters().malformed, direct.counters().malformed);
        QCOMPARE(p->counters().dropped, qint64(5));
        QCOMPARE(p->device(QStringLiteral("cuda:0"))->peakAllocated, qint64(3000));
        QCOMPARE(p->device(QStringLiteral("cpu"))->peakRss, direct.device(QStringLiteral("cpu"))->peakRss);
    }

    // A window line holds ~0.1 s of a fast loop: thousands of steps. Played as fast as
    // possible, the replay still gives the event loop its turns (every ~10 ms), so the
    // window that shows it keeps answering: 100 lines of 2,000 steps each are not one turn.
    void replayOfHeavyLinesLetsTheEventLoopRun()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("heavy.tkwatch"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"type":"hello","t":0,"v":1,"pid":7,"program":"/u/loop.py","python":"3.11.2","torch":"2.14.1"})"
                "\n");
        const int lines = 100, perLine = 2000; // a line is ~40 KB, under the 64 KiB a line may hold
        for (int w = 0; w < lines; ++w) {
            QByteArray ones, zeros, sites, micros;
            for (int i = 0; i < perLine; ++i) {
                const char *sep = i ? "," : "";
                ones += sep + QByteArray("100");
                zeros += sep + QByteArray("0");
                sites += sep + QByteArray("0");
                micros += sep + QByteArray("90");
            }
            f.write(QByteArray(R"({"type":"window","t":)") + QByteArray::number(0.1 * (w + 1)) + R"(,"t0":)"
                    + QByteArray::number(0.1 * w) + R"(,"n0":)" + QByteArray::number(w * perLine)
                    + R"(,"sites":[{"type":"step","optimizer":"SGD","file":"/u/loop.py","line":9}],"site":[)" + sites
                    + R"(],"dt":[)" + ones + R"(],"step":{"seconds":[)" + micros + R"(],"wait_s":[)" + zeros
                    + R"(],"copy_s":[)" + zeros + R"(],"bytes":[)" + zeros + R"(],"moves":[)" + zeros + "]}}\n");
        }
        f.write(QByteArray(R"({"type":"bye","t":)") + QByteArray::number(0.1 * lines + 0.1) + R"(,"exit_code":0})"
                + "\n");
        f.close();

        WatchReplay replay;
        QVERIFY2(replay.open(path), qPrintable(replay.errorString()));
        replay.setSpeed(0);
        QSignalSpy finished(&replay, &WatchReplay::finished);
        int turns = 0;
        QTimer probe; // fires only when the event loop gets a turn
        probe.setInterval(0);
        QObject::connect(&probe, &QTimer::timeout, [&] { ++turns; });
        probe.start();
        replay.start();
        QVERIFY(finished.wait(60000));
        probe.stop();
        QCOMPARE(replay.program()->state(), WatchedProgram::State::Ended);
        QCOMPARE(replay.program()->stepCount(), qint64(lines * perLine));
        // Before the turns were timed, all 102 lines were one turn (2,000 lines a turn).
        QVERIFY2(turns >= 5, qPrintable(QStringLiteral("%1 turns").arg(turns)));
    }

    void replayAtRealPaceTakesTheRecordingsTime()
    {
        QTemporaryDir dir;
        const QString path = writeRecording(dir); // t from 0 to 0.6 s
        QVERIFY(!path.isEmpty());
        for (double speed : {1.0, 4.0}) {
            WatchReplay replay;
            QVERIFY(replay.open(path));
            replay.setSpeed(speed);
            QSignalSpy finished(&replay, &WatchReplay::finished);
            QElapsedTimer clock;
            clock.start();
            replay.start();
            QVERIFY(finished.wait(10000));
            const double seconds = clock.elapsed() / 1000.0;
            QVERIFY2(seconds >= 0.6 / speed * 0.9, qPrintable(QString::number(seconds)));
            QVERIFY2(seconds < 0.6 / speed + 1.5, qPrintable(QString::number(seconds)));
            QCOMPARE(replay.program()->state(), WatchedProgram::State::Ended);
        }
    }

    void replayPausesAndStops()
    {
        QTemporaryDir dir;
        const QString path = writeRecording(dir);
        QVERIFY(!path.isEmpty());
        WatchReplay replay;
        QVERIFY(replay.open(path));
        QSignalSpy finished(&replay, &WatchReplay::finished);
        replay.start();
        QTRY_VERIFY_WITH_TIMEOUT(replay.program()->moveCount() >= 1, 5000); // t = 0.1
        replay.pause();
        const qint64 moves = replay.program()->moveCount();
        QTest::qWait(800); // past the recording's end, had it not been paused
        QCOMPARE(replay.program()->moveCount(), moves);
        QVERIFY(replay.program()->isRunning());
        QCOMPARE(finished.size(), 0);
        replay.stop();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(replay.program()->state(), WatchedProgram::State::Ended);
        QVERIFY(!replay.program()->endedByBye());
    }

    void corruptRecordingsFailClearly_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<qint64>("malformed");
        QByteArray noise;
        for (int i = 0; i < 100000; ++i)
            noise += char((i * 7919) % 251);
        QTest::newRow("noise") << noise << qint64(-1);
        QTest::newRow("empty") << QByteArray() << qint64(0);
        QTest::newRow("no hello") << lines({move(1), move(2)}) << qint64(0);
        QTest::newRow("cut in its hello") << hello().left(40) << qint64(1);
    }

    void corruptRecordingsFailClearly()
    {
        QFETCH(QByteArray, contents);
        QFETCH(qint64, malformed);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.tkwatch"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(contents);
        f.close();
        WatchReplay replay;
        QVERIFY(replay.open(path));
        replay.setSpeed(0);
        QSignalSpy failed(&replay, &WatchReplay::failed);
        QSignalSpy finished(&replay, &WatchReplay::finished);
        replay.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(failed.size(), 1);
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QCOMPARE(replay.program()->state(), WatchedProgram::State::Refused);
        if (malformed >= 0)
            QCOMPARE(replay.program()->counters().malformed, malformed);
        else
            QVERIFY(replay.program()->counters().malformed + replay.program()->counters().oversized > 0);
    }

    void replayRefusesWhatIsNotAFile()
    {
        QTemporaryDir dir;
        WatchReplay replay;
        QVERIFY(!replay.open(dir.path()));
        QVERIFY(replay.errorString().contains(QStringLiteral("not a file")));
        QVERIFY(!replay.open(dir.filePath(QStringLiteral("missing.tkwatch"))));
        QVERIFY(!replay.errorString().isEmpty());
    }

    void replayReadsAtMostItsCap()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.tkwatch"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QList<QByteArray> many{hello()};
        for (int i = 1; i <= 1000; ++i)
            many << move(i);
        f.write(lines(many));
        f.close();
        WatchReplay replay;
        QVERIFY(replay.open(path));
        replay.setSpeed(0);
        replay.setMaxBytes(20000);
        QSignalSpy notice(&replay, &WatchReplay::notice);
        QSignalSpy finished(&replay, &WatchReplay::finished);
        replay.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(notice.size(), 1);
        QCOMPARE(replay.bytesRead(), qint64(20000));
        QVERIFY(replay.program()->moveCount() > 10);
        QVERIFY(replay.program()->moveCount() < 1000);
    }
};

QTEST_GUILESS_MAIN(TestWatchReplay)
#include "tst_watchreplay.moc"
