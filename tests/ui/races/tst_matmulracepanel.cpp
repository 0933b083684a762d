#include "ui/window/mainwindow.h"
#include "core/devices/torchthread.h"
#include "ui/common/chartfactory.h"
#include "core/devices/deviceregistry.h"
#include "core/races/matmulrace.h"
#include "ui/races/matmulracepanel.h"
#include "core/races/matmulreport.h"
#include "support/kitchentest.h"
#include "support/testsupport.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTabWidget>
#include <QTest>
#include <QThread>
#include <qcustomplot.h>

using namespace tk;

class TestMatmulRacePanel : public QObject
{
    Q_OBJECT

private:
    static MatmulSettings small()
    {
        MatmulSettings s;
        s.sizes = {16, 32, 64};
        MatmulLane all, one;
        one.threads = 1;
        s.lanes = {all, one};
        s.minRunTime = 0.01;
        return s;
    }

    // What a reader needs from tick labels: some, none twice, and on a log axis no "0" (what
    // a plain number format made of 2^-3 before a run).
    static QString unreadable(const QVector<QString> &labels, bool log)
    {
        const QStringList l(labels.begin(), labels.end());
        if (l.size() < 2)
            return QStringLiteral("too few labels: ") + l.join(' ');
        if (QSet<QString>(l.begin(), l.end()).size() != l.size())
            return QStringLiteral("a label twice: ") + l.join(' ');
        if (log && l.contains("0"))
            return QStringLiteral("a 0 on a log axis: ") + l.join(' ');
        return {};
    }

private Q_SLOTS:
    // Set by MainWindow for the app; the panels are built here on their own.
    void init() { TorchThread::forbid(QThread::currentThread()); }
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void chartsReceiveEveryPoint()
    {
        MatmulRacePanel panel;
        panel.show();
        QSignalSpy done(panel.race(), &MatmulRace::finished);
        QVERIFY(panel.startRace(small()));
        // Named curves without a point yet: no legend box.
        panel.timeChart()->replot();
        QVERIFY(!panel.timeChart()->legend->visible());
        QVERIFY(done.wait(30000));
        QCOMPARE(panel.race()->results().size(), 6);
        QCOMPARE(panel.timeChart()->graphCount(), 2);
        QCOMPARE(panel.gflopsChart()->graphCount(), 2);
        for (int g = 0; g < 2; ++g) {
            QCOMPARE(panel.timeChart()->graph(g)->dataCount(), 3);
            QCOMPARE(panel.gflopsChart()->graph(g)->dataCount(), 3);
            // The chart shows exactly what the engine measured.
            const auto first = panel.timeChart()->graph(g)->data()->constBegin();
            for (const MatmulResult &r : panel.race()->results())
                if (r.lane == g && r.n == 16)
                    QCOMPARE(first->value, r.medianS);
        }
        // Error bars: one per time point.
        int bars = 0;
        for (int i = 0; i < panel.timeChart()->plottableCount(); ++i)
            if (auto *e = qobject_cast<QCPErrorBars *>(panel.timeChart()->plottable(i)))
                bars += e->dataCount();
        QCOMPARE(bars, 6);
        if (DeviceRegistry::hardwareThreads() > 1) {
            // No GPU here: one speed-up curve, all cooks over one, and a verdict.
            QCOMPARE(panel.speedupChart()->graphCount(), 1);
            QCOMPARE(panel.speedupChart()->graph(0)->dataCount(), 3);
            QVERIFY2(panel.crossoverText().contains("cook"), qPrintable(panel.crossoverText()));
        }
        QVERIFY(panel.statusText().startsWith("Done"));

        for (QCustomPlot *p : {panel.timeChart(), panel.gflopsChart(), panel.speedupChart()}) {
            if (p->graphCount() == 0)
                continue;
            p->replot();
            // With data the legend names the lanes, beside the plot and never over it.
            QVERIFY(p->legend->visible());
            const QRect legend = p->legend->outerRect();
            QVERIFY(!legend.isEmpty());
            QVERIFY(p->viewport().contains(legend));
            QVERIFY(!legend.intersects(p->axisRect()->rect()));
            // The planned N range stays.
            QVERIFY(p->xAxis->range().lower < 16 && p->xAxis->range().upper > 64);
        }
        // Lanes differ by line style and marker, not by colour alone, the same on each chart.
        for (QCustomPlot *p : {panel.timeChart(), panel.gflopsChart()}) {
            QVERIFY(p->graph(0)->pen().style() != p->graph(1)->pen().style());
            QVERIFY(p->graph(0)->scatterStyle().shape() != p->graph(1)->scatterStyle().shape());
        }
        QCOMPARE(panel.gflopsChart()->graph(1)->pen().style(), panel.timeChart()->graph(1)->pen().style());
    }

