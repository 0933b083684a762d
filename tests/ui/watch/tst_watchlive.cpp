// Programs heard live: one over the socket, one the app starts itself (File → Run a script and
// watch…, lesson 14), and the ranks of a torchrun job, each named and sharing one tab.

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
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QListWidget>
#include <QIcon>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
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
using testsupport::replay;

class TestWatchLive : public QObject
{
    Q_OBJECT

private:
    QString m_python;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_python = testsupport::startWatchSuite(m_dir);
        if (m_python.isEmpty())
            QSKIP("no Python with torch here: the watcher runs in the user's own Python");
    }

    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void aRankOfAJobIsNamedInItsTab()
    {
        QTemporaryDir tmp;
        qputenv("RANK", "1");
        qputenv("WORLD_SIZE", "2");
        QString log;
        testsupport::recordScript(m_python, "moves_loop.py", tmp.path(), &log);
        qunsetenv("RANK");
        qunsetenv("WORLD_SIZE");
        QVERIFY2(!QFile::exists(tmp.filePath("moves_loop.tkwatch")), "the shared name was written");
        const QString rec = tmp.filePath("moves_loop.rank1.tkwatch");
        QVERIFY2(QFile::exists(rec), qPrintable(log));
        MainWindow w;
        ProgramKitchen *k = replay(w, rec);
        QVERIFY(k);
        QVERIFY2(k->title().contains("moves_loop.py · rank 1 of 2"), qPrintable(k->title()));
        // File → Export timeline: the real program's 50 moves as slices, its process named.
        const QString trace = tmp.filePath("job.trace.json");
        QString error;
        QVERIFY2(WatchController::exportTrace(k, trace, &error), qPrintable(error));
        QFile f(trace);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray events = QJsonDocument::fromJson(f.readAll()).object().value("traceEvents").toArray();
        int toMeta = 0;
        QString process;
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            if (e.value("ph") == "X" && e.value("cat") == "move" && e.value("args").toObject().value("to") == "meta")
                ++toMeta;
            if (e.value("ph") == "M" && e.value("name") == "process_name")
                process = e.value("args").toObject().value("name").toString();
        }
        QCOMPARE(toMeta, 50);
        QVERIFY2(process.endsWith("rank 1 of 2"), qPrintable(process));
    }

    // Errors of programs in the background wait in their tabs: one dialog at a time, never a
    // stack of them over another program's tab.
    // Two ranks of one job (torchrun's environment: RANK, WORLD_SIZE, TORCHELASTIC_RUN_ID):
    // one tab, the ranks side by side in rank order, each with its own cards and moves; the
    // job's timeline is one trace with a process per rank.
    void theRanksOfAJobShareATab()
    {
        QTemporaryDir tmp;
        QString recs[2];
        for (int rank : {1, 0}) {
            qputenv("RANK", QByteArray::number(rank));
            qputenv("WORLD_SIZE", "2");
            qputenv("TORCHELASTIC_RUN_ID", "job-side-by-side");
            QString log;
            testsupport::recordScript(m_python, "moves_loop.py", tmp.path(), &log);
            recs[rank] = tmp.filePath(QStringLiteral("moves_loop.rank%1.tkwatch").arg(rank));
            QVERIFY2(QFile::exists(recs[rank]), qPrintable(log));
        }
        qunsetenv("RANK");
        qunsetenv("WORLD_SIZE");
        qunsetenv("TORCHELASTIC_RUN_ID");
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        const int tabs = w.tabs()->count();
        ProgramKitchen *one = replay(w, recs[1]); // rank 1 comes first: it still sits second
        ProgramKitchen *zero = replay(w, recs[0]);
        QVERIFY(one && zero);
        QCOMPARE(w.tabs()->count(), tabs + 1);
        const QList<JobKitchen *> jobs = w.watch()->jobs();
        QCOMPARE(jobs.size(), 1);
        JobKitchen *job = jobs.first();
        QCOMPARE(job->ranks(), (QList<ProgramKitchen *>{zero, one}));
        QCOMPARE(w.tabs()->tabText(w.tabs()->indexOf(job)), QStringLiteral("moves_loop.py · job of 2 ranks"));
        QCOMPARE(w.tabs()->currentWidget(), job);
        QVERIFY(zero->isVisible() && one->isVisible());
        QVERIFY(zero->mapTo(job, QPoint(0, 0)).x() < one->mapTo(job, QPoint(0, 0)).x()); // side by side
        QVERIFY(zero->width() > 400 && one->width() > 400);
        QCOMPARE(w.watch()->kitchens().size(), 2);
        // Each says which rank it is, once, beside its pid.
        QVERIFY2(zero->statusText().startsWith(
                     QStringLiteral("moves_loop.py · rank 0 of 2 · pid %1 ·").arg(zero->program()->hello().pid)),
                 qPrintable(zero->statusText()));
        for (ProgramKitchen *k : {zero, one})
            QCOMPARE(k->movesShown(), qint64(50));
        const QString trace = tmp.filePath("job.trace.json");
        QString error;
        QVERIFY2(WatchController::exportTrace(QList<const ProgramKitchen *>{zero, one}, trace, &error),
                 qPrintable(error));
        QFile f(trace);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QSet<QString> processes;
        for (const QJsonValue &v : QJsonDocument::fromJson(f.readAll()).object().value("traceEvents").toArray())
            if (v.toObject().value("ph") == "M" && v.toObject().value("name") == "process_name")
                processes << v.toObject().value("args").toObject().value("name").toString();
        QCOMPARE(processes.size(), 2);
        // Closing the job's tab closes both ranks' kitchens.
        QPointer<ProgramKitchen> gone(zero);
        Q_EMIT w.tabs()->tabCloseRequested(w.tabs()->indexOf(job));
        QTRY_VERIFY(gone.isNull());
        QCOMPARE(w.tabs()->count(), tabs);
    }

    void aLiveProgramGetsItsOwnTab()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        QVERIFY2(w.watch()->listening(), qPrintable(w.watch()->socketPath()));
        QCOMPARE(w.watch()->socketPath(), qEnvironmentVariable("TENSORKITCHEN_SOCKET"));
        QProcess p;
        p.setProcessEnvironment(testsupport::watcherEnvironment());
        p.start(m_python, {"-m", "tensorkitchen", testsupport::watcherScript("seed000_device.py")});
        QVERIFY(p.waitForStarted(10000));
        QTRY_COMPARE_WITH_TIMEOUT(w.watch()->kitchens().size(), 1, 30000);
        ProgramKitchen *k = w.watch()->kitchens().first();
        QCOMPARE(k->program()->hello().pid, p.processId());
        // It arrived by itself: its tab is marked, and the user's tab stays in front.
        QVERIFY(w.tabs()->currentWidget() != k);
        QVERIFY(w.watch()->isBadged(k));
        QVERIFY(!w.tabs()->tabIcon(w.tabs()->indexOf(k)).isNull());
        w.tabs()->setCurrentWidget(k);
        QVERIFY(!w.watch()->isBadged(k));
        QVERIFY(w.tabs()->tabIcon(w.tabs()->indexOf(k)).isNull());
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!k->program()->isRunning(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(k->movesShown(), qint64(1), 5000);
        const MoveReport move = k->program()->moves().first();
        QCOMPARE(move.sourceName, QStringLiteral("x"));
        QCOMPARE(move.fromDevice, QStringLiteral("cpu"));
        QCOMPARE(move.toDevice, QStringLiteral("meta"));
        QCOMPARE(move.bytes, qint64(24));
        QCOMPARE(move.program.line, 9); // x = x.to(device)
        QTRY_COMPARE_WITH_TIMEOUT(cardNames(k->kitchen()->pane("meta")), QStringList{"x"}, 5000);
    }

    void runAScriptFromTheApp()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        QVERIFY(!WatchController::packageDir().isEmpty());
        qputenv("TK_WATCH_DEVICE", "meta");
        QVERIFY(w.watch()->runScript(m_python, testsupport::watcherScript("seed000_device.py")));
        qunsetenv("TK_WATCH_DEVICE");
        QTRY_COMPARE_WITH_TIMEOUT(w.watch()->kitchens().size(), 1, 30000);
        ProgramKitchen *k = w.watch()->kitchens().first();
        QTRY_VERIFY_WITH_TIMEOUT(!k->program()->isRunning(), 30000);
        // What it printed, shown in its tab.
        auto *output = k->findChild<QPlainTextEdit *>("programOutput");
        QVERIFY(output);
        QTRY_VERIFY_WITH_TIMEOUT(output->toPlainText().contains("meta meta torch.Size([2, 3])"), 5000);
    }

    // Lesson 14's Try it: the example loop runs under the watcher with the app's Python; its
    // tab names both of its habits at their lines, and selecting one shows it on the chart.
    void theSlowLessonRunsItsProgram()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        const QString script = LessonActions::whySlowExample();
        QVERIFY(!script.isEmpty());
        // With the Python chosen for File → Run a script and watch… (as the dialog keeps it).
        QSettings settings;
        const QVariant chosen = settings.value("watch/python");
        settings.setValue("watch/python", m_python);
        w.lessonActions()->tryLesson(QStringLiteral("14-why-slow"));
        if (chosen.isValid())
            settings.setValue("watch/python", chosen);
        else
            settings.remove("watch/python");
        QTRY_COMPARE_WITH_TIMEOUT(w.watch()->kitchens().size(), 1, 30000);
        ProgramKitchen *k = w.watch()->kitchens().first();
        FindingsPanel *panel = k->findingsPanel();
        QTRY_COMPARE_WITH_TIMEOUT(panel->list()->count(), 3, 30000);
        QStringList kinds;
        for (const WatchFinding &f : panel->findings()) {
            kinds << f.kind;
            QCOMPARE(QFileInfo(f.file).canonicalFilePath(), QFileInfo(script).canonicalFilePath());
        }
        kinds.sort();
        QCOMPARE(kinds, (QStringList{"data_wait", "graph_kept", "sync_in_step"}));
        int sync = 0;
        while (panel->findings().at(sync).kind != QLatin1String("sync_in_step"))
            ++sync;
        panel->list()->setCurrentRow(sync);
        QVERIFY2(panel->detailText().contains("running += loss.item()</b>"), qPrintable(panel->detailText()));
        QCOMPARE(k->stepChart()->emphasised(), StepPart::Other);
        QTRY_VERIFY_WITH_TIMEOUT(!k->program()->isRunning(), 30000);
    }
};

QTEST_MAIN(TestWatchLive)
#include "tst_watchlive.moc"
