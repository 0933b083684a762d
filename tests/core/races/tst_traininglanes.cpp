// The training race's lanes are units: a lane kind written here, in the test suite, registers
// in one line and races beside the real LibTorch lane, turn by turn, with its steps, pictures,
// label, checks, pause and cancel handled as the built-in kinds' are.
#include "support/testsupport.h"
#include "core/races/lanes/traininglane.h"
#include "core/races/lanes/traininglanes.h"
#include "core/races/trainingrace.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <atomic>
#include <mutex>

using namespace tk;

namespace {

// What the test lanes saw, read by the test on the GUI thread after the race.
struct Seen
{
    std::mutex mutex;
    QList<QPair<int, int>> turns; // (first, last) of each turn, in order
    QList<bool> canPause; // the race's canPause() during each turn
    int prepared = 0;
};

// A countdown: its loss is 1/step, its step sleeps `stepMs`. Made from nothing but the lane
// interface, as a plug-in's lane would be.
class CountdownLane : public TrainingLane
{
public:
    CountdownLane(QString id, bool own, Seen *seen, const TrainingRace *const *race, int stepMs = 1)
        : m_id(std::move(id)), m_own(own), m_seen(seen), m_race(race), m_stepMs(stepMs)
    { }
    QString id() const override { return m_id; }
    QString label(const TrainLane &lane) const override { return QStringLiteral("countdown · %1").arg(lane.device); }
    bool ownProcesses() const override { return m_own; }
    QString check(const TrainConfig &config, const TrainLane &) const override
    {
        return config.steps > 1000 ? QStringLiteral("The countdown counts to 1000 at most.") : QString();
    }
    std::unique_ptr<TrainingLaneRun> start(const TrainConfig &, const TrainLane &, int index) const override
    {
        return std::make_unique<Run>(this, index);
    }

private:
    class Run : public TrainingLaneRun
    {
    public:
        Run(const CountdownLane *kind, int index) : m_kind(kind), m_index(index) { }
        bool prepare(BackgroundRun::Context &context, QString *) override
        {
            {
                const std::lock_guard lock(m_kind->m_seen->mutex);
                ++m_kind->m_seen->prepared;
            }
            DecisionGrid g;
            g.lane = m_index;
            g.size = 2;
            g.probability = {0.25f, 0.5f, 0.5f, 0.75f};
            context.post(QVariant::fromValue(g));
            return true;
        }
        BackgroundRun::Ending train(LaneTurn &turn) override
        {
            {
                const std::lock_guard lock(m_kind->m_seen->mutex);
                m_kind->m_seen->turns << qMakePair(turn.first, turn.last);
                m_kind->m_seen->canPause << (*m_kind->m_race)->canPause();
            }
            const int last = m_kind->m_own ? (turn.first == 0 ? turn.config.steps : 0) : turn.last;
            for (int s = turn.first; s < last; ++s) {
                if (turn.context.cancelled())
                    return BackgroundRun::Ending::stopped();
                QThread::msleep(ulong(m_kind->m_stepMs));
                TrainStep step;
                step.lane = turn.lane;
                step.step = s + 1;
                step.loss = 1.0 / (s + 1);
                step.stepSeconds = m_kind->m_stepMs / 1000.0;
                m_wall += step.stepSeconds;
                step.wallSeconds = m_wall;
                turn.context.post(QVariant::fromValue(step));
            }
            return BackgroundRun::Ending::done();
        }

    private:
        const CountdownLane *m_kind;
        int m_index;
        double m_wall = 0;
    };

    QString m_id;
    bool m_own;
    Seen *m_seen;
    const TrainingRace *const *m_race; // the race the test runs, for canPause()
    int m_stepMs;
};

} // namespace

class TestTrainingLanes : public QObject
{
    Q_OBJECT

    Seen m_seen;
    const TrainingRace *m_race = nullptr;

    void clearSeen()
    {
        const std::lock_guard lock(m_seen.mutex);
        m_seen.turns.clear();
        m_seen.canPause.clear();
        m_seen.prepared = 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // One line each: the kind is known to the race, the panels and the bench from here on.
        QVERIFY(TrainingLanes::add(std::make_unique<CountdownLane>("countdown", false, &m_seen, &m_race)));
        QVERIFY(TrainingLanes::add(std::make_unique<CountdownLane>("countdown-procs", true, &m_seen, &m_race)));
        QVERIFY(TrainingLanes::add(std::make_unique<CountdownLane>("countdown-slow", false, &m_seen, &m_race, 40)));
    }