    // The Python lane: a box beside the lanes; checked, the CPU lane gets a Python twin drawn
    // beside it, and the race ends saying what Python cost per call.
    void pythonLaneIsACurveBesideTheCppLane()
    {
        const QString python = testsupport::torchPython();
        if (python.isEmpty())
            QSKIP("no Python with torch here");
        qputenv("TK_PYTHON", python.toLocal8Bit());
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove("matmulRace");
        MatmulRacePanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *box = panel.findChild<QCheckBox *>("pythonLane");
        QVERIFY(box && box->isEnabled() && !box->isChecked());
        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
        QVERIFY(box->isChecked());
        MatmulSettings s = panel.settingsFromControls();
        QCOMPARE(s.lanes.at(0).engine, MatmulEngine::LibTorch);
        QCOMPARE(s.lanes.at(1).engine, MatmulEngine::Python);
        QCOMPARE(s.lanes.at(1).threads, s.lanes.at(0).threads);
        s.sizes = {16, 32};
        s.minRunTime = 0.02;
        QSignalSpy done(panel.race(), &MatmulRace::finished);
        QVERIFY(panel.startRace(s));
        QVERIFY(done.wait(120000));
        QVERIFY2(done.first().at(1).toString().isEmpty(), qPrintable(done.first().at(1).toString()));
        QCOMPARE(panel.timeChart()->graphCount(), int(s.lanes.size()));
        QCPGraph *py = panel.timeChart()->graph(1);
        QVERIFY2(py->name().endsWith("Python"), qPrintable(py->name()));
        QCOMPARE(py->dataCount(), 2);
        QVERIFY(py->pen().color() != panel.timeChart()->graph(0)->pen().color());
        for (const MatmulResult &r : panel.race()->results())
            if (r.lane == 1 && r.n == 16)
                QCOMPARE(py->data()->constBegin()->value, r.medianS);
        QVERIFY2(panel.statusText().contains("per call is Python's"), qPrintable(panel.statusText()));
        QSettings().remove("matmulRace");
    }

