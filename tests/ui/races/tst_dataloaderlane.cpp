// The training race's DataLoader placement: its options, the measured wait for data per lane,
// the worker sweep and its chart, and the lesson that opens it.
#include "core/devices/deviceregistry.h"
#include "ui/lessons/lessonspanel.h"
#include "ui/races/loaderoptions.h"
#include "ui/lessons/lessonactions.h"
#include "ui/window/mainwindow.h"
#include "core/devices/torchthread.h"
#include "core/races/trainingrace.h"
#include "ui/races/trainingracepanel.h"
#include "core/races/workersweep.h"
#include "ui/races/workersweepchart.h"

#include <QCheckBox>
#include <QComboBox>
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

class TestDataLoaderLane : public QObject
{
    Q_OBJECT

private:
    static bool hasGpu()
    {
        for (const DeviceInfo &d : DeviceRegistry::knownDevices())
            if (d.isCuda())
                return true;
        return false;
    }

    template<typename T> static T *child(QWidget &parent, const char *name)
    {
        T *w = parent.findChild<T *>(QLatin1String(name));
        if (!w)
            qWarning("no %s", name);
        return w;
    }

    static void chooseDataLoader(TrainingRacePanel &panel)
    {
        auto *placement = child<QComboBox>(panel, "trainingPlacement");
        QVERIFY(placement);
        const int index = placement->findData(int(TrainPlacement::DataLoader));
        QVERIFY(index >= 0);
        placement->setCurrentIndex(index);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TensorKitchenTests");
        QCoreApplication::setApplicationName("tst_dataloaderlane");
        QSettings().clear();
    }
    // Set by MainWindow for the app; the panels are built here on their own.
    void init() { TorchThread::forbid(QThread::currentThread()); }
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void optionsFollowThePlacement()
    {
        TrainingRacePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *options = child<QWidget>(panel, "loaderOptions");
        auto *sweep = child<QPushButton>(panel, "sweepWorkers");
        QVERIFY(options && sweep);
        QVERIFY(!options->isVisible()); // per batch, the default
        QVERIFY(!sweep->isEnabled());

        chooseDataLoader(panel);
        QVERIFY(options->isVisible());
        auto *workers = child<QSpinBox>(panel, "loaderWorkers");
        auto *cost = child<QSpinBox>(panel, "loaderPrepCost");
        auto *pin = child<QCheckBox>(panel, "loaderPin");
        QVERIFY(workers && cost && pin);
        QVERIFY(workers->isVisible() && cost->isVisible() && pin->isVisible());
        QCOMPARE(workers->minimum(), 0);
        QCOMPARE(workers->maximum(), 64);
        QCOMPARE(cost->minimum(), 0);
        QCOMPARE(cost->maximum(), 10000);
        QVERIFY(!cost->toolTip().isEmpty());
        QVERIFY(sweep->isEnabled());
        if (!hasGpu()) {
            // The trainer's own reason, asked off this thread: LibTorch refused pinned memory.
            QVERIFY(!pin->isEnabled());
            QVERIFY2(pin->toolTip().contains("Pinned"), qPrintable(pin->toolTip()));
        }

        workers->setValue(3);
        cost->setValue(5);
        const TrainConfig c = panel.configFromControls();
        QCOMPARE(c.placement, TrainPlacement::DataLoader);
        QCOMPARE(c.workers, 3);
        QCOMPARE(c.prepCost, 5);
        QCOMPARE(c.pinBatches, pin->isEnabled() && pin->isChecked());

        child<QComboBox>(panel, "trainingPlacement")->setCurrentIndex(0);
        QVERIFY(!options->isVisible());
        QVERIFY(!sweep->isEnabled());
    }

    void raceShowsTheWaitForData()
    {
        TrainingRacePanel panel;
        panel.show();
        chooseDataLoader(panel);
        child<QSpinBox>(panel, "loaderWorkers")->setValue(1);
        child<QSpinBox>(panel, "loaderPrepCost")->setValue(2);
        TrainConfig c = panel.configFromControls();
        c.steps = 30;
        c.gridEvery = 0;
        TrainLane one;
        one.threads = 1;
        QSignalSpy done(panel.race(), &TrainingRace::finished);
        QVERIFY(panel.startRace(c, {TrainLane{}, one}));
        QVERIFY(!child<QPushButton>(panel, "sweepWorkers")->isEnabled()); // not while racing
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(1).toString(), QString());

