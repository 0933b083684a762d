// A watched program's kitchen: recordings that real PyTorch wrote (the source texts' scripts
// under the package in python/) replayed into their tabs. Live programs and jobs: tst_watchlive.cpp.

#include "core/devices/torchthread.h"
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/errordialog.h"
#include "ui/kitchen/flightoverlay.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/tensorcard.h"
#include "support/kitchentest.h"
#include "support/testsupport.h"
#include "support/watchkitchen.h"
#include "support/watchlines.h"
#include "support/watchtest.h"
#include "ui/watch/findingspanel.h"
#include "ui/lessons/lessonactions.h"
#include "ui/watch/jobkitchen.h"
#include "ui/watch/programkitchen.h"
#include "ui/watch/stepchart.h"
#include "ui/watch/watchcontroller.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchfindings.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QTimer>
#include <QIcon>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QTranslator>
#include <QMenu>
#include <QPointer>
#include <QProcess>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTest>
#include <qcustomplot.h>

using namespace tk;
using testsupport::cardNames;
using testsupport::hello;
using testsupport::lines;
using testsupport::move;
using testsupport::replay;

class TestWatch : public QObject
{
    Q_OBJECT

private:
    QString m_python;
    QTemporaryDir m_dir;
    int m_streams = 0;
    QString m_right, m_wrong, m_loader, m_slowLoader;

    // findings/slow_loader.py's recording (made once), opened in `w` at a laptop's size: its
    // tab, whose findings panel shows its one finding; null if not.
    ProgramKitchen *openSlowLoader(MainWindow &w)
    {
        if (m_slowLoader.isEmpty() && QDir(m_dir.path()).mkpath("findings")) {
            QString log;
            m_slowLoader = testsupport::recordScript(m_python, "findings/slow_loader.py", m_dir.path(), &log);
            if (m_slowLoader.isEmpty())
                qWarning("%s", qPrintable(log));
        }
        ProgramKitchen *k = m_slowLoader.isEmpty() || !testsupport::showAsLaptop(w) ? nullptr : replay(w, m_slowLoader);
        if (k && !QTest::qWaitFor([k] { return k->findingsPanel()->list()->count() == 1; }, 10000))
            return nullptr;
        return k;
    }