    void chartsShowThePlanBeforeARun()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().setValue("matmulRace/from", "64");
        QSettings().setValue("matmulRace/to", "2048");
        MatmulRacePanel panel;
        QSettings().remove("matmulRace");
        panel.resize(1280, 860);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (QCustomPlot *p : {panel.timeChart(), panel.gflopsChart(), panel.speedupChart()}) {
            p->replot();
            // N from the first planned size to the last, not QCustomPlot's 0..5.
            const QCPRange x = p->xAxis->range();
            QVERIFY2(x.lower > 32 && x.lower < 64, qPrintable(QString::number(x.lower)));
            QVERIFY2(x.upper > 2048 && x.upper < 4096, qPrintable(QString::number(x.upper)));
            const QVector<QString> n = p->xAxis->tickVectorLabels();
            QVERIFY2(n.contains("64") && n.contains("128") && n.contains("2048"), qPrintable(QStringList(n).join(' ')));
            QVERIFY2(unreadable(n, true).isEmpty(), qPrintable(unreadable(n, true)));
            const bool log = p->yAxis->scaleType() == QCPAxis::stLogarithmic;
            const QVector<QString> y = p->yAxis->tickVectorLabels();
            QVERIFY2(unreadable(y, log).isEmpty(), qPrintable(unreadable(y, log)));
            // Nothing to name yet: no legend box.
            QVERIFY(!p->legend->visible());
        }
        // Times read as times.
        for (const QString &t : panel.timeChart()->yAxis->tickVectorLabels())
            QVERIFY2(t.endsWith(" s") || t.endsWith(" ms") || t.endsWith(" µs"), qPrintable(t));
    }

    void lanesDifferByLineAndMarker()
    {
        QSet<int> pens, shapes;
        for (int i = 0; i < 5; ++i) {
            pens << int(ChartFactory::laneStyle(i).pen);
            shapes << int(ChartFactory::laneStyle(i).shape);
        }
        QCOMPARE(pens.size(), 5);
        QCOMPARE(shapes.size(), 5);
        QSet<QPair<int, int>> looks;
        for (int i = 0; i < 30; ++i)
            looks << qMakePair(int(ChartFactory::laneStyle(i).pen), int(ChartFactory::laneStyle(i).shape));
        QCOMPARE(looks.size(), 30);
    }

    void raceDefaultsAreRemembered()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().setValue("matmulRace/dtype", "float64");
        QSettings().setValue("matmulRace/to", "256");
        MatmulRacePanel panel;
        const MatmulSettings s = panel.settingsFromControls();
        QCOMPARE(s.dtype, QStringLiteral("float64"));
        QCOMPARE(s.sizes.last(), 256);
        QSettings().remove("matmulRace");
    }

    void badSettingsAreShownAndNothingStarts()
    {
        MatmulRacePanel panel;
        MatmulSettings s = small();
        s.sizes = {50000};
        s.dtype = "float64";
        QVERIFY(!panel.startRace(s));
        QVERIFY(!panel.race()->isRunning());
        QVERIFY2(panel.statusText().contains("free"), qPrintable(panel.statusText()));
        QCOMPARE(panel.timeChart()->graphCount(), 0);
    }

    void noGpuIsExplained()
    {
        MatmulRacePanel panel;
        panel.show();
        bool gpu = false;
        for (const DeviceInfo &d : DeviceRegistry::knownDevices())
            gpu = gpu || d.isCuda();
        auto *note = panel.findChild<QLabel *>("noGpuNote");
        QVERIFY(note);
        QCOMPARE(note->isVisible(), !gpu);
        if (!gpu)
            QVERIFY(note->text().contains("one cook"));
    }

    void exports()
    {
        MatmulRacePanel panel;
        panel.show();
        QSignalSpy done(panel.race(), &MatmulRace::finished);
        QVERIFY(panel.startRace(small()));
        QVERIFY(done.wait(30000));
        QTemporaryDir dir;
        QString error;
        QVERIFY(panel.exportPng(dir.filePath("race.png")));
        QVERIFY(QImage(dir.filePath("race.png")).width() > 0);
        QVERIFY(panel.exportPdf(dir.filePath("race.pdf")));
        QFile pdf(dir.filePath("race.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(panel.exportCsv(dir.filePath("race.csv"), &error));
        QVERIFY(panel.exportJson(dir.filePath("race.json"), &error));
        QFile csv(dir.filePath("race.csv")), json(dir.filePath("race.json"));
        QVERIFY(csv.open(QIODevice::ReadOnly) && json.open(QIODevice::ReadOnly));
        QList<MatmulResult> back;
        QVERIFY(MatmulReport::fromCsv(csv.readAll(), &back, &error));
        QCOMPARE(back.size(), 6);
        QJsonObject receipt;
        QVERIFY(MatmulReport::fromJson(json.readAll(), &receipt, &back, &error));
        QCOMPARE(back.size(), 6);
        QCOMPARE(receipt.value("dtype").toString(), QStringLiteral("float32"));
    }

    void busyMachineIsNamedOnTheChart()
    {
        MatmulRacePanel panel;
        panel.show();
        QSignalSpy done(panel.race(), &MatmulRace::finished);
        QVERIFY(panel.startRace(small()));
        QCOMPARE(panel.busyWarningText(), QString()); // a new race starts without one
        QVERIFY(done.wait(30000));
        // A CPU point timed while other programs kept all but 0.3 of the cores busy (1.7 of 2
        // here), for long enough to outweigh whatever this machine's own points measured.
        MatmulResult r = panel.race()->results().first();
        QCOMPARE(r.device, QStringLiteral("cpu"));
        const int cores = std::max(2, r.load.cores);
        r.load.cores = cores;
        r.load.windowS = 1000;
        r.load.otherCores = cores - 0.3;
        r.load.ownCores = 0.3;
        Q_EMIT panel.race()->pointReady(r);
        const QString figure = QStringLiteral("%1 of %2 cores").arg(cores - 0.3, 0, 'f', 1).arg(cores);
        const QString shown = panel.busyWarningText();
        QVERIFY2(shown.contains("Other programs were using " + figure + " during this race:"), qPrintable(shown));
        QVERIFY(shown.contains("CPU times are slower than this machine can do."));
        // On the time chart itself, so the PNG and PDF carry it.
        // outside its plot area, so it covers no point.
        auto *note = panel.timeChart()->findChild<QCPTextElement *>("busyMachineWarning");
        QVERIFY(note);
        QVERIFY(note->visible());
        QCOMPARE(note->text(), shown);
        panel.timeChart()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(!note->outerRect().intersects(panel.timeChart()->axisRect()->rect()));
        // A short quiet point does not take it away: the race as a whole was slowed.
        r.load.otherCores = 0;
        r.load.windowS = 0.01;
        Q_EMIT panel.race()->pointReady(r);
        QVERIFY(panel.busyWarningText().contains(figure));
        // The next race starts clean.
        done.clear();
        QVERIFY(panel.startRace(small()));
        QCOMPARE(panel.busyWarningText(), QString());
        QVERIFY(!note->visible());
        QVERIFY(done.wait(30000));
    }

    void screenshots()
    {
        TK_SCREENSHOTS_ONLY();
        const QString dir = testsupport::screenshotDir();
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        MatmulRacePanel &panel = *w.matmulRace();
        w.tabs()->setCurrentWidget(&panel);
        QSignalSpy done(panel.race(), &MatmulRace::finished);
        // With the Python lane where a Python with torch is here: the picture the README shows.
        if (const QString python = testsupport::torchPython(); !python.isEmpty()) {
            qputenv("TK_PYTHON", python.toLocal8Bit());
            panel.findChild<QCheckBox *>("pythonLane")->setChecked(true);
        }
        MatmulSettings s = panel.settingsFromControls();
        s.sizes = {16, 32, 64, 128, 256, 512, 1024};
        s.minRunTime = 0.05;
        QVERIFY(panel.startRace(s));
        QVERIFY(done.wait(120000));
        QTest::qWait(200);
        QVERIFY(w.grab().save(QDir(dir).filePath("matmul-race.png")));
    }
};

QTEST_MAIN(TestMatmulRacePanel)
#include "tst_matmulracepanel.moc"
