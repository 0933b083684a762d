// The matmul race's Python lane against a real interpreter: what it times, what it reports,
// how it fails and how it stops. Needs the Python whose torch matches this LibTorch.
#include "bench/benchcli.h"
#include "core/races/lanes/matmulpythonlane.h"
#include "core/races/matmulrace.h"
#include "core/races/matmulreport.h"
#include "support/benchrun.h"
#include "support/testsupport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

using namespace tk;

namespace {

bool processExists(qint64 pid) { return pid > 0 && ::kill(pid_t(pid), 0) == 0; }

} // namespace

class TestMatmulPython : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const QString python = testsupport::torchPython();
        if (python.isEmpty())
            QSKIP("no Python with torch here");
        qputenv("TK_PYTHON", python.toLocal8Bit());
    }

    // C++ and Python lanes interleaved in one race: the Python lane is torch.utils.benchmark in the
    // interpreter, on the same threads, each point answered for the N asked.
    void pythonLaneRacesBesideTheCppLane()
    {
        MatmulRace race;
        QSignalSpy done(&race, &MatmulRace::finished);
        MatmulSettings s;
        s.sizes = {8, 256};
        s.minRunTime = 0.1;
        MatmulLane cpp;
        cpp.threads = 1;
        MatmulLane py = cpp;
        py.engine = MatmulEngine::Python;
        s.lanes = {cpp, py};
        QString error;
        QVERIFY2(race.start(s, &error), qPrintable(error));
        QVERIFY(done.wait(120000));
        QVERIFY2(done.first().at(1).toString().isEmpty(), qPrintable(done.first().at(1).toString()));
        const QList<MatmulResult> &r = race.results();
        QCOMPARE(r.size(), 4);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(r[i].lane, i % 2);
            QCOMPARE(r[i].engine, i % 2 ? MatmulEngine::Python : MatmulEngine::LibTorch);
            QCOMPARE(r[i].n, s.sizes.at(i / 2));
            QCOMPARE(r[i].threads, 1);
            QCOMPARE(r[i].device, QStringLiteral("cpu"));
            QVERIFY(r[i].medianS > 0 && r[i].coldS > 0 && r[i].blocks >= 1 && r[i].numberPerRun >= 1);
        }
        // Which lane is faster is the race's to show, not a test's to assert (a sanitizer build's
        // C++ lane is slower than an uninstrumented Python's): what Python costs is reported.
        qInfo("N = 8: C++ %.2f µs, Python %.2f µs; N = 256: C++ %.1f µs, Python %.1f µs", r[0].medianS * 1e6,
              r[1].medianS * 1e6, r[2].medianS * 1e6, r[3].medianS * 1e6);
        QVERIFY(MatmulReport::pythonCost(r).first().startsWith("cpu: at N = 8 Python's a @ b takes"));
    }

    // A Python that is not ours, or none at all: the race ends with a message naming the lane.
    void aBrokenInterpreterIsAClearError_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QString() << "could not start";
        QTest::newRow("exits") << "#!/bin/sh\necho 'ModuleNotFoundError: No module named torch' >&2\nexit 1\n"
                               << "Python exited with code 1: ModuleNotFoundError: No module named torch";
        QTest::newRow("chatters") << "#!/bin/sh\necho 'Welcome!'\nsleep 5\n"
                                  << "did not answer as expected";
    }

    void aBrokenInterpreterIsAClearError()
    {
        QFETCH(QString, script);
        QFETCH(QString, message);
        const QByteArray python = qgetenv("TK_PYTHON");
        QTemporaryDir dir;
        const QString path = dir.filePath("python3");
        if (!script.isEmpty()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(script.toUtf8());
            f.close();
            f.setPermissions(QFile::ReadOwner | QFile::ExeOwner);
        }
        qputenv("TK_PYTHON", path.toLocal8Bit());
        MatmulRace race;
        QSignalSpy done(&race, &MatmulRace::finished);
        MatmulSettings s;
        s.sizes = {8};
        s.minRunTime = 0.01;
        MatmulLane py;
        py.engine = MatmulEngine::Python;
        s.lanes = {py};
        QString error;
        QVERIFY(race.start(s, &error));
        const bool finished = done.wait(30000);
        qputenv("TK_PYTHON", python);
        QVERIFY(finished);
        const QString said = done.first().at(1).toString();
        QVERIFY2(said.contains(message), qPrintable(said));
        QVERIFY2(said.startsWith(py.label()), qPrintable(said));
        QVERIFY(race.results().isEmpty());
    }

    // Cancel in the middle of a long point: the interpreter is killed, not waited for.
    void cancelEndsTheInterpreterMidPoint()
    {
        MatmulPythonLane lane;
        MatmulLane settings;
        settings.engine = MatmulEngine::Python;
        settings.threads = 1;
        std::atomic<bool> cancel{false};
        QString error;
        QVERIFY2(lane.start(settings, &cancel, &error), qPrintable(error));
        const qint64 pid = lane.pid();
        QVERIFY(processExists(pid));
        QVERIFY(!lane.torchVersion().isEmpty());
        QElapsedTimer clock;
        clock.start();
        std::thread timer([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            cancel = true;
        });
        // 10 s of blocks per point: cancel must not wait for them.
        const auto r = lane.runPoint(MatmulLane{}, 0, 512, QStringLiteral("float32"), 10, &cancel, &error);
        timer.join();
        QVERIFY(!r);
        QVERIFY2(error.isEmpty(), qPrintable(error)); // cancelled, not failed
        QVERIFY2(clock.elapsed() < 6000, qPrintable(QString::number(clock.elapsed())));
        QTRY_VERIFY_WITH_TIMEOUT(!processExists(pid), 3000);
    }

    // The headless bench: `matmul --engine libtorch,python` gives both lanes, each named.
    void benchNamesEachLanesEngine()
    {
        QString out, err;
        QCOMPARE(testsupport::runBench({"matmul", "--engine", "libtorch,python", "--sizes", "16", "--threads", "1",
                                        "--min-run-time", "0.02", "--format", "json"},
                                       &out, &err),
                 0);
        const QJsonObject root = QJsonDocument::fromJson(out.toUtf8()).object();
        const QJsonObject receipt = root.value("receipt").toObject();
        QVERIFY(!receipt.value("python_torch").toString().isEmpty());
        const QJsonArray lanes = receipt.value("lanes").toArray();
        QCOMPARE(lanes.size(), 2);
        QCOMPARE(lanes.at(0).toObject().value("engine").toString(), QStringLiteral("libtorch"));
        QCOMPARE(lanes.at(1).toObject().value("engine").toString(), QStringLiteral("python"));
        QVERIFY(lanes.at(1).toObject().value("label").toString().endsWith("Python"));
        const QJsonArray results = root.value("results").toArray();
        QCOMPARE(results.size(), 2);
        QCOMPARE(results.at(1).toObject().value("engine").toString(), QStringLiteral("python"));
        QCOMPARE(results.at(1).toObject().value("threads").toInt(), 1);
        QCOMPARE(testsupport::runBench({"matmul", "--engine", "perl"}, &out, &err), 2);
        QVERIFY2(err.contains("--engine takes libtorch, python or both"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestMatmulPython)
#include "tst_matmulpython.moc"
