#include "ui/window/mainwindow.h"
#include "core/devices/torchthread.h"
#include "ui/races/decisionview.h"
#include "core/devices/deviceregistry.h"
#include "core/races/trainingrace.h"
#include "ui/races/trainingracepanel.h"
#include "support/kitchentest.h"
#include "support/testsupport.h"

#include <QDir>
#include <QSet>
#include <QCheckBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QThread>
#include <qcustomplot.h>

using namespace tk;

class TestTrainingRacePanel : public QObject
{
    Q_OBJECT

private:
    static QList<TrainLane> twoCpuLanes()
    {
        TrainLane one;
        one.threads = 1;
        return {TrainLane{}, one};
    }

private Q_SLOTS:
    // Set by MainWindow for the app; the panels are built here on their own.
    void init() { TorchThread::forbid(QThread::currentThread()); }
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void chartsAndPicturesReceiveTheRace()
    {
        TrainingRacePanel panel;
        panel.show();
        QSignalSpy done(panel.race(), &TrainingRace::finished);
        TrainConfig c = panel.configFromControls();
        c.steps = 120;
        c.gridEvery = 40;
        QVERIFY(panel.startRace(c, twoCpuLanes()));
        // Named curves without a point yet: no legend box; the step axis is the planned race.
        panel.lossChart()->replot();
        QVERIFY(!panel.lossChart()->legend->visible());
        QCOMPARE(panel.lossChart()->xAxis->range().upper, 120.0);
        QVERIFY(done.wait(60000));
        // Raw and EMA per lane on the step chart, one curve per lane on the others.
        QCOMPARE(panel.lossChart()->graphCount(), 4);
        // The legend names each lane once, as the other charts do: the faint raw curves are not in it.
        QCOMPARE(panel.lossChart()->legend->itemCount(), 2);
        QCOMPARE(panel.wallChart()->graphCount(), 2);
        QCOMPARE(panel.throughputChart()->graphCount(), 2);
        for (int g = 0; g < 4; ++g)
            QCOMPARE(panel.lossChart()->graph(g)->dataCount(), 120);
        // The raw curve is exactly what the trainer measured.
        const auto raw = panel.lossChart()->graph(0)->data();
        QCOMPARE(raw->at(0)->value, panel.race()->steps()[0][0].loss);
        QCOMPARE(raw->at(119)->value, panel.race()->steps()[0][119].loss);
        QCOMPARE(panel.decisionViews().size(), 2);
        for (DecisionView *v : panel.decisionViews())
            QCOMPARE(v->step(), 120);
        QVERIFY2(panel.summaryText().contains("final loss"), qPrintable(panel.summaryText()));
        QVERIFY(panel.summaryText().contains("cpu · 1 thread"));
        QVERIFY(panel.summaryText().contains("agrees with") || panel.summaryText().contains("identical"));

        QTest::qWait(100); // the panel's redraw timer
        for (QCustomPlot *p : {panel.lossChart(), panel.wallChart(), panel.throughputChart()}) {
            p->replot();
            // With data the legend names the lanes, beside the plot and never over it.
            QVERIFY(p->legend->visible());
            const QRect legend = p->legend->outerRect();
            QVERIFY(!legend.isEmpty());
            QVERIFY(p->viewport().contains(legend));
            QVERIFY(!legend.intersects(p->axisRect()->rect()));
        }
        // The step axes keep the whole race.
        QCOMPARE(panel.lossChart()->xAxis->range().lower, 0.0);
        QCOMPARE(panel.lossChart()->xAxis->range().upper, 120.0);
        // Lanes differ by line style and marker, not by colour alone: graphs 1 and 3 are the
        // EMA curves of lanes 0 and 1.
        QCPGraph *ema0 = panel.lossChart()->graph(1), *ema1 = panel.lossChart()->graph(3);
        QVERIFY(ema0->pen().style() != ema1->pen().style());
        QVERIFY(ema0->scatterStyle().shape() != ema1->scatterStyle().shape());
        for (QCustomPlot *p : {panel.wallChart(), panel.throughputChart()}) {
            QVERIFY(p->graph(0)->pen().style() != p->graph(1)->pen().style());
            QVERIFY(p->graph(0)->scatterStyle().shape() != p->graph(1)->scatterStyle().shape());
        }
    }

