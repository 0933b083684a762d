#include "support/busyloops.h"
#include "support/testsupport.h"
#include "core/devices/deviceregistry.h"
#include "core/races/statistics.h"
#include "core/races/trainer.h"
#include "support/trainingtest.h"
#include "core/races/trainingrace.h"
#include "core/races/workersweep.h"
#include "core/kitchen/workspace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <atomic>
#include <cmath>
#include <thread>

using namespace tk;

namespace {
QList<double> train(const TrainConfig &c, const TrainLane &lane = {}) { return testsupport::trainLosses(c, lane); }
} // namespace

class TestTraining : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theMedianIsTheMiddleOfTheSortedTimes()
    {
        // One definition for every race and the bench: an even count takes the mean of the two
        // middle values, as statistics.median does (the upper middle alone read 3 here).
        QCOMPARE(median({}), 0.0);
        QCOMPARE(median({3, 1, 2}), 2.0);
        QCOMPARE(median({4, 1, 3, 2}), 2.5);
        QList<TrainStep> steps(4);
        for (int i = 0; i < 4; ++i)
            steps[i].stepSeconds = 0.001 * (i + 1);
        QCOMPARE(TrainingRace::medianStepSeconds(steps), 0.0025);
    }

    void seededModelsStartFromTheirSeedOnEveryThread()
    {
        // The kitchen's worker makes model cards while a race's worker builds its lanes' models,
        // both from LibTorch's one global generator. Each must still start from its own seed.
        // Models big enough that their initial draws take a while, so the two overlap.
        TrainConfig c;
        c.steps = 1;
        c.width = 256;
        c.depth = 3;
        c.points = 256;
        const double firstLoss = train(c).value(0, -1);
        QVERIFY(firstLoss > 0);
        Workspace reference;
        const CardInfo card = *reference.card(reference.createModel(256, 3, "m", 5).cardId);
        std::atomic<int> wrongLanes{0}, wrongCards{0};
        std::thread lanes([&] {
            for (int i = 0; i < 150; ++i)
                wrongLanes += train(c).value(0, -1) != firstLoss;
        });
        std::thread cards([&] {
            for (int i = 0; i < 150; ++i) {
                Workspace w;
                const std::optional<CardInfo> m = w.card(w.createModel(256, 3, "m", 5).cardId);
                wrongCards += !m || m->mean != card.mean || m->std != card.std;
            }
        });
        lanes.join();
        cards.join();
        QCOMPARE(wrongLanes.load(), 0);
        QCOMPARE(wrongCards.load(), 0);
    }

    void sameSeedGivesBitIdenticalCpuLosses()
    {
        TrainConfig c;
        c.steps = 60;
        const QList<double> a = train(c), b = train(c);
        QCOMPARE(a.size(), 60);
        for (int i = 0; i < a.size(); ++i)
            QVERIFY2(a[i] == b[i],
                     qPrintable(QString("step %1: %2 vs %3").arg(i).arg(a[i], 0, 'g', 17).arg(b[i], 0, 'g', 17)));
        c.seed = 1;
        QVERIFY(train(c).first() != a.first()); // another seed, other weights
    }

    void lossesArePyTorchs_data()
    {
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<int>("width");
        QTest::newRow("adam, width 64") << "adam" << 64;
        QTest::newRow("adam, width 13") << "adam" << 13; // tensors that are no multiple of a vector
        QTest::newRow("sgd, width 64") << "sgd" << 64;
    }

    // The race's step (autograd and torch::optim, in C++) must train as PyTorch does: the same
    // loop in PyTorch (bench/torch_train.py), same seed, one thread.
    void lossesArePyTorchs()
    {
        QFETCH(QString, optimizer);
        QFETCH(int, width);
        const QString python = testsupport::torchPython();
        if (python.isEmpty())
            QSKIP("no Python with torch here");
        TrainConfig c;
        c.steps = 150;
        c.optimizer = optimizer;
        c.width = width;
        TrainLane one;
        one.threads = 1;
        const QList<double> ours = train(c, one);
        QCOMPARE(ours.size(), c.steps);
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("OPENBLAS_NUM_THREADS", "1");
        p.setProcessEnvironment(env);
        p.start(python,
                {qEnvironmentVariable("TK_SOURCE_DIR") + "/bench/torch_train.py", "--steps", QString::number(c.steps),
                 "--threads", "1", "--width", QString::number(c.width), "--optimizer", c.optimizer});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject theirs = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonArray losses = theirs.value("losses").toArray();
        QCOMPARE(losses.size(), c.steps);
        int identical = 0;
        double worst = 0;
        for (int i = 0; i < c.steps; ++i) {
            const double a = ours[i], b = losses[i].toDouble();
            identical += a == b;
            worst = std::max(worst, std::abs(a - b) / std::abs(b));
        }
        qInfo("PyTorch %s: %d/%d losses bit-identical, worst relative difference %.2g",
              qPrintable(theirs.value("torch").toString()), identical, c.steps, worst);
        // The PyTorch that wraps this very LibTorch runs the same kernels: with SGD every loss
        // the same, bit for bit, and with Adam too before torch 2.0. Since 2.0 Python's Adam
        // updates its first moment with lerp_, LibTorch's C++ Adam with mul_ and add_: the same
        // algorithm, rounded apart in the last bits. Another version (a pip build beside
        // another torch): what the race shows (4 digits) and more; a changed formula (eps
        // inside the square root, a missed bias correction) is off by far more within these steps.
        const QString ourTorch = DeviceRegistry::knownBuildFacts().torchVersion.section('.', 0, 1);
        const QString theirTorch = theirs.value("torch").toString();
        const bool sameFormula = optimizer == "sgd" || theirTorch.startsWith("1.");
        if (theirTorch.section('.', 0, 1) == ourTorch && sameFormula)
            QCOMPARE(identical, c.steps);
        // lerp_ against mul_ + add_ drifts apart over the steps: 7.7e-7 at step 150 on an AVX2 EPYC.
        QVERIFY2(worst < (sameFormula ? 1e-6 : 1e-5), qPrintable(QString::number(worst)));
    }

    // Every lane trains as a PyTorch program does, whatever the optimizer or placement: its
    // loss comes out of an autograd graph and LibTorch's own optimizer steps the parameters.
    void everyLaneRunsAutogradAndTorchOptim_data()
    {
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<int>("placement");
        for (const char *o : {"adam", "sgd"})
            for (TrainPlacement p : {TrainPlacement::PerBatch, TrainPlacement::Preload, TrainPlacement::DataLoader})
                QTest::newRow(qPrintable(QStringLiteral("%1, %2").arg(QLatin1String(o), placementName(p))))
                    << QString(o) << int(p);
    }

    void everyLaneRunsAutogradAndTorchOptim()
    {
        QFETCH(QString, optimizer);
        QFETCH(int, placement);
        TrainConfig c;
        c.optimizer = optimizer;
        c.placement = TrainPlacement(placement);
        c.steps = 3;
        Trainer t(c, TrainLane{}, 0);
        QString error;
        QVERIFY2(t.prepare(&error), qPrintable(error));
        QCOMPARE(t.engine(), QString()); // nothing ran yet
        TrainStep step;
        QVERIFY2(t.step(&step, &error), qPrintable(error));
        QCOMPARE(t.engine(), QStringLiteral("libtorch-autograd"));
        QCOMPARE(t.optimizerImplementation(), QStringLiteral("single-tensor"));
    }

    void lossFallsOnTheSpirals()
    {
        TrainConfig c;
        c.steps = 400;
        const QList<double> l = train(c);
        QCOMPARE(l.size(), 400);
        QVERIFY(l.first() > 0.5); // two balanced classes start near ln 2
        QVERIFY2(l.last() < 0.2 * l.first(), qPrintable(QString::number(l.last())));
    }

    void placements_data()
    {
        QTest::addColumn<QString>("placement");
        QTest::addColumn<bool>("works");
        QTest::newRow("per-batch") << "per-batch" << true;
        QTest::newRow("preload") << "preload" << true;
        // Pinned memory needs CUDA; on the CPU it is refused with the reason.
        QTest::newRow("pinned") << "pinned" << false;
    }

    void placements()
    {
        QFETCH(QString, placement);
        QFETCH(bool, works);
        TrainConfig c;
        c.steps = 20;
        QVERIFY(placementFromName(placement, &c.placement));
        Trainer t(c, TrainLane{}, 0);
        QString error;
        QCOMPARE(t.prepare(&error), works);
        if (!works) {
            QVERIFY2(error.contains("Pinned"), qPrintable(error));
            QVERIFY(!error.contains("BackendSelect")); // one sentence, not LibTorch's backend list
            return;
        }
        TrainStep s;
        QVERIFY(t.step(&s, &error));
        QVERIFY(s.loss > 0);
        QVERIFY(s.stepSeconds > 0);
        QCOMPARE(s.samplesPerSecond, c.batch / s.stepSeconds);
        // Per-batch and preloaded data give the same batches, so the same first loss.
        QCOMPARE(s.loss,
                 train([] {
                     TrainConfig d;
                     d.steps = 1;
                     return d;
                 }())
                     .first());
    }

    void theDataLoaderGivesTheSameBatchesWhateverTheWorkers()
    {
        // enforce_ordering: workers race to prepare batches, the model sees them in order.
        auto losses = [](int workers) {
            TrainConfig c;
            c.placement = TrainPlacement::DataLoader;
            c.workers = workers;
            c.prepCost = 1;
            c.points = 512; // several epochs in 40 steps: the epoch restart is covered too
            c.batch = 64;
            Trainer t(c, TrainLane{}, 0);
            QString error;
            QList<double> out;
            if (!t.prepare(&error))
                return out;
            for (int i = 0; i < 40; ++i) {
                TrainStep s;
                if (!t.step(&s, &error))
                    return out;
                out << s.loss;
            }
            return out;
        };
        const QList<double> none = losses(0);
        QCOMPARE(none.size(), 40);
        QCOMPARE(losses(1), none);
        QCOMPARE(losses(3), none);
        QVERIFY(none.last() < none.first());
    }

    void theWaitingMeasureSeesAStarvedDevice()
    {
        // Preparing a batch costs far more than the step: with no workers the device waits most
        // of each step; with no preparation at all it hardly waits.
        TrainConfig c;
        c.placement = TrainPlacement::DataLoader;
        c.prepCost = 150; // a wide margin: under a parallel test run the step slows too
        WorkerSweepPoint slow, fast;
        QString error;
        QVERIFY2(WorkerSweep::measure(c, TrainLane{}, 0, 0, 2, 10, &slow, &error), qPrintable(error));
        QVERIFY2(slow.waitFraction > 0.5, qPrintable(QString::number(slow.waitFraction)));
        QVERIFY(slow.waitFraction < 1.0);
        QVERIFY(slow.prepCpuSeconds > 0);
        QVERIFY(slow.samplesPerSecond > 0);
        c.prepCost = 0;
        QVERIFY2(WorkerSweep::measure(c, TrainLane{}, 0, 2, 2, 10, &fast, &error), qPrintable(error));
        QVERIFY2(fast.waitFraction < slow.waitFraction, qPrintable(QString::number(fast.waitFraction)));
        QCOMPARE(fast.workers, 2);
        // Pinned batches need CUDA: refused here with the reason, never half-run.
        c.pinBatches = true;
        if (!DeviceRegistry::buildFacts().cudaDeviceCount) {
            Trainer t(c, TrainLane{}, 0);
            QVERIFY(!t.prepare(&error));
            QVERIFY2(error.contains("Pinned"), qPrintable(error));
        }
    }

    void badConfigurations()
    {
        TrainConfig c;
        c.width = 0;
        Trainer t(c, TrainLane{}, 0);
        QString error;
        QVERIFY(!t.prepare(&error));
        QVERIFY(!error.isEmpty());
        TrainConfig o;
        o.optimizer = "rmsprop";
        Trainer t2(o, TrainLane{}, 0);
        QVERIFY(!t2.prepare(&error));
        QVERIFY(error.contains("rmsprop"));
        TrainingRace race;
        TrainLane meta;
        meta.device = "meta";
        QVERIFY(!race.start(TrainConfig{}, {meta}, &error));
        QVERIFY(error.contains("meta"));
        TrainLane gpu;
        gpu.device = "cuda:5";
        QVERIFY(!race.start(TrainConfig{}, {gpu}, &error));
    }

    void decisionPictureIsAProbabilityGrid()
    {
        TrainConfig c;
        c.gridSize = 16;
        Trainer t(c, TrainLane{}, 0);
        QString error;
        QVERIFY(t.prepare(&error));
        const DecisionGrid g = t.decision();
        QCOMPARE(g.size, 16);
        QCOMPARE(g.probability.size(), 256);
        for (float p : g.probability)
            QVERIFY(p >= 0 && p <= 1);
        const QVector<float> pts = Trainer::datasetPoints(c);
        QCOMPARE(pts.size(), c.points * 3);
    }

    void raceRunsLanesInTurnAndStreams()
    {
        TrainingRace race;
        QSignalSpy steps(&race, &TrainingRace::stepsReady);
        QSignalSpy pictures(&race, &TrainingRace::decisionReady);
        QSignalSpy done(&race, &TrainingRace::finished);
        // No context object: a direct connection, so the lambda runs where the signal is emitted.
        bool offThread = false;
        const auto check = [&offThread] { offThread = offThread || QThread::currentThread() != qApp->thread(); };
        connect(&race, &TrainingRace::stepsReady, check);
        connect(&race, &TrainingRace::decisionReady, check);
        connect(&race, &TrainingRace::datasetReady, check);
        connect(&race, &TrainingRace::finished, check);
        TrainConfig c;
        c.steps = 50;
        c.gridEvery = 25;
        c.gridSize = 8;
        TrainLane one;
        one.threads = 1;
        QString error;
        QVERIFY2(race.start(c, {TrainLane{}, one}, &error), qPrintable(error));
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QCOMPARE(race.steps().size(), 2);
        QCOMPARE(race.steps().at(0).size(), 50);
        QCOMPARE(race.steps().at(1).size(), 50);
        QVERIFY(steps.count() >= 1);
        QVERIFY(!offThread); // every signal on the owner's thread
        // Pictures: the start, step 25 and step 50, for both lanes, in the order drawn.
        QCOMPARE(pictures.count(), 6);
        QList<int> drawn;
        for (const QList<QVariant> &p : std::as_const(pictures))
            drawn << p.first().value<DecisionGrid>().lane * 100 + p.first().value<DecisionGrid>().step;
        QCOMPARE(drawn, (QList<int>{0, 100, 25, 125, 50, 150}));
        // Same seed, same data: the two lanes start from the same loss.
        QCOMPARE(race.steps()[0].first().loss, race.steps()[1].first().loss);
        QVERIFY(race.steps()[0].last().wallSeconds > 0);
    }

    void pauseAndCancel()
    {
        TrainingRace race;
        QSignalSpy steps(&race, &TrainingRace::stepsReady);
        QSignalSpy done(&race, &TrainingRace::finished);
        TrainConfig c;
        c.steps = 1000000;
        c.gridEvery = 0;
        QString error;
        QVERIFY(race.start(c, {TrainLane{}}, &error));
        QVERIFY(steps.wait(20000));
        race.setPaused(true);
        QTest::qWait(300); // let batches in flight arrive
        const int paused = int(race.steps().first().size());
        QTest::qWait(400);
        QCOMPARE(int(race.steps().first().size()), paused);
        race.setPaused(false);
        QTRY_VERIFY_WITH_TIMEOUT(race.steps().first().size() > paused, 10000);
        race.cancel();
        QVERIFY(done.wait(10000));
        QCOMPARE(done.first().at(0).toBool(), true);
        QVERIFY(!race.isRunning());
    }

    void busyMachineIsNamed()
    {
        if (!testsupport::loadIsMeasured())
            QSKIP("no /proc/stat here: the machine's load is not measured");
        // One CPU lane on every core, trained until half a second of turns was measured.
        TrainConfig c;
        c.steps = 1000000;
        c.gridEvery = 0;
        const auto race = [&c](MachineLoad *cpu) {
            TrainingRace r;
            QSignalSpy loads(&r, &TrainingRace::machineLoadReady);
            QSignalSpy done(&r, &TrainingRace::finished);
            QString error;
            QVERIFY2(r.start(c, {TrainLane{}}, &error), qPrintable(error));
            QTRY_VERIFY_WITH_TIMEOUT(r.cpuLoad().windowS >= 0.5, 60000);
            r.cancel();
            QVERIFY(done.wait(20000));
            QCOMPARE(done.first().at(1).toString(), QString());
            QCOMPARE(r.laneLoads().size(), 1);
            *cpu = r.cpuLoad();
            // A figure after every turn of 25 steps; the last one sent is the race's.
            QVERIFY(loads.count() >= 2);
            QCOMPARE(loads.last().first().value<MachineLoad>().otherCores, cpu->otherCores);
            QCOMPARE(loads.last().first().value<MachineLoad>().windowS, cpu->windowS);
        };
        MachineLoad quiet, busy;
        race(&quiet);
        if (QTest::currentTestFailed())
            return;
        {
            testsupport::BusyLoops loops; // other programs on every core, beside the race
            race(&busy);
        }
        if (QTest::currentTestFailed())
            return;
        qInfo("quiet race: others %.2f of %d cores over %.2f s; beside busy loops: %.2f over %.2f s", quiet.otherCores,
              quiet.cores, quiet.windowS, busy.otherCores, busy.windowS);
        QVERIFY(busy.measured());
        QVERIFY2(busy.busy(), qPrintable(QString::number(busy.otherCores)));
        QVERIFY(busy.warning().contains(QStringLiteral("of %1 cores").arg(busy.cores)));
        QVERIFY(quiet.measured());
        if (quiet.busy())
            QSKIP(qPrintable(QStringLiteral("the machine was busy without the loops (others used %1 "
                                            "cores): the quiet race is not checked")
                                 .arg(quiet.otherCores, 0, 'f', 2)));
        QVERIFY(quiet.warning().isEmpty());
        QVERIFY(quiet.otherCores < busy.otherCores);
    }

    void summaries()
    {
        QCOMPARE(TrainingRace::agreeingDigits(0.123456, 0.123456), 17);
        QCOMPARE(TrainingRace::agreeingDigits(0.1234567, 0.1234568), 6);
        QCOMPARE(TrainingRace::agreeingDigits(1.0, 2.0), 0);
        QList<TrainStep> s;
        for (int i = 0; i < 5; ++i) {
            TrainStep t;
            t.loss = 1.0 / (i + 1);
            t.wallSeconds = i + 1;
            s << t;
        }
        QCOMPARE(TrainingRace::timeToTarget(s, 0.3), 4.0); // loss 0.25 at t = 4 s
        QCOMPARE(TrainingRace::timeToTarget(s, 0.01), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestTraining)
#include "tst_training.moc"