        const QString summary = panel.summaryText();
        QVERIFY2(summary.contains("waited for data"), qPrintable(summary));
        for (int lane = 0; lane < 2; ++lane) {
            // Exactly the steps' own figures: sum of waits over sum of step times.
            double waited = 0, total = 0;
            for (const TrainStep &s : panel.race()->steps()[lane]) {
                QVERIFY(s.waitSeconds >= 0 && s.waitSeconds <= s.stepSeconds);
                waited += s.waitSeconds;
                total += s.stepSeconds;
            }
            QCOMPARE(int(panel.race()->steps()[lane].size()), 30);
            QVERIFY(total > 0);
            QCOMPARE(panel.dataWaitFraction(lane), waited / total);
            const QString pct = QString::number(100 * (waited / total), 'f', 1);
            QVERIFY2(summary.contains(pct + " %"), qPrintable(summary + " / " + pct));
            // The throughput legend names the lane's wait too.
            QVERIFY(panel.throughputChart()->graph(lane)->name().contains("waited for data"));
        }
        QVERIFY(child<QPushButton>(panel, "sweepWorkers")->isEnabled());
    }

    void sweepChartsOnePointPerWorkerCount()
    {
        TrainingRacePanel panel;
        panel.show();
        chooseDataLoader(panel);
        child<QSpinBox>(panel, "loaderPrepCost")->setValue(2);
        child<QSpinBox>(panel, "trainingSteps")->setValue(8); // each run: a few warm-up steps and 8
        const QList<TrainLane> lanes = panel.lanesFromControls();
        QVERIFY(!lanes.isEmpty());
        auto *sweep = child<QPushButton>(panel, "sweepWorkers");
        auto *run = child<QPushButton>(panel, "runTraining");
        QSignalSpy done(panel.sweep(), &WorkerSweep::finished);
        QTest::mouseClick(sweep, Qt::LeftButton);
        QVERIFY(panel.sweep()->isRunning());
        QVERIFY(!run->isEnabled());
        QVERIFY(sweep->isEnabled()); // now it stops the sweep
        QVERIFY(sweep->text().contains("Stop"));
        QVERIFY(child<QTabWidget>(panel, "trainingChartTabs")->currentWidget()->isAncestorOf(panel.sweepChart()));
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QCOMPARE(done.first().at(1).toString(), QString());

        const QList<int> workers = WorkerSweep::defaultWorkers();
        QCustomPlot *plot = child<QCustomPlot>(panel, "sweepChart");
        QVERIFY(plot);
        QCOMPARE(panel.sweepChart()->workers(), workers);
        QCOMPARE(plot->graphCount(), int(lanes.size()));
        QCOMPARE(plot->yAxis->label(), QString("device waited for data (%)"));
        QCOMPARE(plot->xAxis->label(), QString("DataLoader workers"));
        for (int g = 0; g < plot->graphCount(); ++g) {
            QCOMPARE(plot->graph(g)->name(), lanes[g].label());
            QCOMPARE(plot->graph(g)->dataCount(), int(workers.size()));
            for (int i = 0; i < plot->graph(g)->dataCount(); ++i) {
                const double y = plot->graph(g)->data()->at(i)->value;
                QVERIFY2(y >= 0 && y <= 100, qPrintable(QString::number(y)));
            }
        }
        // The points drawn are the sweep's own.
        QCOMPARE(panel.sweep()->points().size(), lanes.size() * workers.size());
        const WorkerSweepPoint &p = panel.sweep()->points().first();
        QCOMPARE(plot->graph(p.lane)->data()->at(int(workers.indexOf(p.workers)))->value, 100 * p.waitFraction);
        QVERIFY(panel.sweepChart()->noteText().contains(QString::number(DeviceRegistry::hardwareThreads())));
        QVERIFY2(panel.statusText().contains("Sweep done."), qPrintable(panel.statusText()));
        QVERIFY(run->isEnabled());
        QVERIFY(sweep->isEnabled());
        QVERIFY(!sweep->text().contains("Stop"));
    }

    void sweepStopsWhenAsked()
    {
        TrainingRacePanel panel;
        panel.show();
        chooseDataLoader(panel);
        child<QSpinBox>(panel, "loaderPrepCost")->setValue(50);
        child<QSpinBox>(panel, "trainingSteps")->setValue(100);
        auto *sweep = child<QPushButton>(panel, "sweepWorkers");
        QSignalSpy done(panel.sweep(), &WorkerSweep::finished);
        QVERIFY(panel.startSweep());
        QVERIFY(!panel.startSweep()); // one at a time
        QTest::mouseClick(sweep, Qt::LeftButton);
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(0).toBool(), true);
        QVERIFY(panel.statusText().contains("Sweep cancelled."));
        QVERIFY(!panel.sweep()->isRunning());
    }

    void lessonOpensTheDataLoader()
    {
        LessonsPanel en("en");
        QString id;
        for (int i = 0; i < en.count() && id.isEmpty(); ++i) // the first (14 runs a watched program)
            if (en.lessonHtml(i).contains("num_workers"))
                id = en.lessonId(i);
        QVERIFY(!id.isEmpty());
        MainWindow w;
        w.show();
        w.lessonActions()->tryLesson(id);
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget *>(w.trainingRace()));
        const TrainConfig c = w.trainingRace()->configFromControls();
        QCOMPARE(c.placement, TrainPlacement::DataLoader);
        QCOMPARE(c.workers, 0);
        QVERIFY(w.trainingRace()->loaderOptions()->isVisible());
    }
};

QTEST_MAIN(TestDataLoaderLane)
#include "tst_dataloaderlane.moc"
