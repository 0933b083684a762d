#include "torchthread.h"
#include "devicepane.h"
#include "errordialog.h"
#include "kitchenengine.h"
#include "lessonspanel.h"
#include "mainwindow.h"
#include "matmulrace.h"
#include "matmulracepanel.h"
#include "trainingrace.h"
#include "trainingracepanel.h"
#include "workspace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUndoStack>
#include <QUrl>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTranslator>
#include <QDropEvent>

using namespace tk;

class TestDesktop : public QObject
{
    Q_OBJECT

private:
    static void idle(MainWindow &w)
    {
        QTRY_VERIFY_WITH_TIMEOUT(!w.engine()->busy(), 20000);
        QCoreApplication::processEvents();
    }
    static QStringList names(MainWindow &w)
    {
        QStringList n;
        for (const CardInfo &c : w.engine()->cards())
            n << c.name + "@" + c.device;
        return n;
    }
    // What the code log dock shows, past its two header lines.
    static QStringList shownLog(MainWindow &w)
    {
        auto *view = w.findChild<QPlainTextEdit *>(QStringLiteral("codeLog"));
        return view ? view->toPlainText().split('\n').mid(2) : QStringList{QStringLiteral("no view")};
    }
    static QStringList engineLog(MainWindow &w)
    {
        QStringList lines;
        for (const CodeLine &l : w.engine()->codeLog().lines())
            lines << l.display().split('\n');
        return lines;
    }
    static void make(MainWindow &w, const QString &name)
    {
        TensorSpec s;
        s.name = name;
        s.shape = {2, 2};
        s.factory = TensorSpec::Factory::Randn;
        w.engine()->submit(request::Create{s});
        idle(w);
    }

private Q_SLOTS:
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TensorKitchenTests");
        QCoreApplication::setApplicationName("tst_desktop");
        QSettings().clear();
        QFile::remove(MainWindow::autosavePath());
    }

    void undoRedoRestoresTheWorkspace()
    {
        MainWindow w;
        w.show();
        make(w, "x");
        make(w, "y");
        const int x = w.engine()->cards().first().id;
        w.requestTransfer(x, "meta", TransferMeaning::Reassign);
        idle(w);
        w.requestCombine(Operation::Add, w.engine()->cards().first().id, w.engine()->cards().last().id);
        idle(w); // a mismatch error: not an undoable change of cards
        QCOMPARE(names(w), (QStringList{"x@meta", "y@cpu"}));
        QCOMPARE(w.undoStack()->count(), 3); // create, create, move: a failure changes no card
        QVERIFY(w.engine()->codeLog().lines().last().failed());
        w.undoStack()->undo();               // the move, and the failed line after it
        idle(w);
        QCOMPARE(names(w), (QStringList{"x@cpu", "y@cpu"}));
        QVERIFY(w.pane("cpu")->card(x));
        QCOMPARE(w.engine()->codeLog().lines().last().code, QStringLiteral("y = torch.randn(2, 2, generator=torch.Generator().manual_seed(0))"));
        QCOMPARE(shownLog(w), engineLog(w)); // the dock lost the move and the failed line
        QCOMPARE(shownLog(w).size(), 2);
        w.undoStack()->undo();
        idle(w);
        QCOMPARE(names(w), QStringList{"x@cpu"});
        QCOMPARE(shownLog(w), engineLog(w));
        w.undoStack()->redo();
        w.undoStack()->redo();
        idle(w);
        QCOMPARE(names(w), (QStringList{"x@meta", "y@cpu"}));
        QVERIFY(w.pane("meta")->card(x));
        QCOMPARE(shownLog(w), engineLog(w));
        QCOMPARE(shownLog(w).size(), 4); // redo brings back the failed line with the move
        QVERIFY(shownLog(w).last().contains(QLatin1String("Error")));
    }

    void fiftyStepsUndoToTheEmptyKitchenAndRedoToTheEnd()
    {
        MainWindow w;
        for (int i = 0; i < 50; ++i) {
            TensorSpec s;
            s.name = QStringLiteral("t%1").arg(i);
            s.shape = {2};
            w.engine()->submit(request::Create{s});
        }
        idle(w);
        QCOMPARE(w.engine()->cards().size(), 50);
        QCOMPARE(w.undoStack()->count(), 50);
        for (int i = 0; i < 50; ++i)
            w.undoStack()->undo();
        idle(w);
        QVERIFY(w.engine()->cards().isEmpty());
        QVERIFY(!w.undoStack()->canUndo());
        QCOMPARE(shownLog(w), QStringList{});
        for (int i = 0; i < 50; ++i)
            w.undoStack()->redo();
        idle(w);
        QCOMPARE(w.engine()->cards().size(), 50);
        QCOMPARE(w.engine()->cards().last().name, QStringLiteral("t49"));
        QCOMPARE(shownLog(w), engineLog(w));
        QCOMPARE(shownLog(w).size(), 50);
    }

    void pastTheHistoryDepthBothHistoriesDropTheSameOldestStep()
    {
        // Past the limit, the UI's stack and the workspace forget the same oldest actions: every
        // step the Edit menu offers can still be undone, and the rest stay.
        MainWindow w;
        const int extra = 5;
        for (int i = 0; i < Workspace::kHistoryDepth + extra; ++i) {
            TensorSpec s;
            s.shape = {1};
            w.engine()->submit(request::Create{s});
        }
        idle(w);
        QCOMPARE(w.undoStack()->count(), Workspace::kHistoryDepth);
        while (w.undoStack()->canUndo())
            w.undoStack()->undo();
        idle(w);
        QCOMPARE(w.engine()->cards().size(), extra);
        QVERIFY(!w.errorDialog()); // no "Nothing to undo." from a step the menu still offered
    }

    void autosaveRecoveryRestoresCards()
    {
        {
            MainWindow w;
            make(w, "kept");
            make(w, "also_kept");
            QVERIFY(w.autosaveNow(5000));
            // No clean close: the window is destroyed as a crash would leave it.
            QSettings().setValue("session/cleanExit", false);
        }
        QVERIFY(QFile::exists(MainWindow::autosavePath()));
        MainWindow again;
        QVERIFY(again.recoveryAvailable());
        again.recoverAutosave();
        idle(again);
        QCOMPARE(names(again), (QStringList{"kept@cpu", "also_kept@cpu"}));
        QCOMPARE(again.engine()->codeLog().lines().size(), 2);
    }

    void openingAGarbageSessionKeepsTheKitchen()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("bad.tks"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("TKSESSION but then nothing useful");
        f.close();
        MainWindow w;
        make(w, "x");
        w.openSession(dir.filePath("bad.tks"));
        idle(w);
        QCOMPARE(names(w), QStringList{"x@cpu"});
        QVERIFY(w.errorDialog());
        // A file error: plain words that name the file, the reader's own words under Details.
        const OpError &e = w.errorDialog()->error();
        QCOMPARE(e.kind, OpError::Kind::File);
        QCOMPARE(e.file, dir.filePath("bad.tks"));
        QVERIFY2(w.lastMessage().contains("bad.tks"), qPrintable(w.lastMessage()));
        QVERIFY2(e.details.contains("truncated") || e.details.contains("corrupt"), qPrintable(e.details));
    }

    void saveThenOpen()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("k.tks");
        MainWindow w;
        make(w, "a");
        w.saveSession(path);
        idle(w);
        QVERIFY(w.undoStack()->isClean());
        QVERIFY(w.windowTitle().startsWith("k.tks"));
        MainWindow other;
        other.openSession(path);
        idle(other);
        QCOMPARE(names(other), QStringList{"a@cpu"});
    }

    void droppingAPtFileOnAPaneLoadsIt()
    {
        // A .pt of our own making (torch.save format), dropped as a file URL.
        QTemporaryDir dir;
        MainWindow w;
        w.show();
        make(w, "src");
        const int first = w.engine()->cards().first().id;
        w.engine()->submit(request::SavePt{first, dir.filePath("weights.pt")});
        idle(w);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(dir.filePath("weights.pt"))});
        DevicePane *cpu = w.pane("cpu");
        QDragEnterEvent enter(cpu->rect().center(), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(cpu, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(cpu->rect().center()), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(cpu, &drop);
        idle(w);
        QCOMPARE(names(w), (QStringList{"src@cpu", "weights@cpu"}));
        QCOMPARE(w.engine()->codeLog().lines().last().code, QStringLiteral("weights = torch.load(\"weights.pt\")"));
    }

    void closingMidRaceIsQuickAndAutosaves()
    {
        QFile::remove(MainWindow::autosavePath());
        auto *w = new MainWindow;
        w->show();
        make(*w, "precious");
        MatmulSettings s;
        s.sizes = {512, 1024, 2048};
        s.lanes = {MatmulLane{}};
        s.minRunTime = 5;
        QVERIFY(w->matmulRace()->startRace(s));
        TrainConfig c;
        c.steps = 1000000;
        QVERIFY(w->trainingRace()->startRace(c, {TrainLane{}}));
        QTest::qWait(300);
        QElapsedTimer t;
        t.start();
        w->close();
        delete w; // threads joined here
        const qint64 ms = t.elapsed();
        qInfo() << "closed mid-race in" << ms << "ms";
        QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));
        QVERIFY(QFile::exists(MainWindow::autosavePath()));
        QVERIFY(QSettings().value("session/cleanExit").toBool());
        MainWindow again;
        again.recoverAutosave();
        idle(again);
        QCOMPARE(names(again), QStringList{"precious@cpu"});
    }

    void koreanTranslationChangesVisibleStrings()
    {
        QTranslator ko;
        QVERIFY(ko.load(QLocale(QLocale::Korean), "tensorkitchen", "_", ":/i18n"));
        QCoreApplication::installTranslator(&ko);
        {
            MainWindow w;
            QStringList menus;
            for (QAction *a : w.menuBar()->actions())
                menus << a->text();
            QVERIFY2(menus.contains(QStringLiteral("파일(&F)")), qPrintable(menus.join(", ")));
            QVERIFY(w.pane("cpu")->findChild<QLabel *>()->text().contains(QStringLiteral("조리대")));
            QCOMPARE(w.tabs()->tabText(0).contains(QStringLiteral("주방")), true);
            QVERIFY(w.lessons()->lessonHtml(0).contains(QStringLiteral("텐서"))); // lessons follow
            // The error dialogs' titles, and a file error's plain words from the core.
            QCOMPARE(ErrorDialog::title(OpError::Kind::DeviceMismatch), QStringLiteral("장치가 서로 맞지 않습니다"));
            QCOMPARE(ErrorDialog::title(OpError::Kind::File), QStringLiteral("이 파일을 열 수 없습니다"));
            const OpError missing = OpError::aboutFile(OpError::invalid("Cannot open"), "/no/such/dir/a.tks",
                                                       OpError::FileTask::OpenSession);
            QVERIFY2(missing.message.contains(QStringLiteral("a.tks 파일이 없습니다")), qPrintable(missing.message));
        }
        QCoreApplication::removeTranslator(&ko);
        // Every English string has its Korean translation in the .ts (none unfinished or empty).
        QFile ts(qEnvironmentVariable("TK_SOURCE_DIR") + "/resources/translations/tensorkitchen_ko.ts");
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(ts.readAll());
        QCOMPARE(text.count("type=\"unfinished\""), 0);
        QCOMPARE(text.count("<translation></translation>"), 0);
        QVERIFY(text.count("<source>") > 400);
    }

    void screenshots()
    {
        if (!qEnvironmentVariableIsSet("TK_SCREENSHOTS"))
            QSKIP("pictures for the README: made by the _screenshots test (label screenshots)");
        const QString dir = QDir(QCoreApplication::applicationDirPath()).filePath("../screenshots");
        QDir().mkpath(dir);
        QTranslator ko;
        QVERIFY(ko.load(QLocale(QLocale::Korean), "tensorkitchen", "_", ":/i18n"));
        QCoreApplication::installTranslator(&ko);
        {
            MainWindow w;
            w.resize(1400, 820);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            make(w, "x");
            w.addModelTrio();
            QTRY_COMPARE_WITH_TIMEOUT(w.engine()->cards().size(), 4, 20000);
            idle(w);
            w.setMetaPaneVisible(true);
            w.requestTransfer(w.engine()->cards().first().id, "meta", TransferMeaning::NewName);
            idle(w);
            w.lessons()->select(1);
            w.findChild<QDockWidget *>("lessonsDock")->show();
            QTest::qWait(1800); // let the flight land
            QVERIFY(w.grab().save(QDir(dir).filePath("kitchen-korean.png")));
        }
        QCoreApplication::removeTranslator(&ko);
    }

    void lessonsInBothLanguagesAndTryIt()
    {
        LessonsPanel en("en"), ko("ko");
        QCOMPARE(en.count(), 9);
        QCOMPARE(ko.count(), 9);
        QVERIFY(ko.lessonHtml(0).contains("<h2>"));
        QVERIFY(ko.lessonHtml(3).contains("Expected all tensors to be on the same device"));
        MainWindow w;
        w.show();
        w.tryLesson(en.lessonId(2)); // forgetting to reassign
        idle(w);
        QTRY_VERIFY_WITH_TIMEOUT(w.lastMessage().contains("stayed on cpu"), 10000);
        QCOMPARE(names(w), QStringList{"x@cpu"});
    }
};

QTEST_MAIN(TestDesktop)
#include "tst_desktop.moc"
