// The training race's DistributedDataParallel lane: its controls, a short race with it (the
// chart gets its steps, the replica strip its ranks, Pause is off meanwhile), the rank sweep's
// chart, and the lesson that opens it. The runs start real Python ranks (TK_PYTHON's torch).
#include "core/devices/deviceregistry.h"
#include "core/devices/torchthread.h"
#include "ui/lessons/lessonactions.h"
#include "ui/lessons/lessonspanel.h"
#include "ui/races/decisionview.h"
#include "ui/races/replicaoptions.h"
#include "core/races/replicarun.h"
#include "ui/races/replicastrip.h"
#include "core/races/replicasweep.h"
#include "ui/races/replicasweepchart.h"
#include "core/races/trainingrace.h"
#include "ui/races/trainingracepanel.h"
#include "ui/window/mainwindow.h"

#include "ui/races/decisionview.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QThread>
#include <qcustomplot.h>

using namespace tk;

class TestReplicaLane : public QObject
{
    Q_OBJECT

private:
    static int gpuCount()
    {
        int n = 0;
        for (const DeviceInfo &d : DeviceRegistry::knownDevices())
            n += d.isCuda() ? 1 : 0;
        return n;
    }

    template<typename T> static T *child(QWidget &parent, const char *name)
    {
        T *w = parent.findChild<T *>(QLatin1String(name));
        if (!w)
            qWarning("no %s", name);
        return w;
    }

    static int ddpIndex(const QList<TrainLane> &lanes)
    {
        for (int i = 0; i < lanes.size(); ++i)
            if (lanes[i].kind == TrainingLanes::kDdp)
                return i;
        return -1;
    }

