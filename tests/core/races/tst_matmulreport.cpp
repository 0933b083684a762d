// The matmul race's numbers as they leave it: CSV and JSON files (and the older layouts that
// still load), the receipt's machine load, the Python lane's replies and the sentence on what
// Python costs per call.
#include "core/races/matmulbench.h"
#include "core/races/lanes/matmulpythonlane.h"
#include "core/races/matmulrace.h"
#include "core/races/matmulreport.h"
#include "support/busyloops.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace tk;

class TestMatmulReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void csvAndJsonRoundTrip()
    {
        QList<MatmulResult> in;
        for (int i = 0; i < 3; ++i) {
            MatmulResult r;
            r.device = i == 2 ? "cuda:0" : "cpu";
            r.mode = i == 2 ? MatmulMode::EndToEnd : MatmulMode::Compute;
            r.n = 64 << i;
            r.dtype = "float32";
            r.threads = i == 2 ? 0 : 2;
            r.medianS = 1.234567890123e-5 * (i + 1);
            r.iqrS = 3.3e-7;
            r.gflops = 42.125 + i;
            r.coldS = 0.001;
            r.numberPerRun = 1000;
            r.blocks = 17;
            r.noisy = i == 1;
            r.lane = i;
            r.engine = i == 1 ? MatmulEngine::Python : MatmulEngine::LibTorch;
            if (i != 1) { // the middle point was not measured
                r.load.cores = 2;
                r.load.windowS = 0.25 + i;
                r.load.otherCores = 1.0 / 3;
                r.load.ownCores = 1.5 + i;
            }
            in << r;
        }
        auto same = [](const QList<MatmulResult> &a, const QList<MatmulResult> &b) {
            QCOMPARE(a.size(), b.size());
            for (int i = 0; i < a.size(); ++i) {
                QCOMPARE(b[i].device, a[i].device);
                QCOMPARE(b[i].mode, a[i].mode);
                QCOMPARE(b[i].n, a[i].n);
                QCOMPARE(b[i].threads, a[i].threads);
                QCOMPARE(b[i].medianS, a[i].medianS);
                QCOMPARE(b[i].iqrS, a[i].iqrS);
                QCOMPARE(b[i].gflops, a[i].gflops);
                QCOMPARE(b[i].numberPerRun, a[i].numberPerRun);
                QCOMPARE(b[i].noisy, a[i].noisy);
                QCOMPARE(b[i].lane, a[i].lane);
                QCOMPARE(b[i].engine, a[i].engine);
                QCOMPARE(b[i].load.measured(), a[i].load.measured());
                if (a[i].load.measured()) {
                    QCOMPARE(b[i].load.otherCores, a[i].load.otherCores);
                    QCOMPARE(b[i].load.ownCores, a[i].load.ownCores);
                    QCOMPARE(b[i].load.cores, a[i].load.cores);
                    QCOMPARE(b[i].load.windowS, a[i].load.windowS);
                }
            }
        };
        QList<MatmulResult> out;
        QString error;
        QVERIFY2(MatmulReport::fromCsv(MatmulReport::toCsv(in), &out, &error), qPrintable(error));
        same(in, out);
        MatmulSettings s;
        s.sizes = {64, 128, 256};
        s.lanes = {MatmulLane{}};
        QJsonObject receipt;
        QVERIFY(MatmulReport::fromJson(MatmulReport::toJson(MatmulReport::receipt(s), in), &receipt, &out, &error));
        same(in, out);
        QVERIFY(!receipt.value("torch_version").toString().isEmpty());
        QVERIFY(!receipt.value("blas").toString().isEmpty());
        QCOMPARE(receipt.value("sizes").toArray().size(), 3);
        QVERIFY(!MatmulReport::fromCsv("not,a,race\n1,2,3\n", &out, &error));
        QVERIFY(!MatmulReport::fromJson("{\"x\": 1}", &receipt, &out, &error));
        // A CSV from before the machine's load was measured still loads, unmeasured.
        QVERIFY2(MatmulReport::fromCsv("device,mode,n,dtype,threads,median_s,iqr_s,gflops,cold_s,"
                                       "number_per_run,blocks,noisy,lane\n"
                                       "cpu,compute,64,float32,2,0.001,0.0001,0.5,0.002,10,20,0,0\n",
                                       &out, &error),
                 qPrintable(error));
        QCOMPARE(out.size(), 1);
        QCOMPARE(out.first().n, 64);
        QVERIFY(!out.first().load.measured());
        // …and one from before the Python lane: every point was LibTorch's.
        QStringList older = MatmulReport::csvColumns().mid(0, 17);
        QVERIFY2(MatmulReport::fromCsv((older.join(',')
                                        + "\n"
                                          "cpu,compute,64,float32,2,0.001,0.0001,0.5,0.002,10,20,0,0,"
                                          "0.1,1.9,2,0.3\n")
                                           .toUtf8(),
                                       &out, &error),
                 qPrintable(error));
        QCOMPARE(out.first().engine, MatmulEngine::LibTorch);
        QCOMPARE(out.first().load.cores, 2);
        QVERIFY(!MatmulReport::fromCsv(MatmulReport::toCsv(in).replace("python", "perl"), &out, &error));
        QVERIFY(error.contains("perl"));
    }

    // The sentence the race ends with: Python's lane against its C++ twin, smallest and largest N.
    void pythonCostComparesEachPythonLaneWithItsTwin()
    {
        auto point = [](MatmulEngine engine, int n, double s, const char *device = "cpu") {
            MatmulResult r;
            r.engine = engine;
            r.device = device;
            r.n = n;
            r.dtype = "float32";
            r.threads = 2;
            r.medianS = s;
            return r;
        };
        QVERIFY(MatmulReport::pythonCost({point(MatmulEngine::LibTorch, 32, 4e-6)}).isEmpty());
        const QList<MatmulResult> results{
            point(MatmulEngine::LibTorch, 32, 4e-6), point(MatmulEngine::Python, 32, 16e-6),
            point(MatmulEngine::LibTorch, 2048, 0.2), point(MatmulEngine::Python, 2048, 0.202),
            point(MatmulEngine::Python, 64, 1e-5, "cuda:0")}; // no C++ twin: no sentence
        const QStringList lines = MatmulReport::pythonCost(results);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().startsWith("cpu: at N = 32 Python's a @ b takes 16.0 µs, C++'s 4.0 µs: "
                                          "12.0 µs per call is Python's (4.00×)."),
                 qPrintable(lines.first()));
        QVERIFY2(lines.first().contains("At N = 2048 the ratio is 1.010× (Python 202.00 ms, C++ 200.00 ms)"),
                 qPrintable(lines.first()));
        QVERIFY(MatmulReport::toText(results).contains("12.0 µs per call is Python's"));
    }

    // What the Python lane's interpreter writes is checked before it is a point on a chart.
    void pythonRepliesAreChecked_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("error");
        const QByteArray good
            = R"({"n": 64, "median_s": 2e-5, "iqr_s": 1e-6, "cold_s": 1e-4, "cpu_s": 0.3, "number_per_run": 100, "blocks": 10, "threads": 2})";
        QTest::newRow("good") << good << QString();
        QTest::newRow("python's error") << QByteArray(R"({"error": "RuntimeError: out of memory"})")
                                        << "Python said: RuntimeError: out of memory";
        QTest::newRow("not JSON") << QByteArray("Traceback (most recent call last):") << "not a reply";
        QTest::newRow("no median") << QByteArray(good).replace("median_s", "mean_s") << "“median_s”";
        QTest::newRow("negative") << QByteArray(good).replace("\"iqr_s\": 1e-6", "\"iqr_s\": -1") << "“iqr_s”";
        QTest::newRow("text") << QByteArray(good).replace("\"blocks\": 10", "\"blocks\": \"ten\"") << "“blocks”";
        QTest::newRow("another N") << QByteArray(good).replace("\"n\": 64", "\"n\": 65") << "another point";
        QTest::newRow("zero time") << QByteArray(good).replace("2e-5", "0") << "no time";
    }

    void pythonRepliesAreChecked()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, error);
        QString why;
        const auto r = MatmulPythonLane::resultFromReply(line, 64, &why);
        QCOMPARE(bool(r), error.isEmpty());
        if (r) {
            QCOMPARE(r->engine, MatmulEngine::Python);
            QCOMPARE(r->medianS, 2e-5);
            QCOMPARE(r->gflops, MatmulBench::gflops(64, 2e-5));
            QCOMPARE(r->threads, 2);
            QCOMPARE(r->blocks, 10);
            QVERIFY(!r->noisy);
        } else {
            QVERIFY2(why.contains(error), qPrintable(why));
        }
    }

    void busyMachineIsNamedInTheReceipt()
    {
        if (!testsupport::loadIsMeasured())
            QSKIP("no /proc/stat here: the machine's load is not measured");
        // Two points of at least 0.15 s each on every core: enough ticks to judge.
        MatmulSettings s;
        s.sizes = {64, 128};
        s.lanes = {MatmulLane{}};
        s.minRunTime = 0.15;
        const auto race = [&s](QList<MatmulResult> *results) {
            MatmulRace r;
            QSignalSpy done(&r, &MatmulRace::finished);
            QString error;
            QVERIFY2(r.start(s, &error), qPrintable(error));
            QVERIFY(done.wait(60000));
            QCOMPARE(done.first().at(1).toString(), QString());
            *results = r.results();
        };
        QList<MatmulResult> quiet, busy;
        race(&quiet);
        if (QTest::currentTestFailed())
            return;
        {
            testsupport::BusyLoops loops; // other programs on every core, beside the race
            race(&busy);
        }
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(busy.size(), 2);
        for (const MatmulResult &r : std::as_const(busy)) {
            QVERIFY(r.load.measured());
            QVERIFY(r.load.windowS >= s.minRunTime);
        }
        const MachineLoad q = MatmulReport::machineLoad(quiet), b = MatmulReport::machineLoad(busy);
        qInfo("quiet race: others %.2f of %d cores; beside busy loops: %.2f", q.otherCores, q.cores, b.otherCores);
        // Every core was asked for by the race and by a loop: the loops got a share of them.
        QVERIFY2(b.busy(), qPrintable(QString::number(b.otherCores)));
        QVERIFY(b.otherCores >= MachineLoad::busyThreshold(b.cores));
        // The receipt (JSON) and the text say so; the CSV carries the figure per point.
        const QJsonObject receipt = MatmulReport::receipt(s, busy);
        QVERIFY2(receipt.value("busy_machine_warning").toString().startsWith("Other programs were using"),
                 qPrintable(receipt.value("busy_machine_warning").toString()));
        QVERIFY(receipt.value("machine_load").toObject().value("busy").toBool());
        QCOMPARE(receipt.value("machine_load").toObject().value("other_load_cores").toDouble(), b.otherCores);
        QVERIFY(MatmulReport::toText(busy).contains("warning: Other programs were using"));
        QVERIFY(MatmulReport::toCsv(busy).split('\n').first().contains("other_load_cores"));
        QJsonObject back;
        QList<MatmulResult> loaded;
        QString error;
        QVERIFY(MatmulReport::fromJson(MatmulReport::toJson(receipt, busy), &back, &loaded, &error));
        QVERIFY(back.contains("busy_machine_warning"));
        QVERIFY(MatmulReport::machineLoad(loaded).busy());
        // The quiet race is checked only where nothing else was running.
        QVERIFY(q.measured());
        if (q.busy())
            QSKIP(qPrintable(QStringLiteral("the machine was busy without the loops (others used %1 "
                                            "cores): the quiet race is not checked")
                                 .arg(q.otherCores, 0, 'f', 2)));
        QVERIFY(!MatmulReport::receipt(s, quiet).contains("busy_machine_warning"));
        QVERIFY(!MatmulReport::toText(quiet).contains("warning:"));
        QVERIFY(q.otherCores < b.otherCores);
    }
};

QTEST_GUILESS_MAIN(TestMatmulReport)
#include "tst_matmulreport.moc"
