#include "core/races/blockedautorange.h"
#include "core/races/statistics.h"
#include "core/races/crossover.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/scopedthreads.h"
#include "core/races/backgroundrun.h"
#include "core/races/matmulbench.h"
#include "core/races/matmulrace.h"
#include "core/races/matmulreport.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <stdexcept>

using namespace tk;

namespace {
// A clock that only moves when the fake work says so.
struct FakeClock
{
    double now = 0;
    double perCall = 1e-3; // seconds one call takes
    double overhead = 1e-7; // seconds a clock read pair costs on its own
    QList<qint64> blocks; // block sizes asked for, in order
    BlockedAutorange::Block block()
    {
        return [this](std::int64_t calls) {
            blocks << calls;
            now += overhead + calls * perCall;
        };
    }
    BlockedAutorange::Clock clock()
    {
        return [this] { return now; };
    }
};
} // namespace

class TestMatmul : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quantilesOnKnownSamples()
    {
        // numpy.quantile([1, 2, 3, 4, 10], q) with linear interpolation.
        const QVector<double> v{10, 2, 4, 1, 3};
        QCOMPARE(quantile(v, 0.5), 3.0);
        QCOMPARE(quantile(v, 0.25), 2.0);
        QCOMPARE(quantile(v, 0.75), 4.0);
        QCOMPARE(quantile({1, 2, 3, 4}, 0.5), 2.5);
        QCOMPARE(quantile({1, 2, 3, 4}, 0.25), 1.75);
        QCOMPARE(quantile({7}, 0.9), 7.0);
        QCOMPARE(quantile({}, 0.5), 0.0);
        // The IQR the noisy flag reads, and the one median: quantile(v, 0.5) on any count.
        QCOMPARE(iqr(v), 2.0);
        QCOMPARE(iqr({1, 2, 3, 4}), 1.5);
        QCOMPARE(median({4, 1, 3, 2}), quantile({4, 1, 3, 2}, 0.5));
        QCOMPARE(median(v), quantile(v, 0.5));
    }

    void blockGrowsTenfoldUntilOverheadIsNegligible_data()
    {
        QTest::addColumn<double>("perCall");
        QTest::addColumn<qint64>("expected");
        // Need: overhead / block ≤ 1e-4 (block ≥ 1e-3 s) and block ≥ 0.2 / 1000 = 2e-4 s.
        QTest::newRow("1 ms calls") << 1e-3 << qint64(1);
        QTest::newRow("10 µs calls") << 1e-5 << qint64(100);
        QTest::newRow("1 µs calls") << 1e-6 << qint64(1000);
        QTest::newRow("30 ns calls") << 3e-8 << qint64(100000);
    }

    void blockGrowsTenfoldUntilOverheadIsNegligible()
    {
        QFETCH(double, perCall);
        QFETCH(qint64, expected);
        FakeClock fake;
        fake.perCall = perCall;
        const auto m = BlockedAutorange::run(fake.block(), fake.clock(), 0.2);
        QCOMPARE(m.numberPerRun, expected);
        // Five overhead probes of 0 calls come first, then 1, 10, 100, … up to the choice.
        QCOMPARE(fake.blocks.mid(0, 5), (QList<qint64>{0, 0, 0, 0, 0}));
        QCOMPARE(fake.blocks.at(5), qint64(1));
        // Then whole blocks until at least min_run_time was spent on them.
        QVERIFY(m.blockTimes.size() * (expected * perCall) >= 0.2 - 1e-9);
        QVERIFY(qAbs(m.median - perCall) / perCall < 0.01);
        QCOMPARE(m.iqr, 0.0);
        QVERIFY(!m.noisy());
    }

    void noisyWhenIqrAboveTenPercent()
    {
        BlockedAutorange::Measurement m;
        m.blockTimes = {1, 1, 1, 1};
        m.median = 1.0;
        m.iqr = 0.11;
        QVERIFY(m.noisy());
        m.iqr = 0.09;
        QVERIFY(!m.noisy());
    }

    void cancelStopsWithinOneBlock()
    {
        FakeClock fake;
        std::atomic<bool> cancel{false};
        int timedBlocks = 0;
        auto block = [&](std::int64_t calls) {
            fake.now += calls * fake.perCall + fake.overhead;
            if (calls > 0 && ++timedBlocks == 8)
                cancel = true; // a user presses Cancel during the 8th block of work
        };
        const auto m = BlockedAutorange::run(block, fake.clock(), 10.0, &cancel);
        QVERIFY(m.cancelled);
        // Blocks of 10 calls (10 ms ≥ min_run_time/1000) after sizes 1 and 10 were tried:
        // the block running at Cancel completes, and no other starts.
        QCOMPARE(m.numberPerRun, qint64(10));
        QCOMPARE(m.blockTimes.size(), 6);
        QCOMPARE(timedBlocks, 8);
        QVERIFY(fake.now < 0.1); // far short of the 10 s it would otherwise take
    }

    void realPointHasHonestNumbers()
    {
        DeviceRegistry::applyThreads();
        MatmulLane lane;
        QString error;
        const auto r = MatmulBench::runPoint(lane, 0, 128, "float32", 0.05, nullptr, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->n, 128);
        QCOMPARE(r->device, QStringLiteral("cpu"));
        QVERIFY(r->medianS > 0);
        QVERIFY(r->coldS > 0);
        QVERIFY(r->numberPerRun >= 1);
        QVERIFY(r->blocks >= 1);
        QCOMPARE(r->gflops, 2.0 * 128 * 128 * 128 / r->medianS / 1e9);
    }

    void sweepEmitsKResultsInOrder()
    {
        MatmulRace race;
        QSignalSpy points(&race, &MatmulRace::pointReady);
        QSignalSpy done(&race, &MatmulRace::finished);
        // No context object: a direct connection, so the lambda runs where the signal is emitted.
        bool offThread = false;
        int pointsAtFinish = -1;
        connect(&race, &MatmulRace::pointReady,
                [&offThread] { offThread = offThread || QThread::currentThread() != qApp->thread(); });
        connect(&race, &MatmulRace::finished, [&] {
            offThread = offThread || QThread::currentThread() != qApp->thread();
            pointsAtFinish = int(race.results().size());
        });
        MatmulSettings s;
        s.sizes = {16, 32, 64};
        MatmulLane one;
        one.threads = 1;
        s.lanes = {one, MatmulLane{}};
        s.minRunTime = 0.01;
        QString error;
        QVERIFY2(race.start(s, &error), qPrintable(error));
        QVERIFY(race.isRunning());
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QCOMPARE(points.count(), 6);
        for (int i = 0; i < 6; ++i) {
            const auto r = points.at(i).first().value<MatmulResult>();
            QCOMPARE(r.point, i + 1);
            QCOMPARE(r.points, 6);
            QCOMPARE(r.n, s.sizes.at(i / 2));
            QCOMPARE(r.lane, i % 2);
        }
        QVERIFY(!offThread); // every signal on the owner's thread
        QCOMPARE(pointsAtFinish, 6);
        QCOMPARE(points.at(0).first().value<MatmulResult>().threads, 1);
        QCOMPARE(points.at(1).first().value<MatmulResult>().threads, DeviceRegistry::hardwareThreads());
    }

    // A race's job that throws (BackgroundRun turns it into a failure) must still give the
    // kitchen all its cores back: the matmul race's job, as it runs, with a lane of 1 thread.
    void threadsComeBackWhenAJobThrows()
    {
        if (DeviceRegistry::hardwareThreads() < 2)
            QSKIP("one hardware thread: 1 thread is all cores");
        BackgroundRun run(QStringLiteral("threads-test"), 0);
        QSignalSpy done(&run, &BackgroundRun::finished);
        int during = -1, after = -1;
        QVERIFY(run.start([&during](BackgroundRun::Context &) -> BackgroundRun::Ending {
            const ScopedThreads threads;
            MatmulLane one;
            one.threads = 1;
            QString error;
            const auto r = MatmulBench::runPoint(one, 0, 16, QStringLiteral("float32"), 0.001, nullptr, &error);
            during = r ? r->threads : -1;
            throw std::runtime_error("thrown after the point");
        }));
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("thrown after the point"));
        QCOMPARE(during, 1);
        QVERIFY(run.start([&after](BackgroundRun::Context &) {
            after = DeviceRegistry::devices().first().threads;
            return BackgroundRun::Ending::done();
        }));
        QVERIFY(done.wait(30000));
        QCOMPARE(after, DeviceRegistry::hardwareThreads());
    }

    void cancelMidSweep()
    {
        MatmulRace race;
        QSignalSpy points(&race, &MatmulRace::pointReady);
        QSignalSpy done(&race, &MatmulRace::finished);
        MatmulSettings s;
        s.sizes = {32, 64, 128, 256, 512};
        s.lanes = {MatmulLane{}};
        s.minRunTime = 0.5;
        QString error;
        QVERIFY(race.start(s, &error));
        QVERIFY(points.wait(20000));
        race.cancel();
        QVERIFY(done.wait(5000)); // within a block: blocks here last milliseconds
        QCOMPARE(done.first().at(0).toBool(), true);
        QVERIFY(points.count() < 5);
        QCOMPARE(race.results().size(), points.count()); // the points before the cancel stay
        QVERIFY(!race.isRunning());
    }

    void badSettingsAreRejected_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expect");
        QTest::newRow("N = 0") << "zero"
                               << "at least 1";
        QTest::newRow("N < 0") << "negative"
                               << "at least 1";
        QTest::newRow("too large for memory") << "huge"
                                              << "free";
        QTest::newRow("unknown dtype") << "dtype"
                                       << "Unknown dtype";
        QTest::newRow("absent device") << "device"
                                       << "not available";
        QTest::newRow("no lanes") << "lanes"
                                  << "at least one device";
        QTest::newRow("threads") << "threads"
                                 << "Threads";
    }

    void badSettingsAreRejected()
    {
        QFETCH(QString, what);
        QFETCH(QString, expect);
        MatmulSettings s;
        s.sizes = {64};
        s.lanes = {MatmulLane{}};
        if (what == "zero")
            s.sizes = {64, 0};
        else if (what == "negative")
            s.sizes = {-5};
        else if (what == "huge") {
            s.sizes = {60000};
            s.dtype = "float64"; // 3 × 60000² × 8 B = 86 GB
        } else if (what == "dtype")
            s.dtype = "int8";
        else if (what == "device")
            s.lanes.first().device = "cuda:7";
        else if (what == "lanes")
            s.lanes.clear();
        else if (what == "threads")
            s.lanes.first().threads = 10000;
        MatmulRace race;
        QString error;
        QVERIFY(!race.start(s, &error));
        QVERIFY2(error.contains(expect), qPrintable(error));
        QVERIFY(!race.isRunning());
    }

    void unsupportedDtypeIsLibTorchsAnswer()
    {
        const QString half = MatmulBench::probeSupport("cpu", "float16");
        const QString bf16 = MatmulBench::probeSupport("cpu", "bfloat16");
        QVERIFY(bf16.isEmpty());
        // LibTorch 1.13 has no half matmul on the CPU and says so; 2.x has one.
        if (DeviceRegistry::buildFacts().torchVersion.startsWith(QLatin1String("1."))) {
            QVERIFY2(half.contains("LibTorch said"), qPrintable(half));
            QVERIFY2(half.contains("Half", Qt::CaseInsensitive), qPrintable(half));
        } else {
            QVERIFY2(half.isEmpty(), qPrintable(half));
        }
    }

    void crossoverIsInterpolated()
    {
        // Speed-up 0.5 at N=256 and 2 at N=1024: on log axes the line crosses 1 at N=512.
        Crossover c = Crossover::find({128, 256, 1024, 2048}, {0.1, 0.5, 2.0, 4.0});
        QCOMPARE(c.state, Crossover::State::At);
        QVERIFY(qAbs(c.n - 512.0) < 1e-6);
        QCOMPARE(Crossover::find({64, 128}, {1.5, 3}).state, Crossover::State::Always);
        QCOMPARE(Crossover::find({64, 128}, {0.2, 0.9}).state, Crossover::State::Never);
        // A blip above 1 that falls back is not a win.
        QCOMPARE(Crossover::find({64, 128, 256}, {0.5, 1.2, 0.8}).state, Crossover::State::Never);
        c = Crossover::find({16, 32, 64, 128, 256}, {1.01, 0.99, 1.0, 0.5, 2.0});
        QCOMPARE(c.state, Crossover::State::At);
        QVERIFY(c.n > 128 && c.n < 256);
        QCOMPARE(Crossover::find({}, {}).state, Crossover::State::NoData);
    }
};

QTEST_GUILESS_MAIN(TestMatmul)
#include "tst_matmul.moc"