    // Empty when the ranks can run; else why not (for QSKIP).
    QString m_noTorch;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TensorKitchenTests");
        QCoreApplication::setApplicationName("tst_replicalane");
        QSettings().clear();
        QProcess p;
        const QString python = ReplicaRun::pythonExecutable();
        p.start(python,
                {"-c",
                 "import sys, torch.distributed as d; "
                 "sys.exit(0 if d.is_available() and d.is_gloo_available() else 3)"});
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            m_noTorch = QStringLiteral("TK_PYTHON (%1) has no torch with torch.distributed and gloo: %2")
                            .arg(python, QString::fromLocal8Bit(p.readAllStandardError()).trimmed().right(200));
    }
    void init() { TorchThread::forbid(QThread::currentThread()); }
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void laneControls()
    {
        TrainingRacePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *ddp = child<QCheckBox>(panel, "ddpLane");
        auto *ranks = child<QSpinBox>(panel, "ddpRanks");
        QVERIFY(ddp && ranks);
        QVERIFY(ddp->isVisible() && ranks->isVisible());
        QVERIFY(!ddp->isChecked()); // opt-in: it starts processes
        QCOMPARE(ranks->minimum(), 1);
        QCOMPARE(ranks->maximum(), ReplicaRun::maxRanks("cpu"));
        QVERIFY(ranks->maximum() <= 8);
        QCOMPARE(ddpIndex(panel.lanesFromControls()), -1);

        QTest::mouseClick(ddp, Qt::LeftButton);
        ranks->setValue(3);
        const QList<TrainLane> lanes = panel.lanesFromControls();
        const int i = ddpIndex(lanes);
        QVERIFY(i >= 0);
        QCOMPARE(lanes[i].device, QString("cpu"));
        QCOMPARE(lanes[i].ranks, 3);
        // 128 does not split over 3 ranks: said at once (the launcher's check), with the
        // multiples either side.
        auto *warning = child<QLabel>(panel, "ddpBatchWarning");
        QVERIFY(warning && warning->isVisible());
        QVERIFY2(warning->text().contains("126 or 129"), qPrintable(warning->text()));
        ranks->setValue(2);
        QVERIFY(!warning->isVisible());

        if (gpuCount() < 2) {
            // DataParallel told honestly: the guide's line is skipped on this machine.
            auto *note = child<QLabel>(panel, "dataParallelNote");
            QVERIFY(note && note->isVisible());
            QVERIFY2(note->text().contains("nn.DataParallel(model)") && note->text().contains("does nothing")
                         && note->text().contains(QString("(%1 GPU").arg(gpuCount())),
                     qPrintable(note->text()));
            QVERIFY(!panel.findChild<QCheckBox *>("dataParallelLane"));
        } else {
            auto *dp = child<QCheckBox>(panel, "dataParallelLane");
            QVERIFY(dp && dp->isVisible());
            QVERIFY(!panel.findChild<QLabel *>("dataParallelNote"));
        }
    }

    void ddpLaneTrains()
    {
        if (!m_noTorch.isEmpty())
            QSKIP(qPrintable(m_noTorch));
        TrainingRacePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTest::mouseClick(child<QCheckBox>(panel, "ddpLane"), Qt::LeftButton);
        child<QSpinBox>(panel, "ddpRanks")->setValue(2);
        child<QSpinBox>(panel, "trainingSteps")->setValue(20);
        const QList<TrainLane> lanes = panel.lanesFromControls();
        const int ddp = ddpIndex(lanes);
        QVERIFY(ddp >= 0);
        auto *pause = child<QPushButton>(panel, "pauseTraining");
        QVERIFY(pause);

        // Seen right after the panel has handled each batch of the DDP lane's steps: until its
        // last step is in, Pause is off (then the race may go on to other lanes).
        int ddpSteps = 0, pauseOnDuringDdp = 0;
        QString pauseTip;
        connect(panel.race(), &TrainingRace::stepsReady, this, [&](const QList<TrainStep> &steps) {
            int last = 0;
            for (const TrainStep &s : steps)
                if (s.lane == ddp) {
                    ++ddpSteps;
                    last = s.step;
                }
            if (last > 0 && last < 20) {
                pauseOnDuringDdp += pause->isEnabled() ? 1 : 0;
                pauseTip = pause->toolTip();
            }
        });
        QSignalSpy replicas(panel.race(), &TrainingRace::replicasChanged);
        QSignalSpy done(panel.race(), &TrainingRace::finished);
        QTest::mouseClick(child<QPushButton>(panel, "runTraining"), Qt::LeftButton);
        QVERIFY(panel.race()->isRunning());
        QVERIFY(panel.replicaStrip()->isVisible());
        QVERIFY(done.wait(180000));
        QCOMPARE(done.first().at(1).toString(), QString());
        QCOMPARE(done.first().at(0).toBool(), false);

        // The chart received the DDP lane's steps, every one of them measured by its ranks.
        QCOMPARE(ddpSteps, 20);
        QCOMPARE(pauseOnDuringDdp, 0);
        QVERIFY2(pauseTip.contains("cannot be paused"), qPrintable(pauseTip)); // and says why
        QVERIFY(!pause->isEnabled());
        const QList<TrainStep> &steps = panel.race()->steps()[ddp];
        QCOMPARE(int(steps.size()), 20);
        for (const TrainStep &s : steps) {
            QCOMPARE(s.ranks, 2);
            QVERIFY(s.allreduceSeconds > 0 && s.allreduceSeconds < s.stepSeconds);
            QVERIFY(s.allreduceBytes > 0);
        }
        QCOMPARE(panel.lossChart()->graph(2 * ddp)->dataCount(), 20);
        QCOMPARE(panel.throughputChart()->graph(ddp)->dataCount(), 20);
        QCOMPARE(panel.lossChart()->graph(2 * ddp)->data()->at(19)->value, steps.last().loss);
        // Same seed, same global batch: one process's losses (the race's digits).
        QVERIFY(TrainingRace::agreeingDigits(panel.race()->steps()[0].last().loss, steps.last().loss) >= 4);

        // The strip: one box per rank, with the pids the ranks reported.
        QVERIFY(!replicas.isEmpty());
        const auto summary = replicas.last().at(0).value<ReplicaSummary>();
        QCOMPARE(summary.lane, ddp);
        QCOMPARE(int(summary.ranks.size()), 2);
        ReplicaStrip *strip = panel.replicaStrip();
        QVERIFY(strip->isVisible());
        QCOMPARE(strip->rankCount(ddp), 2);
        const QStringList texts = strip->rankTexts(ddp);
        QCOMPARE(int(texts.size()), 2);
        QVERIFY(summary.ranks[0].pid != summary.ranks[1].pid);
        for (int r = 0; r < 2; ++r) {
            const ReplicaInfo &info = summary.ranks[r];
            QVERIFY(info.pid > 0 && info.pid != QCoreApplication::applicationPid());
            QVERIFY2(texts[r].startsWith(QString("rank %1 · cpu · pid %2 · ").arg(info.rank).arg(info.pid)),
                     qPrintable(texts[r]));
            QVERIFY2(texts[r].contains("all-reduce"), qPrintable(texts[r]));
        }
        // Honest about the cores the ranks share.
        QVERIFY2(strip->noteText().contains(QString("%1 hardware threads").arg(DeviceRegistry::hardwareThreads())),
                 qPrintable(strip->noteText()));
        const QString summaryText = panel.summaryText();
        QVERIFY2(summaryText.contains(lanes[ddp].label()) && summaryText.contains("all-reduce took"),
                 qPrintable(summaryText));
    }

    // The Python lane beside the C++ one: the same training in a Python process, one box in the
    // strip (no ranks, no all-reduce), and the summary says what Python cost a step.
    void pythonLaneTrainsBesideTheCppLane()
    {
        if (!m_noTorch.isEmpty())
            QSKIP(qPrintable(m_noTorch));
        TrainingRacePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        // On its box, as a user clicks it (the check box spans the width; its text does not).
        QCheckBox *box = child<QCheckBox>(panel, "pythonLane");
        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
        QVERIFY(box->isChecked());
        child<QSpinBox>(panel, "trainingSteps")->setValue(20);
        const QList<TrainLane> lanes = panel.lanesFromControls();
        int python = -1;
        for (int i = 0; i < lanes.size(); ++i)
            if (lanes[i].kind == TrainingLanes::kPython)
                python = i;
        QStringList labels;
        for (const TrainLane &l : lanes)
            labels << l.label();
        QVERIFY2(python > 0, qPrintable(labels.join(", ")));
        QCOMPARE(lanes[python].label(), QStringLiteral("Python · CPU"));
        QCOMPARE(lanes[0].kind, TrainingLanes::kLibTorch);
        QSignalSpy done(panel.race(), &TrainingRace::finished);
        QTest::mouseClick(child<QPushButton>(panel, "runTraining"), Qt::LeftButton);
        QVERIFY(done.wait(180000));
        QCOMPARE(done.first().at(1).toString(), QString());
        const QList<TrainStep> &steps = panel.race()->steps()[python];
        QCOMPARE(int(steps.size()), 20);
        QCOMPARE(panel.throughputChart()->graph(python)->dataCount(), 20);
        // Same model, seed and batches as the C++ lane: its losses, to the race's digits.
        QVERIFY(TrainingRace::agreeingDigits(panel.race()->steps()[0].last().loss, steps.last().loss) >= 4);
        const QStringList texts = panel.replicaStrip()->rankTexts(python);
        QCOMPARE(int(texts.size()), 1);
        QVERIFY2(texts[0].startsWith("one process · cpu · pid ") && !texts[0].contains("all-reduce"),
                 qPrintable(texts[0]));
        QVERIFY2(!panel.replicaStrip()->noteText().contains("Python"), qPrintable(panel.replicaStrip()->noteText()));
        const QString summary = panel.summaryText();
        QVERIFY2(summary.contains("what Python costs a step") && summary.contains(lanes[0].label()),
                 qPrintable(summary));
        QVERIFY2(!summary.contains("all-reduce took"), qPrintable(summary));
        // Its decision picture is drawn too, from its own model after its last step.
        const QList<DecisionView *> views = panel.findChildren<DecisionView *>();
        QCOMPARE(int(views.size()), int(lanes.size()));
        QCOMPARE(views[python]->step(), 20);
    }

    void rankSweepCharts()
    {
        if (!m_noTorch.isEmpty())
            QSKIP(qPrintable(m_noTorch));
        TrainingRacePanel panel;
        panel.show();
        child<QSpinBox>(panel, "trainingSteps")->setValue(10);
        auto *run = child<QPushButton>(panel, "runTraining");
        auto *sweep = child<QPushButton>(panel, "sweepRanks");
        QVERIFY(run && sweep && sweep->isEnabled());
        QSignalSpy done(panel.replicaSweep(), &ReplicaSweep::finished);
        QVERIFY(panel.startReplicaSweep({1, 2}));
        QVERIFY(!panel.startReplicaSweep({1, 2})); // one at a time
        QVERIFY(!run->isEnabled());
        QVERIFY(sweep->isEnabled() && sweep->text().contains("Stop")); // now it stops the sweep
        QVERIFY(
            child<QTabWidget>(panel, "trainingChartTabs")->currentWidget()->isAncestorOf(panel.replicaSweepChart()));
        QVERIFY(done.wait(180000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QCOMPARE(done.first().at(1).toString(), QString());

        QCustomPlot *plot = panel.replicaSweepChart()->plot();
        QCOMPARE(plot->graphCount(), 2);
        QCOMPARE(plot->graph(0)->valueAxis(), plot->yAxis);
        QCOMPARE(plot->graph(1)->valueAxis(), plot->yAxis2);
        QVERIFY(plot->yAxis2->visible());
        const QList<ReplicaSweepPoint> &points = panel.replicaSweep()->points();
        QCOMPARE(int(points.size()), 2);
        for (int g = 0; g < 2; ++g)
            QCOMPARE(plot->graph(g)->dataCount(), 2);
        for (int i = 0; i < 2; ++i) {
            const ReplicaSweepPoint &p = points[i];
            QCOMPARE(p.ranks, i + 1);
            QCOMPARE(plot->graph(0)->data()->at(i)->key, double(p.ranks));
            QCOMPARE(plot->graph(0)->data()->at(i)->value, p.samplesPerSecond);
            QCOMPARE(plot->graph(1)->data()->at(i)->value, 100 * p.allreduceShare);
            QVERIFY(p.samplesPerSecond > 0);
            QVERIFY(p.allreduceShare >= 0 && p.allreduceShare < 1);
        }
        QVERIFY(points[1].allreduceShare > 0); // two ranks exchange their gradients
        QVERIFY2(panel.statusText().contains("Rank sweep done."), qPrintable(panel.statusText()));
        QVERIFY(run->isEnabled());
        QVERIFY(!sweep->text().contains("Stop"));
    }

    void lessonChecksTheLanes()
    {
        LessonsPanel en("en"), ko("ko");
        QCOMPARE(ko.count(), en.count());
        QString id;
        for (int i = 0; i < en.count(); ++i)
            if (en.lessonHtml(i).contains("DistributedDataParallel")
                && en.lessonHtml(i).contains("nn.DataParallel(model)"))
                id = en.lessonId(i);
        QVERIFY(!id.isEmpty());
        MainWindow w;
        w.show();
        w.lessonActions()->tryLesson(id);
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget *>(w.trainingRace()));
        const QList<TrainLane> lanes = w.trainingRace()->lanesFromControls();
        QCOMPARE(int(lanes.size()), 2);
        QCOMPARE(lanes[0].kind, TrainingLanes::kLibTorch);
        QCOMPARE(lanes[0].device, QString("cpu"));
        QCOMPARE(lanes[0].threads, 0);
        QCOMPARE(lanes[1].kind, TrainingLanes::kDdp);
        QCOMPARE(lanes[1].device, QString("cpu"));
        QCOMPARE(lanes[1].ranks, 2);
        QVERIFY(!w.trainingRace()->race()->isRunning()); // the lesson says to press Train
    }
};

QTEST_MAIN(TestReplicaLane)
#include "tst_replicalane.moc"
