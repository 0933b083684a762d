// What a WatchedProgram makes of a stream (docs/watch-protocol.md): the order of its messages
// (hello first, bye last) and what it keeps: moves, errors, memory, cards, steps. Qt Core only.
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

class TestWatchedProgram : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // --- Order.

    void helloFirst()
    {
        WatchedProgram p;
        QSignalSpy refused(&p, &WatchedProgram::refused);
        QSignalSpy hellos(&p, &WatchedProgram::helloReceived);
        feedAll(p, {move(1), hello(), move(2)});
        QCOMPARE(p.state(), WatchedProgram::State::Refused);
        QCOMPARE(refused.size(), 1);
        QVERIFY(p.refusal().contains(QStringLiteral("move")));
        QCOMPARE(hellos.size(), 0);
        QVERIFY(p.moves().isEmpty());
        QCOMPARE(p.counters().ignored, qint64(2)); // nothing after the refusal is taken
    }

    void malformedBeforeHelloIsSkipped()
    {
        WatchedProgram p;
        feedAll(p, {"{", hello(), move(1)});
        QCOMPARE(p.state(), WatchedProgram::State::Running);
        QCOMPARE(p.counters().malformed, qint64(1));
        QCOMPARE(p.moves().size(), 1);
    }

    void secondHelloRefused()
    {
        WatchedProgram p;
        QSignalSpy refused(&p, &WatchedProgram::refused);
        QSignalSpy moves(&p, &WatchedProgram::movesArrived);
        feedAll(p, {hello(), move(1), hello(), move(2)});
        QCOMPARE(p.state(), WatchedProgram::State::Refused);
        QCOMPARE(refused.size(), 1);
        QVERIFY(p.refusal().contains(QStringLiteral("second time")));
        // The move before the second hello was sent; the one after it was not taken.
        QCOMPARE(moves.size(), 1);
        QCOMPARE(moves.at(0).at(0).value<QList<MoveReport>>().size(), 1);
        QCOMPARE(p.moves().size(), 1);
    }

    void versionAndPid_data()
    {
        QTest::addColumn<QByteArray>("first");
        QTest::addColumn<qint64>("expectedPid");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("v1") << hello(4242, 1) << qint64(0) << true;
        QTest::newRow("v2") << hello(4242, 2) << qint64(0) << false;
        QTest::newRow("v0") << hello(4242, 0) << qint64(0) << false;
        QTest::newRow("pid matches") << hello(4242) << qint64(4242) << true;
        QTest::newRow("pid differs") << hello(4242) << qint64(4243) << false;
    }

    void versionAndPid()
    {
        QFETCH(QByteArray, first);
        QFETCH(qint64, expectedPid);
        QFETCH(bool, accepted);
        WatchedProgram p;
        p.setExpectedPid(expectedPid);
        feedAll(p, {first});
        QCOMPARE(p.state() == WatchedProgram::State::Running, accepted);
        QCOMPARE(p.refusal().isEmpty(), accepted);
    }

    void endWithoutHelloIsRefused()
    {
        WatchedProgram p;
        p.feed("garbage\n\x01\x02");
        p.finishInput();
        QCOMPARE(p.state(), WatchedProgram::State::Refused);
        QVERIFY(!p.refusal().isEmpty());
        QCOMPARE(p.counters().malformed, qint64(2));
    }

    void byeAndDisconnect()
    {
        WatchedProgram bye;
        QSignalSpy ended(&bye, &WatchedProgram::ended);
        feedAll(bye, {hello(), R"({"type":"bye","t":9.1,"exit_code":0})"});
        QCOMPARE(bye.state(), WatchedProgram::State::Ended);
        QVERIFY(bye.endedByBye());
        QVERIFY(bye.hasExitCode());
        QCOMPARE(ended.size(), 1);
        bye.finishInput();
        QCOMPARE(ended.size(), 1); // once

        WatchedProgram cut;
        feedAll(cut, {hello(), move(1)});
        QVERIFY(cut.isRunning());
        cut.finishInput();
        QCOMPARE(cut.state(), WatchedProgram::State::Ended);
        QVERIFY(!cut.endedByBye());
    }

    // --- What the program keeps.

    void aTraceIsKeptUnlessNobodyExportsOne()
    {
        // The app keeps the stream as a trace (File → Export timeline); the headless replay's
        // JSON and text print none and hold no trace: the same moves either way.
        WatchedProgram kept;
        feedAll(kept, {hello(), move(1), move(2)});
        QVERIFY(kept.trace().eventCount() > 2);
        WatchedProgram plain;
        plain.setKeepsTrace(false);
        feedAll(plain, {hello(), move(1), move(2)});
        QCOMPARE(plain.trace().eventCount(), qsizetype(0));
        QCOMPARE(plain.moves().size(), kept.moves().size());
        QCOMPARE(plain.moves().size(), qsizetype(2));
    }

    void moveTimeUpdatesItsMove()
    {
        WatchedProgram p;
        QSignalSpy timed(&p, &WatchedProgram::moveTimed);
        feedAll(p, {hello(), move(3, "a", 1, "null"), move(5, "b", 1, "null"), move(9, "c", 1, "null")});
        QVERIFY(!p.move(5)->timed);
        feedAll(p,
                {R"({"type":"move_time","t":1.61,"id":5,"seconds":0.25})",
                 R"({"type":"move_time","t":1.62,"id":4,"seconds":0.5})"});
        QCOMPARE(p.move(5)->seconds, 0.25);
        QVERIFY(p.move(5)->timed);
        QVERIFY(!p.move(3)->timed);
        QVERIFY(!p.move(9)->timed);
        QCOMPARE(timed.size(), 1);
        QCOMPARE(timed.at(0).at(0).value<MoveReport>().sourceName, QStringLiteral("b"));
        QCOMPARE(p.counters().unmatched, qint64(1)); // id 4 never came
        // Only the first time of a move is taken: a repeat changes nothing and is counted.
        const qint64 malformed = p.counters().malformed;
        feedAll(p, {R"({"type":"move_time","t":1.7,"id":5,"seconds":9.0})"});
        QCOMPARE(p.move(5)->seconds, 0.25);
        QCOMPARE(timed.size(), 1);
        QCOMPARE(p.counters().malformed, malformed + 1);
        // Names are cut at 512 characters; control and bidirectional characters are dropped.
        const QString longName = QString(600, QLatin1Char('n'));
        feedAll(p, {move(12, qPrintable(longName + QStringLiteral("\\u202e\\u0007")), 1, "null")});
        QCOMPARE(p.move(12)->sourceName, QString(512, QLatin1Char('n')));

        // A move_time before its batch went out: the batch carries the time.
        WatchedProgram q;
        QSignalSpy batches(&q, &WatchedProgram::movesArrived);
        QSignalSpy qtimed(&q, &WatchedProgram::moveTimed);
        q.feed(lines({hello(), move(1, "x", 1, "null"), R"({"type":"move_time","t":1.61,"id":1,"seconds":0.125})"}));
        q.flush();
        QCOMPARE(qtimed.size(), 0);
        QCOMPARE(batches.at(0).at(0).value<QList<MoveReport>>().at(0).seconds, 0.125);
    }

    // Texts a program sends are kept once each, shared by every move that names them, and
    // within a byte budget: past it a new name is "…", said once in a notice.
    void namesAreKeptOnceWithinABudget()
    {
        WatchedProgram p;
        QSignalSpy notices(&p, &WatchedProgram::noticeArrived);
        feedAll(p, {hello(), move(1, "same"), move(2, "same")});
        QCOMPARE(p.move(1)->sourceName.constData(), p.move(2)->sourceName.constData());
        QCOMPARE(p.move(1)->program.file.constData(), p.move(2)->program.file.constData());
        // 500-character names, each new: ~1 KB apiece, so the 16 MiB budget is spent by 17,000.
        const int n = 20000;
        QList<QByteArray> many;
        for (int i = 0; i < n; ++i)
            many << move(3 + i, QStringLiteral("%1").arg(i, 500, 10, QLatin1Char('0')));
        feedAll(p, many);
        QCOMPARE(p.move(3)->sourceName, QStringLiteral("%1").arg(0, 500, 10, QLatin1Char('0')));
        QCOMPARE(p.move(2 + n)->sourceName, QStringLiteral("…"));
        QCOMPARE(p.move(2 + n)->program.file, QStringLiteral("/home/u/train.py")); // kept before: still shared
        QCOMPARE(notices.size(), 1);
        QVERIFY(notices.at(0).at(0).toString().contains("16 MiB"));
        QVERIFY(p.notices().contains(notices.at(0).at(0).toString()));
    }

    // A recording capped by the watcher says so twice; the last, with its counts, is kept.
    void aCappedRecordingSaysWhereItStopped()
    {
        WatchedProgram p;
        QSignalSpy capped(&p, &WatchedProgram::recordingCapped);
        feedAll(p,
                {hello(), move(1),
                 R"({"type":"recording_capped","t":5.5,"max_bytes":8192,"bytes":8100,"lines":0,"steps":0})"});
        QCOMPARE(capped.size(), 1);
        QCOMPARE(p.recordingCap()->lines, qint64(0));
        feedAll(p,
                {R"({"type":"recording_capped","t":9.25,"max_bytes":8192,"bytes":8100,"lines":480,"steps":31})",
                 R"({"type":"recording_capped","t":9.5,"max_bytes":0,"bytes":1,"lines":1,"steps":1})",
                 R"({"type":"bye","t":9.5,"exit_code":0})"});
        QCOMPARE(capped.size(), 2); // the third is refused: a cap of 0 bytes is none
        QCOMPARE(p.counters().malformed, qint64(1));
        QCOMPARE(p.counters().unknown, qint64(0));
        const tk::WatchRecordingCap cap = *p.recordingCap();
        QCOMPARE(cap.at, 9.25);
        QCOMPARE(cap.maxBytes, qint64(8192));
        QCOMPARE(cap.bytes, qint64(8100));
        QCOMPARE(cap.lines, qint64(480));
        QCOMPARE(cap.steps, qint64(31));
        QCOMPARE(p.state(), WatchedProgram::State::Ended);
    }

    void movesWithOldIdsAreRefused()
    {
        WatchedProgram p;
        feedAll(p, {hello(), move(5), move(5), move(2), move(6)});
        QCOMPARE(p.moves().size(), 2);
        QCOMPARE(p.counters().malformed, qint64(2));
    }

    void movesComeInBatches()
    {
        WatchedProgram p;
        QStringList order;
        QList<int> sizes;
        connect(&p, &WatchedProgram::movesArrived, this, [&](const QList<MoveReport> &m) {
            order << QStringLiteral("moves");
            sizes << int(m.size());
        });
        connect(&p, &WatchedProgram::stepArrived, this, [&] { order << QStringLiteral("step"); });
        p.feed(lines({hello(), move(1), move(2), move(3)}));
        p.feed(lines({move(4)})); // another read in the same turn joins the batch
        QVERIFY(sizes.isEmpty()); // nothing before the event loop turns
        QTRY_COMPARE_WITH_TIMEOUT(sizes, QList<int>{4}, 2000);
        // A step sends the moves before it first.
        p.feed(lines({move(5), R"({"type":"step","t":2.4,"n":1})"}));
        QCOMPARE(order, (QStringList{"moves", "moves", "step"}));
        QCOMPARE(p.moveCount(), qint64(5));
    }

    void signalsCanBeQueued()
    {
        WatchedProgram p;
        QList<MoveReport> got;
        OpError error;
        tk::WatchStep step;
        connect(
            &p, &WatchedProgram::movesArrived, this, [&](const QList<MoveReport> &m) { got = m; },
            Qt::QueuedConnection);
        connect(
            &p, &WatchedProgram::errorArrived, this, [&](const OpError &e) { error = e; }, Qt::QueuedConnection);
        connect(
            &p, &WatchedProgram::stepArrived, this, [&](const tk::WatchStep &s) { step = s; }, Qt::QueuedConnection);
        feedAll(p, {hello(), move(1, "qx"), R"({"type":"step","t":2.4,"n":7})", kError});
        QTRY_COMPARE_WITH_TIMEOUT(error.kind, OpError::Kind::DeviceMismatch, 2000);
        QCOMPARE(got.size(), 1);
        QCOMPARE(got.at(0).sourceName, QStringLiteral("qx"));
        QCOMPARE(step.n, qint64(7));
    }

    void errorsArrive()
    {
        WatchedProgram p;
        QSignalSpy errors(&p, &WatchedProgram::errorArrived);
        feedAll(p, {hello(), kError});
        QCOMPARE(errors.size(), 1);
        const OpError e = errors.at(0).at(0).value<OpError>();
        QCOMPARE(e.devices, (QStringList{"cuda:0", "cpu"}));
        QVERIFY(e.details.contains(QStringLiteral("line 31, in main")));
        QCOMPARE(p.errors().size(), 1);
    }

    void memoryPeakPerDevice()
    {
        WatchedProgram p;
        QSignalSpy changed(&p, &WatchedProgram::memoryChanged);
        feedAll(p,
                {hello(), memory(1, 1000, 9000), memory(2, 5000, 7000), memory(3, 2000, 8000),
                 R"({"type":"memory","t":4,"devices":[{"device":"meta","allocated":1}]})"});
        QCOMPARE(changed.size(), 4);
        const tk::WatchDevice *gpu = p.device(QStringLiteral("cuda:0"));
        QVERIFY(gpu);
        QCOMPARE(gpu->allocated, qint64(2000));
        QCOMPARE(gpu->peakAllocated, qint64(5000));
        QCOMPARE(gpu->peakReserved, qint64(10000));
        QCOMPARE(gpu->name, QStringLiteral("NVIDIA H200")); // hello's facts stay
        QCOMPARE(gpu->used(), qint64(2000));
        const tk::WatchDevice *cpu = p.device(QStringLiteral("cpu"));
        QCOMPARE(cpu->rss, qint64(8000));
        QCOMPARE(cpu->peakRss, qint64(9000));
        QCOMPARE(cpu->peakUsed(), qint64(9000));
        QCOMPARE(p.devices().size(), 3); // a device only memory named is added after hello's
        QCOMPARE(p.devices().at(2).device, QStringLiteral("meta"));
    }

    void cardsReplacedByTheNextSample()
    {
        WatchedProgram p;
        QSignalSpy changed(&p, &WatchedProgram::cardsChanged);
        feedAll(p, {hello(), kTensors});
        QCOMPARE(p.cards().size(), 2);
        feedAll(p, {R"({"type":"tensors","t":2.5,"items":[{"name":"y","kind":"tensor","device":"cpu","bytes":8}]})"});
        QCOMPARE(changed.size(), 2);
        QCOMPARE(p.cards().size(), 1);
        QCOMPARE(p.cards().at(0).name, QStringLiteral("y"));
        feedAll(p, {R"({"type":"tensors","t":3,"items":[]})"});
        QVERIFY(p.cards().isEmpty());
    }

    void stepsAndWaits()
    {
        WatchedProgram p;
        QSignalSpy waits(&p, &WatchedProgram::dataWaitsArrived);
        feedAll(p,
                {hello(), R"({"type":"data_wait","t":1,"seconds":0.5,"batch":0})",
                 R"({"type":"data_wait","t":1.1,"seconds":0.25,"batch":1})",
                 R"({"type":"step","t":2,"n":1,"seconds":1,"wait_s":0.75,"copy_s":0.1,"bytes":10,"moves":1})",
                 R"({"type":"step","t":3,"n":2,"seconds":1})"});
        QCOMPARE(waits.size(), 1); // both waits in one batch, sent before the step
        QCOMPARE(waits.at(0).at(0).value<QList<tk::WatchDataWait>>().size(), 2);
        QCOMPARE(p.dataWaits().size(), 2);
        QCOMPARE(p.steps().size(), 2);
        QCOMPARE(p.steps().at(0).waitSeconds, 0.75);
        QVERIFY(qAbs(p.steps().at(0).otherSeconds() - 0.15) < 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestWatchedProgram)
#include "tst_watchedprogram.moc"
