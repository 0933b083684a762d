#include "ui/devices/devicedetailsdialog.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/devicereport.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/window/mainwindow.h"
#include "ui/devices/memorypanel.h"
#include "core/transfers/transferlab.h"
#include "ui/transfers/transferlabpanel.h"
#include "support/kitchentest.h"

#include <QDir>
#include <QSignalSpy>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QThread>
#include <qcustomplot.h>

using namespace tk;

class TestMemory : public QObject
{
    Q_OBJECT

private:
    static qint64 cpuBytes(KitchenEngine &engine)
    {
        QSignalSpy sampled(&engine, &KitchenEngine::devicesSampled);
        engine.sampleDevices(false);
        if (!sampled.wait(10000))
            return -1;
        return sampled.first().at(1).value<QList<qint64>>().first();
    }

    static Outcome wait(KitchenEngine &engine, quint64 request)
    {
        Outcome out;
        bool done = false;
        auto c = QObject::connect(&engine, &KitchenEngine::finished, [&](quint64 r, const Outcome &o) {
            if (r == request) {
                out = o;
                done = true;
            }
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 20000); }();
        QObject::disconnect(c);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Preferences a run keeps (the drag meaning, window layout) must not leak between runs.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void accountingMatchesCardsCreatedAndDeleted()
    {
        KitchenEngine engine;
        QCOMPARE(cpuBytes(engine), qint64(0));
        TensorSpec s;
        s.shape = {256, 256}; // 256 KiB of float32
        s.name = "a";
        const int a = wait(engine, engine.submit(request::Create{s})).cardId;
        s.name = "b";
        s.dtype = "float64";
        s.shape = {1000};
        const int b = wait(engine, engine.submit(request::Create{s})).cardId;
        QCOMPARE(cpuBytes(engine), qint64(256 * 256 * 4 + 1000 * 8));
        // A same-device to() shares the storage: it is counted once.
        wait(engine, engine.submit(request::Transfer{a, "cpu", TransferMeaning::NewName, "a2"}));
        QCOMPARE(cpuBytes(engine), qint64(256 * 256 * 4 + 1000 * 8));
        wait(engine, engine.submit(request::Remove{a}));
        QCOMPARE(cpuBytes(engine), qint64(256 * 256 * 4 + 1000 * 8)); // a2 still holds it
        wait(engine, engine.submit(request::Remove{engine.cards().last().id}));
        wait(engine, engine.submit(request::Remove{b}));
        QCOMPARE(cpuBytes(engine), qint64(0));
    }

    void samplingIsOffTheGuiThread()
    {
        KitchenEngine engine;
        QVERIFY(cpuBytes(engine) >= 0);
        QVERIFY(engine.lastSamplingThread());
        QVERIFY(engine.lastSamplingThread() != QThread::currentThread());
        QCOMPARE(engine.lastSamplingThread(), engine.workerThread());
    }

    void tooLargeIsRefusedAndNothingChanges()
    {
        KitchenEngine engine;
        TensorSpec s;
        s.name = "x";
        s.shape = {4};
        wait(engine, engine.submit(request::Create{s}));
        const auto before = engine.cards();
        s.name = "huge";
        s.shape = {1 << 20, 1 << 20, 16};
        const Outcome o = wait(engine, engine.submit(request::Create{s}));
        QVERIFY(!o.ok());
        QCOMPARE(o.error.kind, OpError::Kind::OutOfMemory);
        QVERIFY(o.error.refusedBeforeAllocation);
        QCOMPARE(engine.cards().size(), before.size());
        QCOMPARE(engine.cards().first().summary, before.first().summary);
    }

    void transferLabOnCpuEmitsACurve()
    {
        TransferLab lab;
        QSignalSpy results(&lab, &TransferLab::resultReady);
        QSignalSpy done(&lab, &TransferLab::finished);
        // No context object: a direct connection, so the lambda runs where the signal is emitted.
        // The lab once emitted these on its worker thread.
        bool offThread = false;
        int resultsAtFinish = -1;
        connect(&lab, &TransferLab::resultReady,
                [&offThread] { offThread = offThread || QThread::currentThread() != qApp->thread(); });
        connect(&lab, &TransferLab::finished, [&] {
            offThread = offThread || QThread::currentThread() != qApp->thread();
            resultsAtFinish = int(lab.results().size());
        });
        TransferSettings s;
        s.sizes = {1024, 64 * 1024, 4 * 1024 * 1024};
        s.devices = {QStringLiteral("cuda")};
        s.pinned = true;
        s.nonBlocking = true;
        s.minRunTime = 0.01;
        QString error;
        QVERIFY2(lab.start(s, &error), qPrintable(error));
        QVERIFY(done.wait(30000));
        // With a GPU: both directions, each pageable, pinned and pinned non_blocking, per size.
        // Without one: host-to-host copies only, one per size.
        QStringList expected;
        for (qint64 bytes : s.sizes) {
            if (DeviceRegistry::buildFacts().cudaDeviceCount > 0) {
                for (const char *dir : {"h2d", "d2h"})
                    expected << QStringLiteral("%1 %2 pageable 0").arg(bytes).arg(dir)
                             << QStringLiteral("%1 %2 pinned 0").arg(bytes).arg(dir)
                             << QStringLiteral("%1 %2 pinned 1").arg(bytes).arg(dir);
            } else {
                expected << QStringLiteral("%1 host pageable 0").arg(bytes);
            }
        }
        QStringList got;
        for (const TransferResult &r : lab.results())
            got << QStringLiteral("%1 %2 %3 %4").arg(r.bytes).arg(r.direction, r.memory).arg(int(r.nonBlocking));
        QCOMPARE(got, expected);
        QCOMPARE(results.count(), expected.size());
        QVERIFY(!offThread);
        QCOMPARE(resultsAtFinish, expected.size()); // every result is in before the end
        QVERIFY(!lab.isRunning());
        double last = 0;
        for (const TransferResult &r : lab.results()) {
            QVERIFY(r.medianS > 0);
            QVERIFY(r.gbps() > 0);
            if (r.direction == "host")
                QVERIFY(r.bytes > last);
            last = double(r.bytes);
        }
        // Bad settings are refused with a reason.
        s.sizes = {0};
        QVERIFY(!lab.start(s, &error));
        s.sizes = {qint64(1) << 50};
        QVERIFY(!lab.start(s, &error));
        QVERIFY(error.contains("free"));
        s.sizes = {7173733806442603406LL}; // found by fuzz_benchcli: twice this overflows qint64
        QVERIFY(!lab.start(s, &error));
        QVERIFY(error.contains("free"));
    }

    void transferPanelChartsTheCurve()
    {
        TransferLabPanel panel;
        panel.show();
        QSignalSpy done(panel.lab(), &TransferLab::finished);
        TransferSettings s = panel.settingsFromControls();
        s.sizes = {1024, 16384, 262144};
        s.minRunTime = 0.01;
        QVERIFY(panel.start(s));
        // The sizes of this run, before its first point.
        QCOMPARE(panel.chart()->xAxis->range().lower, 512.0);
        QCOMPARE(panel.chart()->xAxis->range().upper, 524288.0);
        QVERIFY(done.wait(30000));
        QVERIFY(panel.chart()->graphCount() >= 1);
        QCOMPARE(panel.chart()->graph(0)->dataCount(), 3);
        QCustomPlot *p = panel.chart();
        p->replot();
        // With data the legend names the curves, beside the plot and never over it.
        QVERIFY(p->legend->visible());
        const QRect legend = p->legend->outerRect();
        QVERIFY(!legend.isEmpty());
        QVERIFY(p->viewport().contains(legend));
        QVERIFY(!legend.intersects(p->axisRect()->rect()));
        QCOMPARE(p->xAxis->range().lower, 512.0); // the planned sizes stay
        // Curves differ by line style and marker, not by colour alone (with a GPU: six curves,
        // no two alike in both).
        QSet<QPair<int, int>> looks;
        for (int g = 0; g < p->graphCount(); ++g)
            looks << qMakePair(int(p->graph(g)->pen().style()), int(p->graph(g)->scatterStyle().shape()));
        QCOMPARE(looks.size(), p->graphCount());
        if (p->graphCount() > 1) {
            QVERIFY(p->graph(1)->pen().style() != p->graph(0)->pen().style());
            QVERIFY(p->graph(1)->scatterStyle().shape() != p->graph(0)->scatterStyle().shape());
        }
    }

    void transferPanelShowsThePlanBeforeARun()
    {
        TransferLabPanel panel;
        panel.resize(1600, 600); // room for a label at every planned size
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const TransferSettings s = panel.settingsFromControls();
        QVERIFY(s.sizes.size() >= 2);
        QCustomPlot *p = panel.chart();
        p->replot();
        // Bytes per copy from the first planned size to the last, not QCustomPlot's 0..5.
        QVERIFY(p->xAxis->range().lower < s.sizes.first() && p->xAxis->range().lower > s.sizes.first() / 4);
        QVERIFY(p->xAxis->range().upper > s.sizes.last() && p->xAxis->range().upper < s.sizes.last() * 4);
        // Labelled as sizes ("1 KiB", "256 MiB"), each once.
        const QVector<QString> labels = p->xAxis->tickVectorLabels();
        const QStringList x(labels.begin(), labels.end());
        const QLocale l;
        QVERIFY2(x.contains(l.formattedDataSize(s.sizes.first(), 0))
                     && x.contains(l.formattedDataSize(s.sizes.last(), 0)),
                 qPrintable(x.join(' ')));
        QCOMPARE(QSet<QString>(x.begin(), x.end()).size(), x.size());
        // Nothing to name yet: no legend box.
        QVERIFY(!p->legend->visible());
        // Narrower, the labels still stand apart: fewer ticks, not labels running together.
        panel.resize(900, 600);
        QTest::qWait(50);
        p->replot();
        const QVector<double> ticks = p->xAxis->tickVector();
        const QVector<QString> names = p->xAxis->tickVectorLabels();
        QVERIFY(ticks.size() >= 3);
        const QFontMetrics fm(p->xAxis->tickLabelFont());
        for (int i = 1; i < ticks.size(); ++i) {
            const double gap = p->xAxis->coordToPixel(ticks[i]) - p->xAxis->coordToPixel(ticks[i - 1]);
            const double needed = (fm.horizontalAdvance(names[i]) + fm.horizontalAdvance(names[i - 1])) / 2.0;
            QVERIFY2(gap > needed, qPrintable(QStringList(names).join(' ')));
        }
    }

    void detailsListEveryDevice()
    {
        DeviceDetailsDialog dlg;
        const QString text = dlg.text();
        for (const DeviceInfo &d : DeviceRegistry::devices(true))
            QVERIFY2(text.contains(d.id + "  ") && text.contains(d.name), qPrintable(d.id));
        QVERIFY(text.contains("torch.cuda.is_available()"));
        QVERIFY(text.contains("torch.cuda.device_count()"));
        QVERIFY(text.contains(DeviceRegistry::buildFacts().torchVersion));
        if (DeviceRegistry::buildFacts().cudaDeviceCount == 0) {
            // The two no-GPU cases read differently: a CUDA build that found no device is not
            // a CPU-only build.
            QVERIFY(text.contains("No GPU:"));
            QVERIFY2(text.contains(TK_EXPECT_CUDA_BUILD ? "(CUDA build)" : "(CPU-only build)"), qPrintable(text));
            QVERIFY2(text.contains(TK_EXPECT_CUDA_BUILD ? "no GPU was found" : "built without CUDA"), qPrintable(text));
            QCOMPARE(text.contains("CUDA runtime "), bool(TK_EXPECT_CUDA_BUILD));
        }
    }

    void screenshots()
    {
        TK_SCREENSHOTS_ONLY();
        const QString dir = testsupport::screenshotDir();
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        TransferLabPanel &panel = *w.transferLab();
        w.tabs()->setCurrentWidget(&panel);
        QSignalSpy done(panel.lab(), &TransferLab::finished);
        QVERIFY(panel.start(panel.settingsFromControls()));
        QVERIFY(done.wait(120000));
        QTest::qWait(200);
        QVERIFY(w.grab().save(QDir(dir).filePath("transfer-lab.png")));
        DeviceDetailsDialog dlg;
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        QVERIFY(dlg.grab().save(QDir(dir).filePath("device-check.png")));
    }

    void memoryTimelineReceivesSamples()
    {
        MainWindow w;
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(w.memory()->sampleCount() >= 4, 5000);
        QVERIFY(w.memory()->chart()->graphCount() >= 1);
        QVERIFY(w.memory()->chart()->graph(0)->dataCount() >= 4);
    }
};

QTEST_MAIN(TestMemory)
#include "tst_memory.moc"