    void kindsAreFoundByTheirId()
    {
        for (const QString &id : {QStringLiteral("libtorch"), QStringLiteral("python"), QStringLiteral("ddp"),
                                  QStringLiteral("dp"), QStringLiteral("countdown")}) {
            QVERIFY2(TrainingLanes::find(id), qPrintable(id));
            QCOMPARE(TrainingLanes::find(id)->id(), id);
            QVERIFY(TrainingLanes::ids().contains(id));
        }
        QVERIFY(!TrainingLanes::find(QStringLiteral("nope")));
        QCOMPARE(TrainingLanes::of(QStringLiteral("nope")).id(), TrainingLanes::kLibTorch);
        // An id is one kind's: a second kind under it is refused, and the first stays.
        QVERIFY(!TrainingLanes::add(std::make_unique<CountdownLane>("countdown", true, &m_seen, &m_race)));
        QVERIFY(!TrainingLanes::of(QStringLiteral("countdown")).ownProcesses());
        QVERIFY(!TrainingLanes::add(nullptr));
    }

    void builtInKindsSayWhoTrains()
    {
        TrainLane lane;
        lane.threads = 1;
        QCOMPARE(lane.label(), QStringLiteral("cpu · 1 thread"));
        QVERIFY(!TrainingLanes::of(lane.kind).ownProcesses());
        lane.kind = TrainingLanes::kDdp;
        lane.ranks = 3;
        QCOMPARE(lane.label(), QStringLiteral("DDP × 3 · CPU"));
        QVERIFY(TrainingLanes::of(lane.kind).ownProcesses());
        QVERIFY(TrainingLanes::of(lane.kind).allReduces());
        lane.kind = TrainingLanes::kPython;
        QCOMPARE(lane.label(), QStringLiteral("Python · CPU"));
        QVERIFY(!TrainingLanes::of(lane.kind).allReduces());
        QCOMPARE(TrainingLanes::of(lane.kind).pythonTwinOf(), TrainingLanes::kLibTorch);
        QVERIFY(TrainingLanes::of(TrainingLanes::kLibTorch).pythonTwinOf().isEmpty());
        // Each kind checks its own needs: DDP its ranks and batch, the C++ lane its device.
        TrainConfig c;
        c.batch = 128;
        lane.kind = TrainingLanes::kDdp;
        QVERIFY(TrainingLanes::of(lane.kind).check(c, lane).contains(QStringLiteral("does not split evenly")));
        TrainLane meta;
        meta.device = QStringLiteral("meta");
        QVERIFY(TrainingLanes::of(meta.kind).check(c, meta).contains(QStringLiteral("meta")));
    }