    // `stream` as a recording, replayed in `w` (shown at a laptop's size) to its end; null if not.
    ProgramKitchen *replayToEnd(MainWindow &w, const QList<QByteArray> &stream)
    {
        QFile f(m_dir.filePath(QStringLiteral("stream%1.tkwatch").arg(++m_streams)));
        if (!f.open(QIODevice::WriteOnly) || !testsupport::showAsLaptop(w))
            return nullptr;
        f.write(lines(stream));
        f.close();
        ProgramKitchen *k = replay(w, f.fileName());
        if (k && !QTest::qWaitFor([k] { return k->program()->state() == WatchedProgram::State::Ended; }, 5000))
            return nullptr;
        return k;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_python = testsupport::startWatchSuite(m_dir);
        if (m_python.isEmpty())
            QSKIP("no Python with torch here: the watcher runs in the user's own Python");
        QString log;
        m_right = testsupport::recordScript(m_python, "seed003_right.py", m_dir.path(), &log);
        QVERIFY2(!m_right.isEmpty(), qPrintable(log));
        int code = 0;
        m_wrong = testsupport::recordScript(m_python, "seed003_wrong.py", m_dir.path(), &log, &code);
        QVERIFY2(!m_wrong.isEmpty(), qPrintable(log));
        QCOMPARE(code, 1); // it raises, as the post says it does
        m_loader = testsupport::recordScript(m_python, "seed003_dataloader.py", m_dir.path(), &log);
        QVERIFY2(!m_loader.isEmpty(), qPrintable(log));
    }

    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void replayShowsTheProgramsKitchen()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        const int tabs = w.tabs()->count();
        const int landed = w.overlay()->flightsLanded();
        ProgramKitchen *k = replay(w, m_right);
        QVERIFY(k);
        QCOMPARE(w.tabs()->count(), tabs + 1);
        QCOMPARE(w.tabs()->currentWidget(), k);
        QVERIFY2(w.tabs()->tabText(w.tabs()->indexOf(k)).startsWith("seed003_right.py ("),
                 qPrintable(w.tabs()->tabText(w.tabs()->indexOf(k))));
        // The status names the program, its pid, its torch and how it ended.
        const WatchHello &h = k->program()->hello();
        QVERIFY(h.pid > 0);
        QVERIFY2(k->statusText().contains(QString::number(h.pid)) && k->statusText().contains(h.torch)
                     && k->statusText().contains("ended (exit code 0)"),
                 qPrintable(k->statusText()));
        // model.to(device) and x.to(device): both moves flew, both now sit on the meta shelf.
        QCOMPARE(k->movesShown(), qint64(2));
        QCOMPARE(k->bytesMoved(), qint64(36 + 36));
        QTRY_VERIFY_WITH_TIMEOUT(w.overlay()->flightsLanded() >= landed + 2, 5000);
        DevicePane *meta = k->kitchen()->pane("meta");
        QVERIFY(meta);
        QCOMPARE(cardNames(meta), (QStringList{"model", "output", "x"}));
        QCOMPARE(cardNames(k->kitchen()->pane("cpu")), QStringList{});
        // A watched card shows; it is not the kitchen's to drag or drop on.
        QVERIFY(!meta->acceptDrops());
        QVERIFY(!meta->cards().first()->acceptDrops());
        QVERIFY(!k->errorDialog());
        // The app's own kitchen is untouched.
        QVERIFY(w.engine()->cards().isEmpty());
    }

    void mismatchOpensTheErrorDialogWithTheProgramsLine()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        ProgramKitchen *k = replay(w, m_wrong);
        QVERIFY(k);
        QTRY_VERIFY_WITH_TIMEOUT(k->errorDialog(), 5000);
        ErrorDialog *dlg = k->errorDialog();
        QCOMPARE(dlg->error().kind, OpError::Kind::DeviceMismatch);
        QCOMPARE(dlg->windowTitle(), ErrorDialog::title(OpError::Kind::DeviceMismatch));
        // PyTorch's own words: they differ between 1.13 and 2.x.
        QVERIFY2(dlg->error().message.contains("same device") || dlg->error().message.contains("expected device"),
                 qPrintable(dlg->error().message));
        QVERIFY2(dlg->error().codeLine.contains("return x + self.w")
                     && dlg->error().codeLine.contains("seed003_wrong.py, line 14"),
                 qPrintable(dlg->error().codeLine));
        QCOMPARE(QSet<QString>(dlg->error().devices.begin(), dlg->error().devices.end()),
                 (QSet<QString>{"meta", "cpu"}));
        // Its traceback under Details, as Python printed it.
        QVERIFY2(dlg->error().details.contains("seed003_wrong.py"), qPrintable(dlg->error().details));
        // No move-and-retry: the program is not the kitchen's to change.
        QVERIFY(!dlg->findChild<QPushButton *>("moveFirst")
                || !dlg->findChild<QPushButton *>("moveFirst")->isVisible());
        QVERIFY(k->statusText().contains("ended (exit code 1)"));
    }

    void stepsReachTheChart()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        ProgramKitchen *k = replay(w, m_loader);
        QVERIFY(k);
        // Two epochs of 4 batches, one optimizer step each.
        QCOMPARE(k->stepChart()->stepCount(), 8);
        const QList<WatchStep> steps = k->program()->steps().toList();
        QCOMPARE(steps.size(), 8);
        for (const WatchStep &s : steps) {
            QVERIFY(s.waitSeconds > 0); // each step waited for its batch
            QCOMPARE(k->stepChart()->waitMs(s.n), s.waitSeconds * 1e3);
            QCOMPARE(k->stepChart()->otherMs(s.n), s.otherSeconds() * 1e3);
        }
        // The model and the data stayed on the CPU (no GPU here): no flights, cards on the CPU.
        QCOMPARE(k->movesShown(), qint64(0));
        QVERIFY(cardNames(k->kitchen()->pane("cpu")).contains("model"));
    }

    // A notebook, as a real Jupyter kernel recorded it under `%load_ext tensorkitchen`
    // (tests/fixtures/notebook.tkwatch, ipykernel 6): cards name their cell, each cell is a bar
    // numbered as Jupyter numbers it, and the error says "cell [4], line 1", as IPython does.
    void aNotebookIsSaidInCells()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        ProgramKitchen *k = replay(w, qEnvironmentVariable("TK_SOURCE_DIR") + "/tests/fixtures/notebook.tkwatch");
        QVERIFY(k);
        QVERIFY2(w.tabs()->tabText(w.tabs()->indexOf(k)).startsWith("notebook ("),
                 qPrintable(w.tabs()->tabText(w.tabs()->indexOf(k))));
        // x, y and model came from cell [2]; `batch = torch.ones(8, 64).to('meta')` flew as batch.
        QCOMPARE(k->movesShown(), qint64(2));
        QStringList moved;
        for (const MoveReport &m : k->program()->moves())
            moved << QStringLiteral("%1@%2:%3").arg(m.sourceName).arg(m.program.cell).arg(m.program.line);
        QCOMPARE(moved, (QStringList{"x@2:2", "batch@3:1"}));
        QCOMPARE(cardNames(k->kitchen()->pane("meta")), (QStringList{"batch", "y"}));
        QCOMPARE(cardNames(k->kitchen()->pane("cpu")), (QStringList{"model", "x"}));
        // Three cells ran watched (2, 3, 4): three bars, on an axis of execution counts.
        QVERIFY(k->stepChart()->drawsCells());
        QCOMPARE(k->stepChart()->stepCount(), 3);
        QVERIFY(k->stepChart()->plot()->xAxis->label().contains("cell"));
        QVERIFY(k->stepChart()->copyMs(3) > 0);
        QCOMPARE(k->stepChart()->copyMs(4), 0.0);
        const QList<WatchStep> cells = k->program()->steps().toList();
        QCOMPARE(cells.size(), 3);
        QVERIFY(cells.at(2).isCell && cells.at(2).failed && cells.at(2).n == 4);
        // The error names its cell, in the banner and in the dialog.
        QTRY_VERIFY_WITH_TIMEOUT(k->errorDialog(), 5000);
        const OpError e = k->errorDialog()->error();
        QCOMPARE(e.sourceCell, 4);
        QVERIFY2(e.codeLine.contains("z = x + y") && e.codeLine.contains("cell [4], line 1"), qPrintable(e.codeLine));
        QVERIFY2(e.details.contains("Cell In[4], line 1"), qPrintable(e.details));
        auto *banner = k->findChild<QLabel *>("programErrorText");
        QVERIFY(banner);
        QVERIFY2(banner->text().contains("at cell [4], line 1"), qPrintable(banner->text()));
    }

    // A notebook that trains: its first optimizer step takes the chart from the cells.
    void aNotebooksFirstStepTakesTheChart()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        QTemporaryDir dir;
        const QString rec = dir.filePath("train.tkwatch");
        QFile f(rec);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(testsupport::hello() + "\n");
        f.write(R"({"type":"cell","t":0.5,"n":1,"seconds":0.5,"wait_s":0,"copy_s":0,"bytes":0,"moves":0,"error":false})"
                "\n");
        f.write(R"({"type":"cell","t":0.9,"n":2,"seconds":0.4,"wait_s":0,"copy_s":0,"bytes":0,"moves":0,"error":false})"
                "\n");
        for (int n = 1; n <= 3; ++n)
            f.write(QStringLiteral(R"({"type":"step","t":%1,"n":%2,"optimizer":"SGD","seconds":0.1,"cell":3,"line":4})")
                        .arg(1.0 + n * 0.1)
                        .arg(n)
                        .toUtf8()
                    + "\n");
        f.write(R"({"type":"cell","t":1.5,"n":3,"seconds":0.6,"wait_s":0,"copy_s":0,"bytes":0,"moves":0,"error":false})"
                "\n");
        f.write(R"({"type":"bye","t":1.6,"exit_code":null})"
                "\n");
        f.close();
        ProgramKitchen *k = replay(w, rec);
        QVERIFY(k);
        QVERIFY(!k->stepChart()->drawsCells());
        QCOMPARE(k->stepChart()->stepCount(), 3);
        QCOMPARE(k->program()->steps().size(), 3);
        QCOMPARE(k->program()->steps().constFirst().cell, 3);
        QVERIFY(!k->stepChart()->plot()->xAxis->label().contains("cell"));
    }

    // Blocking torch.distributed collectives are a part of their step of their own (the time
    // the rank waited for the others); an async_op call is listed but not counted in.
    void collectivesAreTheirOwnPartOfAStep()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        QTemporaryDir dir;
        const QString rec = dir.filePath("ddp.tkwatch");
        QFile f(rec);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(testsupport::hello() + "\n");
        f.write(
            R"({"type":"collective","t":0.30,"op":"all_reduce","seconds":0.25,"bytes":1024,"async":false,"step":0,"file":"/u/train.py","line":7})"
            "\n");
        f.write(
            R"({"type":"collective","t":0.31,"op":"all_reduce","seconds":0.001,"bytes":1024,"async":true,"step":0,"file":"/u/train.py","line":8})"
            "\n");
        f.write(
            R"({"type":"step","t":0.5,"n":1,"optimizer":"SGD","seconds":0.5,"wait_s":0.1,"copy_s":0,"bytes":0,"moves":0,"collective_s":0.25,"collectives":1})"
            "\n");
        f.write(R"({"type":"bye","t":0.6,"exit_code":0})"
                "\n");
        f.close();
        ProgramKitchen *k = replay(w, rec);
        QVERIFY(k);
        QCOMPARE(k->program()->collectives().size(), 2);
        QCOMPARE(k->program()->collectives().at(1).asynchronous, true);
        QCOMPARE(k->stepChart()->collectiveMs(1), 250.0);
        QCOMPARE(k->stepChart()->waitMs(1), 100.0);
        QCOMPARE(k->stepChart()->otherMs(1), 150.0); // 500 − 100 waiting − 250 in the collective
        // On the timeline: a lane of collectives, each a slice ending when the call returned.
        int slices = 0;
        for (const QJsonValue &v :
             QJsonDocument::fromJson(k->program()->trace().toJson()).object().value("traceEvents").toArray()) {
            const QJsonObject e = v.toObject();
            if (e.value("ph") == "X" && e.value("cat") == "collective") {
                QCOMPARE(e.value("tid").toInt(), int(WatchTrace::Collectives));
                QCOMPARE(e.value("name").toString(), QStringLiteral("all_reduce"));
                ++slices;
            }
        }
        QCOMPARE(slices, 2);
    }

    // What a program names is text: a program called "<img …>%2" and a tensor "<b>w</b>" are
    // shown as they are spelled, and a "%2" in a name is never filled in.
    void namesFromAProgramAreShownAsText()
    {
        QByteArray hi = hello(777);
        hi.replace("\"program\":\"train.py\"", "\"program\":\"<img src=x>%2.py\"");
        MainWindow w;
        ProgramKitchen *k = replayToEnd(w,
                                        {hi, move(1, "<b>w</b>", 0.1),
                                         R"({"type":"tensors","t":0.2,"items":[{"name":"<b>w</b>","kind":"tensor",)"
                                         R"("device":"cpu","dtype":"float32","shape":[2],"bytes":8}]})",
                                         R"({"type":"bye","t":0.3,"exit_code":0})"});
        QVERIFY(k);
        QCOMPARE(k->title(), QStringLiteral("<img src=x>%2.py (777)"));
        auto *status = k->findChild<QLabel *>("programStatus");
        QCOMPARE(status->textFormat(), Qt::PlainText);
        QVERIFY2(status->text().startsWith("<img src=x>%2.py · pid 777"), qPrintable(status->text()));
        QTRY_VERIFY(!k->kitchen()->findChildren<TensorCard *>().isEmpty());
        for (TensorCard *card : k->kitchen()->findChildren<TensorCard *>())
            for (QLabel *label : card->findChildren<QLabel *>())
                if (label->text().contains("<b>"))
                    QCOMPARE(label->textFormat(), Qt::PlainText);
    }

    // A recording the watcher capped: its tab says where it stopped and what was left out.
    void aCappedRecordingSaysSoInItsTab()
    {
        MainWindow w;
        ProgramKitchen *k = replayToEnd(
            w,
            {hello(778), move(1, "w", 0.1),
             R"({"type":"recording_capped","t":0.2,"max_bytes":8192,"bytes":8100,"lines":0,"steps":0})",
             R"({"type":"recording_capped","t":3.5,"max_bytes":8192,"bytes":8100,"lines":4800,"steps":31})",
             R"({"type":"bye","t":3.5,"exit_code":0})"});
        QVERIFY(k);
        const QString status = k->findChild<QLabel *>("programStatus")->text();
        const QString expected = QStringLiteral("the recording stopped at its cap of %1, 3.5 s in: %2 messages (31 "
                                                "steps) after it were not recorded")
                                     .arg(QLocale().formattedDataSize(8192, 1, QLocale::DataSizeTraditionalFormat),
                                          QLocale().toString(4800));
        QVERIFY2(status.contains(expected), qPrintable(status));
    }

    // A training loop as a user meets it: step 1 holds the program's start-up (1,285 ms) and
    // the 59 steps after it take 44–64 ms, waiting for the DataLoader. At 1366×768 and at
    // 1024×640, with the code log open, the plot is at least 160 px high; the time axis fits
    // the 59 steps, step 1 drawn clipped with its time; the legend lists only what happened;
    // hovering a bar tells its step.
    void theStepChartReadsOnALaptop_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1366x768") << QSize(1366, 768);
        QTest::newRow("1024x640") << QSize(1024, 640);
    }
    void theStepChartReadsOnALaptop()
    {
        QFETCH(QSize, size);
        QTemporaryDir tmp;
        QFile f(tmp.filePath("loop.tkwatch"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(hello(901) + '\n');
        double t = 1.285;
        f.write(QStringLiteral(R"({"type":"step","t":%1,"n":1,"optimizer":"SGD","seconds":1.285,"wait_s":0.04})")
                    .arg(t)
                    .toUtf8()
                + '\n');
        for (int n = 2; n <= 60; ++n) {
            const double seconds = 0.044 + 0.02 * double(n % 7) / 6.0;
            t += seconds;
            f.write(QStringLiteral(R"({"type":"step","t":%1,"n":%2,"optimizer":"SGD","seconds":%3,"wait_s":%4})")
                        .arg(QString::number(t, 'f', 6), QString::number(n), QString::number(seconds, 'f', 6),
                             QString::number(seconds * 0.6, 'f', 6))
                        .toUtf8()
                    + '\n');
        }
        f.write(QByteArray(R"({"type":"bye","t":5,"exit_code":0})") + '\n');
        f.close();
        MainWindow w;
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.codeLogDock()->isVisible());
        ProgramKitchen *k = replay(w, f.fileName());
        QVERIFY(k);
        QTRY_COMPARE(k->program()->state(), WatchedProgram::State::Ended);
        StepChart *chart = k->stepChart();
        QTRY_COMPARE(chart->stepCount(), 60);
        chart->replotNow();
        QCustomPlot *plot = chart->plot();
        plot->replot();
        QVERIFY2(plot->axisRect()->height() >= 160, qPrintable(QString::number(plot->axisRect()->height())));
        // The 59 loop steps fill the axis; step 1 is clipped, its time written on it.
        const QCPRange y = plot->yAxis->range();
        QVERIFY2(y.upper >= 64 && y.upper < 100, qPrintable(QString::number(y.upper)));
        QVERIFY2(chart->clippedLabels() == QStringList{QStringLiteral("1,285 ms ↑ start-up")}
                     || chart->clippedLabels() == QStringList{QLocale().toString(1285.0, 'f', 0) + " ms ↑ start-up"},
                 qPrintable(chart->clippedLabels().join('|')));
        // Only what happened is in the legend, and no empty bytes axis.
        QStringList legend;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i)))
                legend << item->plottable()->name();
        QCOMPARE(legend, (QStringList{"the rest (compute, Python)", "waiting for the DataLoader"}));
        QVERIFY(!plot->yAxis2->visible());
        // The axis labels do not overlap: each tick label's box is apart from the next.
        for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
            const QFontMetrics fm(axis->tickLabelFont());
            const QVector<double> ticks = axis->tickVector();
            const QVector<QString> labels = axis->tickVectorLabels();
            QVERIFY(ticks.size() >= 3);
            for (int i = 1; i < ticks.size(); ++i) {
                const double apart = std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
                const double needed = axis == plot->xAxis
                    ? (fm.horizontalAdvance(labels[i]) + fm.horizontalAdvance(labels[i - 1])) / 2.0
                    : double(fm.height());
                QVERIFY2(apart >= needed, qPrintable(labels[i - 1] + " / " + labels[i]));
            }
        }
        // Hovering step 30's bar tells its time and parts; the empty plot says how to pan.
        const int x = int(plot->xAxis->coordToPixel(30)), yPix = int(plot->yAxis->coordToPixel(10));
        QTest::mouseMove(plot, QPoint(x, yPix));
        QVERIFY2(plot->toolTip().startsWith("Step 30: ") && plot->toolTip().contains("waiting for the DataLoader: "),
                 qPrintable(plot->toolTip()));
        QVERIFY(chart->describeStep(1).contains("start-up"));
        QTest::mouseMove(plot, QPoint(x, int(plot->yAxis->coordToPixel(y.upper * 0.95))));
        QVERIFY2(plot->toolTip().contains("wheel to zoom"), qPrintable(plot->toolTip()));
    }

    // 50,000 steps of 0.1 ms after a start-up of 900 ms: the newest steps are bars, not an
    // empty chart scaled to the start-up.
    void aLongRunsStepsStayReadable()
    {
        StepChart chart;
        chart.resize(800, 300);
        chart.show();
        WatchStep s;
        s.n = 1;
        s.seconds = 0.9;
        chart.addStep(s);
        for (qint64 n = 2; n <= 50000; ++n) {
            s.n = n;
            s.seconds = 0.0001 * (1 + double(n % 3) / 10);
            chart.addStep(s);
        }
        chart.replotNow();
        QCOMPARE(chart.stepCount(), 50000);
        QCOMPARE(chart.plot()->xAxis->range().upper, 50000.5);
        QCOMPARE(chart.plot()->xAxis->range().lower, 50000.5 - StepChart::kShown);
        const double upper = chart.plot()->yAxis->range().upper;
        QVERIFY2(upper > 0.13 && upper < 0.2, qPrintable(QString::number(upper))); // in ms
        QVERIFY(chart.otherMs(50000) > 0.1 && chart.otherMs(1) == -1); // step 1 is long gone
    }

    // Two clipped bars side by side (the start-up, then a slow second step): each label is
    // written whole, the second under the first rather than over it.
    void clippedLabelsDoNotCoverEachOther()
    {
        StepChart chart;
        chart.resize(880, 340);
        chart.show();
        WatchStep s;
        for (qint64 n = 1; n <= 8; ++n) {
            s.n = n;
            s.seconds = n == 1 ? 0.00873 : n == 2 ? 0.00159 : 0.0001 * double(1 + n % 3);
            chart.addStep(s);
        }
        chart.replotNow();
        chart.replotNow(); // laid out once: the labels' places are in pixels of that layout
        const QList<QRectF> rects = chart.clippedLabelRects();
        QCOMPARE(rects.size(), 2);
        QVERIFY2(!rects.at(0).intersects(rects.at(1)),
                 qPrintable(QStringLiteral("%1,%2 %3x%4 and %5,%6 %7x%8")
                                .arg(rects.at(0).x())
                                .arg(rects.at(0).y())
                                .arg(rects.at(0).width())
                                .arg(rects.at(0).height())
                                .arg(rects.at(1).x())
                                .arg(rects.at(1).y())
                                .arg(rects.at(1).width())
                                .arg(rects.at(1).height())));
        const QRect plot = chart.plot()->axisRect()->rect();
        for (const QRectF &r : rects)
            QVERIFY(plot.contains(r.toAlignedRect().adjusted(1, 1, -1, -1)));
    }

    // A program's tab never takes the focus by itself; past kMaxProgramTabs, the oldest ended
    // programs fold into a menu beside the tabs, and come back whole from it.
    void programTabsAreBoundedAndFold()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        const int appTabs = w.tabs()->count();
        QList<ProgramKitchen *> opened;
        for (int i = 0; i < WatchController::kMaxProgramTabs + 3; ++i) {
            ProgramKitchen *k = w.watch()->openRecording(m_right, 0);
            QVERIFY(k);
            QTRY_COMPARE(k->program()->state(), WatchedProgram::State::Ended);
            opened << k;
        }
        QCOMPARE(w.tabs()->count(), appTabs + WatchController::kMaxProgramTabs);
        QCOMPARE(w.watch()->foldedCount(), 3);
        QCOMPARE(w.tabs()->indexOf(opened.first()), -1); // the oldest folded, not closed
        QCOMPARE(w.tabs()->currentWidget(), opened.last());
        auto *folds = w.findChild<QToolButton *>("foldedPrograms");
        QVERIFY(folds && folds->isVisible());
        folds->menu()->actions().first()->trigger();
        QCOMPARE(w.tabs()->currentWidget(), opened.first());
        QCOMPARE(w.watch()->kitchens().size(), WatchController::kMaxProgramTabs + 1);
    }

    // "Why is it slow?": a starved DataLoader loop's tab shows the finding beside its chart.
    void theFindingsStandBesideTheChart()
    {
        MainWindow w;
        ProgramKitchen *k = openSlowLoader(w);
        QVERIFY(k);
        FindingsPanel *panel = k->findingsPanel();
        QTRY_VERIFY(panel->isVisible());
        QVERIFY2(panel->list()->item(0)->text().contains("DataLoader")
                     && panel->list()->item(0)->text().contains("slow_loader.py, line"),
                 qPrintable(panel->list()->item(0)->text()));
        QVERIFY2(
            panel->detailText().contains("num_workers=0")
                && panel->detailText().contains(QStringLiteral("num_workers=%1").arg(WatchFindings::adviceWorkers())),
            qPrintable(panel->detailText()));
        // Its line, read from the program's own file, and a link that opens it.
        QVERIFY2(panel->detailText().contains(QRegularExpression("<b> *\\d+  for x, y in loader:[^<]*</b>")),
                 qPrintable(panel->detailText()));
        // The link opens the app's own read-only viewer, never the desktop's handler.
        QVERIFY(!panel->detailText().contains("file://") && panel->detailText().contains("href=\"#source\""));
        auto *details = k->findChild<QLabel *>("findingDetails");
        QVERIFY(details);
        Q_EMIT details->linkActivated("#source");
        QPlainTextEdit *viewer = nullptr;
        QTRY_VERIFY((viewer = k->findChild<QPlainTextEdit *>("findingSource")) != nullptr);
        QVERIFY(viewer->isReadOnly());
        QVERIFY(viewer->textCursor().selectedText().contains("for x, y in loader:"));
        viewer->window()->close();
        // Where the fix goes: the DataLoader's line, with its own link to it.
        QVERIFY2(panel->detailText().contains("Fix here: slow_loader.py, line")
                     && panel->detailText().contains(
                         QRegularExpression("<b> *\\d+  loader = DataLoader\\(Slow\\(\\)[^<]*</b>"))
                     && panel->detailText().contains("href=\"#fix\""),
                 qPrintable(panel->detailText()));
        Q_EMIT details->linkActivated("#fix");
        QTRY_VERIFY(k->findChildren<QPlainTextEdit *>("findingSource").size() == 2);
        QVERIFY(k->findChildren<QPlainTextEdit *>("findingSource")
                    .constLast()
                    ->textCursor()
                    .selectedText()
                    .contains("loader = DataLoader(Slow()"));
        // Its evidence on the chart: the waits in full, the other parts of each step faint.
        QCOMPARE(k->stepChart()->emphasised(), StepPart::Wait);
        QVERIFY(!k->stepChart()->isFaint(StepPart::Wait));
        QVERIFY(k->stepChart()->isFaint(StepPart::Other) && k->stepChart()->isFaint(StepPart::Copy));
        // No GPU ran it: the panel says that its idle time could not be checked, and why.
        if (!testsupport::pythonHasCuda(m_python)) {
            QVERIFY2(panel->notCheckedText().contains("gpu_idle") && panel->notCheckedText().contains("needs a GPU"),
                     qPrintable(panel->notCheckedText()));
            QVERIFY(!k->stepChart()->gpuIdleInLegend());
        }
        // A program with nothing to say keeps the whole width for its chart.
        ProgramKitchen *quiet = replay(w, m_right);
        QVERIFY(quiet);
        QVERIFY(!quiet->findingsPanel()->isVisible());
    }

    // "Try the fix": asked first, then the program runs again as it is and with workers; the
    // panel says both measured steps (with workers below, on a slow Dataset) beside the
    // prediction. Declining runs nothing; a second trial can be cancelled.
    void aFixIsTriedByRunningTheProgramAgain()
    {
        MainWindow w;
        ProgramKitchen *k = openSlowLoader(w);
        QVERIFY(k);
        FindingsPanel *panel = k->findingsPanel();
        QTRY_VERIFY(panel->isVisible());
        QVERIFY(panel->tryButton()->isVisible());
        QVERIFY2(panel->tryButton()->isEnabled(), qPrintable(panel->tryButton()->toolTip()));
        QVERIFY(!panel->cancelTrialButton()->isVisible());
        // Answers the question that comes first: what it runs, and where.
        QString asked;
        const auto answer = [&](bool run) {
            QTimer::singleShot(100, [&asked, run] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                QVERIFY(box && box->objectName() == QLatin1String("tryFixQuestion"));
                asked = box->text();
                for (QAbstractButton *b : box->buttons())
                    if ((box->buttonRole(b) == QMessageBox::AcceptRole) == run) {
                        b->click();
                        return;
                    }
            });
        };
        answer(false);
        panel->tryButton()->click();
        QVERIFY2(asked.contains("slow_loader.py") && asked.contains("--try data_wait")
                     && asked.contains("stopped after 50 optimizer steps"),
                 qPrintable(asked));
        QVERIFY(panel->trialText().isEmpty()); // declined: nothing ran
        answer(true);
        panel->tryButton()->click();
        QTRY_VERIFY(panel->cancelTrialButton()->isVisible());
        QVERIFY(!panel->tryButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(panel->trialText().startsWith("Measured"), 180000);
        const QString said = panel->trialText();
        QVERIFY2(said.contains("faster") && said.contains("Predicted") && said.contains("num_workers="),
                 qPrintable(said));
        const QRegularExpressionMatch m
            = QRegularExpression("as it is ([\\d.,]+) ms a step, with the fix ([\\d.,]+) ms").match(said);
        QVERIFY2(m.hasMatch(), qPrintable(said));
        QVERIFY(QLocale().toDouble(m.captured(2)) < QLocale().toDouble(m.captured(1)));
        QVERIFY(!panel->cancelTrialButton()->isVisible() && panel->tryButton()->isEnabled());
        // Again, cancelled as it runs.
        answer(true);
        panel->tryButton()->click();
        QTRY_VERIFY(panel->cancelTrialButton()->isVisible());
        QTest::qWait(1500);
        panel->cancelTrialButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(panel->trialText().contains("Cancelled"), 20000);
        QVERIFY(panel->tryButton()->isEnabled());
    }

    // A CUDA program's steps as its watcher sends them, the GPU idle 30 ms before each step's
    // work: the chart draws each step's idle time, the panel says it, and selecting it draws
    // the idle line in full over faint bars.
    void theGpusIdleTimeIsOnTheChart()
    {
        QTemporaryDir tmp;
        QFile f(tmp.filePath("cuda.tkwatch"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(testsupport::hello() + "\n");
        const QString idle = QStringLiteral(R"(,"gpu_idle":{"seconds":0.03,"file":"/home/u/train.py","line":25})");
        for (int n = 1; n <= 5; ++n)
            f.write(QStringLiteral(R"({"type":"step","t":%1,"n":%1,"seconds":0.05%2})"
                                   "\n")
                        .arg(n)
                        .arg(n == 1 ? QString() : idle)
                        .toUtf8());
        f.write(R"({"type":"bye","t":6,"exit_code":0})"
                "\n");
        f.close();
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        ProgramKitchen *k = replay(w, f.fileName());
        QVERIFY(k);
        QCOMPARE(k->stepChart()->gpuIdleMs(1), -1.0); // the first step has none
        QCOMPARE(k->stepChart()->gpuIdleMs(4), 30.0);
        QVERIFY(k->stepChart()->gpuIdleInLegend());
        FindingsPanel *panel = k->findingsPanel();
        QTRY_VERIFY(panel->isVisible());
        QVERIFY2(panel->list()->item(0)->text().contains("GPU sits idle 60 %"),
                 qPrintable(panel->list()->item(0)->text()));
        QCOMPARE(k->stepChart()->emphasised(), StepPart::GpuIdle);
        QVERIFY(!k->stepChart()->isFaint(StepPart::GpuIdle) && k->stepChart()->isFaint(StepPart::Other));
        QVERIFY(panel->notCheckedText().isEmpty()); // measured
    }

    void likeMovesFlyAsOne()
    {
        // 50 moves of x to the meta shelf, 10 ms apart: played at once, one flight "× 50".
        QString log;
        QTemporaryDir tmp;
        const QString rec = testsupport::recordScript(m_python, "moves_loop.py", tmp.path(), &log);
        QVERIFY2(!rec.isEmpty(), qPrintable(log));
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        const int landed = w.overlay()->flightsLanded();
        ProgramKitchen *k = replay(w, rec);
        QVERIFY(k);
        QCOMPARE(k->movesShown(), qint64(50));
        QCOMPARE(k->bytesMoved(), qint64(50 * 16 * 16 * 4));
        // Fifty moves, said once; to meta they carry shapes, no data: no speed is given.
        QVERIFY2(w.lastMessage().contains("Made x on meta from cpu 50 times: shapes only"),
                 qPrintable(w.lastMessage()));
        QVERIFY2(!w.lastMessage().contains("GB/s"), qPrintable(w.lastMessage()));
        QTRY_VERIFY_WITH_TIMEOUT(w.overlay()->flightsLanded() > landed, 5000);
        QVERIFY(w.overlay()->flightsLanded() - landed <= 2); // not fifty ghosts
    }

    // A rank of a job (torchrun sets RANK and WORLD_SIZE): its recording has the rank in its name,
    // and its tab says which rank it is.
    void backgroundErrorsWaitInTheirTabs()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        ProgramKitchen *first = replay(w, m_wrong);
        QVERIFY(first);
        QTRY_VERIFY_WITH_TIMEOUT(first->errorDialog(), 5000); // in front: its dialog opens
        const OpError error = first->errorDialog()->error();
        QVERIFY(first->errorBanner()->isVisible());
        first->errorDialog()->reject();
        QTRY_VERIFY(!first->errorDialog());
        QVERIFY(first->errorBanner()->isVisible()); // the banner stays
        ProgramKitchen *second = replay(w, m_right);
        QVERIFY(second);
        QCOMPARE(w.tabs()->currentWidget(), second);
        QVERIFY(!second->errorBanner()->isVisible());

        OpError again = error;
        again.message = QStringLiteral(
            "Expected all tensors to be on the same device, but found at least two devices, meta and cpu!");
        w.tabs()->setTabIcon(w.tabs()->indexOf(first), QIcon());
        Q_EMIT first->program()->errorArrived(again); // behind: a banner, no dialog
        QVERIFY(!first->errorDialog());
        QVERIFY(!w.tabs()->tabIcon(w.tabs()->indexOf(first)).isNull()); // its tab is marked
        QVERIFY(w.tabs()->tabIcon(w.tabs()->indexOf(second)).isNull());
        QVERIFY(!QApplication::activeModalWidget());
        QVERIFY2(first->findChild<QLabel *>("programErrorText")->text().contains("seed003_wrong.py, line 14"),
                 qPrintable(first->findChild<QLabel *>("programErrorText")->text()));
        Q_EMIT second->program()->errorArrived(again); // in front: its dialog
        QTRY_VERIFY_WITH_TIMEOUT(second->errorDialog() && second->errorDialog()->isVisible(), 5000);
        Q_EMIT first->program()->errorArrived(again); // behind again, a dialog open: no second one
        QVERIFY(!first->errorDialog());
        int shown = 0;
        for (QWidget *top : QApplication::topLevelWidgets())
            shown += qobject_cast<ErrorDialog *>(top) && top->isVisible();
        QCOMPARE(shown, 1);

        // The user asks: the first program's dialog, once the other is closed.
        second->errorDialog()->reject();
        QTRY_VERIFY(!second->errorDialog());
        w.tabs()->setCurrentWidget(first);
        QTest::mouseClick(first->findChild<QPushButton *>("showErrorDetails"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(first->errorDialog() && first->errorDialog()->isVisible(), 5000);
        QVERIFY(first->errorDialog()->error().codeLine.contains("seed003_wrong.py, line 14"));
        first->errorDialog()->reject();
    }

    void screenshots()
    {
        TK_SCREENSHOTS_ONLY();
        const QString dir = testsupport::screenshotDir();
        // A longer DataLoader loop (20 epochs, 2 workers), recorded for the picture.
        qputenv("TK_WATCH_EPOCHS", "20");
        qputenv("TK_WATCH_WORKERS", "2");
        QString log;
        QTemporaryDir tmp;
        const QString loader = testsupport::recordScript(m_python, "seed003_dataloader.py", tmp.path(), &log);
        qunsetenv("TK_WATCH_EPOCHS");
        qunsetenv("TK_WATCH_WORKERS");
        QVERIFY2(!loader.isEmpty(), qPrintable(log));
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        QVERIFY(replay(w, loader));
        QTest::qWait(300);
        QVERIFY(w.grab().save(QDir(dir).filePath("watch-dataloader.png")));
        ProgramKitchen *k = replay(w, m_wrong);
        QVERIFY(k);
        QTRY_VERIFY_WITH_TIMEOUT(k->errorDialog(), 5000);
        k->errorDialog()->setDetailsShown(true);
        QTest::qWait(300);
        QVERIFY(k->errorDialog()->grab().save(QDir(dir).filePath("watch-mismatch.png")));
        k->errorDialog()->close();
        // A notebook a real kernel recorded: cards after each cell, a bar per cell, its error
        // waiting in the banner ("at cell [4], line 1").
        const int landed = w.overlay()->flightsLanded();
        ProgramKitchen *nb = replay(w, qEnvironmentVariable("TK_SOURCE_DIR") + "/tests/fixtures/notebook.tkwatch");
        QVERIFY(nb);
        QTRY_VERIFY_WITH_TIMEOUT(nb->errorDialog(), 5000);
        nb->errorDialog()->close();
        QTRY_VERIFY_WITH_TIMEOUT(w.overlay()->flightsLanded() >= landed + 2, 5000); // x's and batch's
        QTest::qWait(300);
        QVERIFY(w.grab().save(QDir(dir).filePath("watch-notebook.png")));
        // A loop starved by its DataLoader, and what its tab says about it.
        QVERIFY(QDir(tmp.path()).mkpath("findings"));
        const QString starved = testsupport::recordScript(m_python, "findings/slow_loader.py", tmp.path(), &log);
        QVERIFY2(!starved.isEmpty(), qPrintable(log));
        ProgramKitchen *slow = replay(w, starved);
        QVERIFY(slow);
        QTRY_VERIFY(slow->findingsPanel()->isVisible());
        QTest::qWait(300);
        QVERIFY(w.grab().save(QDir(dir).filePath("watch-findings.png")));
        // The same tab in Korean, at the same size: the chart and its finding must read there too.
        QTranslator ko;
        QVERIFY(ko.load(QLocale(QLocale::Korean), "tensorkitchen", "_", ":/i18n"));
        QCoreApplication::installTranslator(&ko);
        {
            MainWindow korean;
            QVERIFY(testsupport::showAsLaptop(korean));
            ProgramKitchen *kk = replay(korean, starved);
            QVERIFY(kk);
            QTRY_VERIFY(kk->findingsPanel()->isVisible());
            QTest::qWait(300);
            QVERIFY(korean.grab().save(QDir(dir).filePath("watch-findings-korean.png")));
        }
        QCoreApplication::removeTranslator(&ko);
        qInfo() << "screenshots in" << dir;
    }

    void aBrokenRecordingIsSaidAndOpensNothing()
    {
        MainWindow w;
        const QString junk = QDir(m_dir.path()).filePath("junk.tkwatch");
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not a recording\n\x01\x02\n");
        f.close();
        const int tabs = w.tabs()->count();
        ProgramKitchen *k = w.watch()->openRecording(junk, 0);
        // A tab may open; the program is refused with a reason, nothing crashes.
        if (k)
            QTRY_COMPARE_WITH_TIMEOUT(k->program()->state(), WatchedProgram::State::Refused, 10000);
        QVERIFY(!w.watch()->openRecording(QDir(m_dir.path()).filePath("missing.tkwatch"), 0));
        QVERIFY(w.tabs()->count() <= tabs + 1);
        QVERIFY2(w.lastMessage().contains("missing.tkwatch"), qPrintable(w.lastMessage()));
    }
};

QTEST_MAIN(TestWatch)
#include "tst_watch.moc"