    void chartsShowThePlanBeforeARun()
    {
        TrainingRacePanel panel;
        panel.resize(1400, 860);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const int steps = panel.configFromControls().steps;
        for (QCustomPlot *p : {panel.lossChart(), panel.throughputChart()}) {
            p->replot();
            // Steps 0..planned, not QCustomPlot's 0..5.
            QCOMPARE(p->xAxis->range().lower, 0.0);
            QCOMPARE(p->xAxis->range().upper, double(steps));
            const QVector<QString> x = p->xAxis->tickVectorLabels();
            QVERIFY2(x.size() >= 3 && x.contains("0"), qPrintable(QStringList(x).join(' ')));
        }
        for (QCustomPlot *p : {panel.lossChart(), panel.wallChart(), panel.throughputChart()}) {
            p->replot();
            const QVector<QString> labels = p->yAxis->tickVectorLabels();
            const QStringList y(labels.begin(), labels.end());
            QVERIFY2(y.size() >= 2 && QSet<QString>(y.begin(), y.end()).size() == y.size(), qPrintable(y.join(' ')));
            if (p->yAxis->scaleType() == QCPAxis::stLogarithmic)
                QVERIFY2(!y.contains("0") && y.contains("0.1") && y.contains("1"), qPrintable(y.join(' ')));
            // Nothing to name yet: no legend box.
            QVERIFY(!p->legend->visible());
        }
    }

    void badLaneIsRefusedInThePanel()
    {
        TrainingRacePanel panel;
        TrainLane meta;
        meta.device = "meta";
        QVERIFY(!panel.startRace(TrainConfig{}, {meta}));
        QVERIFY(panel.statusText().contains("meta"));
        QCOMPARE(panel.lossChart()->graphCount(), 0);
    }

    void busyMachineIsNamedOnTheChart()
    {
        TrainingRacePanel panel;
        panel.show();
        QCOMPARE(panel.busyWarningText(), QString());
        // The race's figure after a turn: other programs kept 1.7 of 2 cores busy.
        MachineLoad busy;
        busy.cores = 2;
        busy.windowS = 1;
        busy.otherCores = 1.7;
        busy.ownCores = 0.3;
        Q_EMIT panel.race()->machineLoadReady(busy);
        const QString shown = panel.busyWarningText();
        QVERIFY2(shown.contains("Other programs were using 1.7 of 2 cores during this race:"), qPrintable(shown));
        QVERIFY(shown.contains("CPU times are slower than this machine can do."));
        // On the chart (exports carry it) but outside its plot area, where it covered the curves.
        QCustomPlot *chart = panel.wallChart();
        auto *note = chart->findChild<QCPTextElement *>("busyMachineWarning");
        QVERIFY(note);
        QVERIFY(note->visible());
        QCOMPARE(note->layout(), chart->plotLayout());
        chart->replot(QCustomPlot::rpImmediateRefresh);
        const QRect plotArea = chart->axisRect()->rect();
        QVERIFY(plotArea.height() > 20);
        QVERIFY2(!note->outerRect().intersects(plotArea),
                 qPrintable(QString("note %1,%2 %3×%4, plot area from y=%5")
                                .arg(note->outerRect().x())
                                .arg(note->outerRect().y())
                                .arg(note->outerRect().width())
                                .arg(note->outerRect().height())
                                .arg(plotArea.y())));
        QVERIFY(note->outerRect().bottom() < plotArea.top());
        // Quiet again (the figure is the whole race's so far): the warning goes, and the plot
        // area has its height back.
        busy.otherCores = 0.1;
        Q_EMIT panel.race()->machineLoadReady(busy);
        QCOMPARE(panel.busyWarningText(), QString());
        QVERIFY(!note->visible());
        QVERIFY(!note->layout());
        chart->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(chart->axisRect()->rect().height() > plotArea.height());
        // A new race starts clean.
        busy.otherCores = 1.7;
        Q_EMIT panel.race()->machineLoadReady(busy);
        QVERIFY(!panel.busyWarningText().isEmpty());
        QSignalSpy done(panel.race(), &TrainingRace::finished);
        TrainConfig c = panel.configFromControls();
        c.steps = 20;
        QVERIFY(panel.startRace(c, {TrainLane{}}));
        QCOMPARE(panel.busyWarningText(), QString());
        QVERIFY(done.wait(60000));
    }

    void screenshots()
    {
        TK_SCREENSHOTS_ONLY();
        const QString dir = testsupport::screenshotDir();
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        TrainingRacePanel &panel = *w.trainingRace();
        w.tabs()->setCurrentWidget(&panel);
        // The C++ lanes and the Python lane beside them, where a Python with torch is here.
        if (!testsupport::torchPython().isEmpty())
            if (auto *python = panel.findChild<QCheckBox *>("pythonLane"))
                python->setChecked(true);
        QSignalSpy done(panel.race(), &TrainingRace::finished);
        TrainConfig c = panel.configFromControls();
        c.steps = 500;
        QVERIFY(panel.startRace(c, panel.lanesFromControls()));
        QVERIFY(done.wait(120000));
        QTest::qWait(300);
        QVERIFY(w.grab().save(QDir(dir).filePath("training-race.png")));
    }
};

QTEST_MAIN(TestTrainingRacePanel)
#include "tst_trainingracepanel.moc"