    void aTestLaneRacesBesideTheLibTorchLane()
    {
        clearSeen();
        TrainingRace race;
        m_race = &race;
        QSignalSpy pictures(&race, &TrainingRace::decisionReady);
        QSignalSpy done(&race, &TrainingRace::finished);
        QList<QPair<int, int>> arrival; // (lane, step) in the order the steps reached the GUI
        connect(&race, &TrainingRace::stepsReady, this, [&arrival](const QList<TrainStep> &steps) {
            for (const TrainStep &s : steps)
                arrival << qMakePair(s.lane, s.step);
        });
        TrainConfig c;
        c.steps = 60;
        c.width = 8;
        c.gridEvery = 0;
        TrainLane cpp;
        cpp.threads = 1;
        TrainLane countdown;
        countdown.kind = QStringLiteral("countdown");
        QString error;
        QVERIFY2(race.start(c, {cpp, countdown}, &error), qPrintable(error));
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QCOMPARE(done.first().at(1).toString(), QString());
        m_race = nullptr;

        QCOMPARE(race.steps().size(), 2);
        QCOMPARE(race.steps().at(0).size(), 60);
        QCOMPARE(race.steps().at(1).size(), 60);
        for (int i = 0; i < 60; ++i)
            QCOMPARE(race.steps().at(1).at(i).loss, 1.0 / (i + 1));
        QCOMPARE(race.lanes().at(1).label(), QStringLiteral("countdown · cpu"));
        QCOMPARE(TrainingRace::medianStepSeconds(race.steps().at(1)), 0.001);
        // Turns of 25 steps, the lanes taking them in order: the countdown's steps 1-25 arrive
        // after the C++ lane's 1-25 and before its 26-50.
        const std::lock_guard lock(m_seen.mutex);
        QCOMPARE(m_seen.prepared, 1);
        QCOMPARE(m_seen.turns, (QList<QPair<int, int>>{{0, 25}, {25, 50}, {50, 60}}));
        QCOMPARE(m_seen.canPause, (QList<bool>{true, true, true})); // trained here: pausable
        const auto at = [&arrival](int lane, int step) { return arrival.indexOf(qMakePair(lane, step)); };
        QVERIFY(at(0, 25) < at(1, 1));
        QVERIFY(at(1, 25) < at(0, 26));
        QVERIFY(at(0, 50) < at(1, 26));
        // Its picture, drawn at prepare, reached the race's signal as the real lanes' do.
        QCOMPARE(pictures.count(), 2); // the C++ lane's start and the countdown's
        const DecisionGrid g = pictures.at(1).first().value<DecisionGrid>();
        QCOMPARE(g.lane, 1);
        QCOMPARE(g.probability, (QVector<float>{0.25f, 0.5f, 0.5f, 0.75f}));
    }

    void aLaneOfItsOwnProcessesTrainsInItsFirstTurnAndCannotPause()
    {
        clearSeen();
        TrainingRace race;
        m_race = &race;
        QSignalSpy done(&race, &TrainingRace::finished);
        TrainConfig c;
        c.steps = 60;
        c.width = 8;
        c.gridEvery = 0;
        TrainLane procs;
        procs.kind = QStringLiteral("countdown-procs");
        QString error;
        QVERIFY2(race.start(c, {TrainLane{}, procs}, &error), qPrintable(error));
        QVERIFY(done.wait(60000));
        m_race = nullptr;
        QCOMPARE(race.steps().at(1).size(), 60);
        QCOMPARE(race.steps().at(1).last().step, 60);
        const std::lock_guard lock(m_seen.mutex);
        QCOMPARE(m_seen.turns.size(), 3);
        // While it trains, the race cannot be paused (its processes would run on).
        QCOMPARE(m_seen.canPause.first(), false);
        QVERIFY(race.canPause());
    }

    void aLaneItsKindRefusesStartsNothing()
    {
        clearSeen();
        TrainingRace race;
        TrainConfig c;
        c.steps = 2000;
        TrainLane countdown;
        countdown.kind = QStringLiteral("countdown");
        QString error;
        QVERIFY(!race.start(c, {TrainLane{}, countdown}, &error));
        QCOMPARE(error, QStringLiteral("The countdown counts to 1000 at most."));
        QVERIFY(!race.isRunning());
        TrainLane unknown;
        unknown.kind = QStringLiteral("abacus");
        QVERIFY(!race.start(TrainConfig{}, {unknown}, &error));
        QVERIFY2(error.contains(QStringLiteral("abacus")), qPrintable(error));
        const std::lock_guard lock(m_seen.mutex);
        QCOMPARE(m_seen.prepared, 0);
    }

    void cancelStopsATestLaneMidTurn()
    {
        clearSeen();
        TrainingRace race;
        m_race = &race;
        QSignalSpy steps(&race, &TrainingRace::stepsReady);
        QSignalSpy done(&race, &TrainingRace::finished);
        TrainConfig c;
        c.steps = 1000; // 40 s at 40 ms a step: only a cancel ends it in the wait below
        c.gridEvery = 0;
        TrainLane slow;
        slow.kind = QStringLiteral("countdown-slow");
        QString error;
        QVERIFY2(race.start(c, {slow}, &error), qPrintable(error));
        QVERIFY(steps.wait(20000));
        race.cancel();
        QVERIFY(done.wait(5000));
        m_race = nullptr;
        QCOMPARE(done.first().at(0).toBool(), true);
        QVERIFY(race.steps().first().size() < 1000);
        QVERIFY(!race.steps().first().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTrainingLanes)
#include "tst_traininglanes.moc"
