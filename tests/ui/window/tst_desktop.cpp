#include "core/devices/torchthread.h"
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/errordialog.h"
#include "core/kitchen/kitchenengine.h"
#include "core/files/tensorfiletypes.h"
#include "ui/lessons/lessonspanel.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/cardactions.h"
#include "ui/files/sessioncontroller.h"
#include "ui/lessons/lessonactions.h"
#include "ui/watch/programkitchen.h"
#include "ui/window/mainwindow.h"
#include "ui/kitchen/tensorcard.h"
#include "ui/window/quitsignals.h"
#include "core/races/matmulrace.h"
#include "ui/races/matmulracepanel.h"
#include "core/races/trainingrace.h"
#include "ui/races/trainingracepanel.h"
#include "core/kitchen/workspace.h"
#include "support/kitchentest.h"
#include "support/windowtest.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QProcess>
#include <QDialogButtonBox>
#include <QLibraryInfo>
#include <QTest>
#include <QTextDocumentFragment>
#include <csignal>
#include <QThread>
#include <QAction>
#include <QUndoStack>
#include <QUrl>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QDialog>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTranslator>
#include <QDropEvent>

using namespace tk;
using namespace tk::testsupport;

class TestDesktop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void initTestCase() { startDesktopSuite("tst_desktop"); }

    void aQuitBySignalKeepsTheKitchenForTheNextStart()
    {
        QFile::remove(SessionController::autosavePath());
        {
            MainWindow w;
            w.show();
            make(w, "kept");
            make(w, "kept_too");
            QuitSignals watcher;
            connect(&watcher, &QuitSignals::quitRequested, &w, &MainWindow::quitPreservingKitchen);
            ::raise(SIGTERM); // what `kill` or a shutdown sends
            QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 10000);
        }
        QVERIFY(QSettings().value("session/cleanExit").toBool());
        QVERIFY(QSettings().value("session/resume").toBool());
        MainWindow again;
        again.session()->startUp(); // no question asked: a prompt here would block the test
        QTRY_COMPARE_WITH_TIMEOUT(names(again), (QStringList{"kept@cpu", "kept_too@cpu"}), 10000);
        QVERIFY(!QSettings().contains("session/resume")); // once only
    }

    void aSecondWindowLeavesTheFirstsAutosaveAlone()
    {
        // Two windows at once (the app started twice): the second must not ask to recover a
        // kitchen that is still open, nor overwrite its autosave.
        QFile::remove(SessionController::autosavePath());
        MainWindow first;
        make(first, "first");
        QVERIFY(first.session()->autosaveNow(5000));
        QVERIFY(!first.session()->sharesTheApp());
        QFile saved(SessionController::autosavePath());
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QByteArray before = saved.readAll();
        saved.close();
        QVERIFY(!QSettings().value("session/cleanExit").toBool()); // the first is not closed
        QString secondsFile;
        {
            MainWindow second;
            QVERIFY(second.session()->sharesTheApp());
            QVERIFY(!second.session()->recoveryAvailable());
            QStringList said;
            connect(second.session(), &SessionController::statusMessage, &second,
                    [&said](const QString &text) { said << text; });
            second.session()->startUp(); // returns: no question (a modal would block here)
            QCOMPARE(said.size(), 1);
            QVERIFY2(said.first().contains(second.session()->ownAutosavePath()), qPrintable(said.first()));
            make(second, "second");
            QVERIFY(second.session()->autosaveNow(5000));
            secondsFile = second.session()->ownAutosavePath();
            QVERIFY(secondsFile != SessionController::autosavePath());
            QVERIFY(QFile::exists(secondsFile));
            second.close();
        }
        QVERIFY(!QFile::exists(secondsFile)); // a clean close leaves nothing of its own
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll(), before); // the first's autosave untouched
        saved.close();
        QVERIFY(!QSettings().value("session/cleanExit").toBool()); // still the first's to set
        first.close();
        QVERIFY(QSettings().value("session/cleanExit").toBool());
    }

    void theRealAppSavesAndExitsOnSigterm()
    {
        // The installed binary, in a home of its own: SIGTERM must end it cleanly (exit code 0,
        // not death by signal), with its kitchen saved and marked for the next start.
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        env.insert("HOME", home.path());
        env.insert("XDG_CONFIG_HOME", home.filePath("config"));
        env.insert("XDG_DATA_HOME", home.filePath("data"));
        QProcess app;
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(TK_APP_BINARY), {});
        QVERIFY2(app.waitForStarted(10000), qPrintable(app.errorString()));
        // Up once its session settings exist (written when the window is built, after the
        // signal handlers).
        const QString conf = home.filePath("config/Tensor Kitchen/tensor-kitchen.conf");
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(conf), 30000);
        QTest::qWait(500);
        ::kill(pid_t(app.processId()), SIGTERM);
        QVERIFY(app.waitForFinished(20000));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(QFile::exists(home.filePath("data/Tensor Kitchen/tensor-kitchen/autosave.tks")));
        QSettings saved(conf, QSettings::IniFormat);
        QVERIFY(saved.value("session/cleanExit").toBool());
        QVERIFY(saved.value("session/resume").toBool());
    }

    void theEmptyKitchenOffersFirstSteps()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        auto *steps = w.kitchen()->pane("cpu")->findChild<QWidget *>("firstSteps");
        QVERIFY(steps);
        QVERIFY(steps->isVisible());
        for (const char *name : {"firstStepNewTensor", "firstStepLesson", "firstStepLoadPt"}) {
            auto *b = steps->findChild<QPushButton *>(name);
            QVERIFY2(b && b->isVisible() && !b->text().isEmpty(), name);
        }
        // The lesson button opens the lessons on the first one.
        steps->findChild<QPushButton *>("firstStepLesson")->click();
        QVERIFY(w.lessonsDock()->isVisible());
        QCOMPARE(w.lessons()->findChild<QListWidget *>()->currentRow(), 0);
        // The tensor button opens the New tensor dialog.
        steps->findChild<QPushButton *>("firstStepNewTensor")->click();
        QTRY_VERIFY(!w.findChildren<QDialog *>("newTensorDialog").isEmpty());
        for (QDialog *d : w.findChildren<QDialog *>("newTensorDialog"))
            d->reject();
        // Gone with the first card, back when the kitchen is empty again.
        make(w, "x");
        QVERIFY(!steps->isVisible());
        w.undoStack()->undo();
        idle(w);
        QVERIFY(w.engine()->cards().isEmpty());
        QTRY_VERIFY(steps->isVisible());
    }

    void cardsFitTheirContentAndTwentyFitALaptopPane()
    {
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        make(w, "x");
        TensorCard *first = w.kitchen()->cardWidget(w.engine()->cards().first().id);
        QVERIFY(first);
        QVERIFY(!first->isCompact());
        // As tall as its content: one card alone is not stretched to fill the pane.
        QCOMPARE(first->height(), first->fullHeightForWidth(first->width()));
        QVERIFY2(first->height() < 160, qPrintable(QString::number(first->height())));
        for (int i = 1; i < 20; ++i)
            make(w, QStringLiteral("t%1").arg(i));
        QCoreApplication::processEvents();
        DevicePane *cpu = w.kitchen()->pane("cpu");
        QVERIFY(cpu->compact());
        const QWidget *viewport = cpu->findChild<QScrollArea *>()->viewport();
        for (TensorCard *c : cpu->cards()) {
            QVERIFY(c->isCompact());
            const QRect r(c->mapTo(viewport, QPoint(0, 0)), c->size());
            QVERIFY2(viewport->rect().contains(r), qPrintable(c->info().name)); // in sight, no scrolling
            QVERIFY2(c->width() >= c->minimumSizeHint().width(), qPrintable(c->info().name)); // whole
        }
        // Back to full cards when few are left.
        const QList<CardInfo> cards = w.engine()->cards();
        for (int i = 1; i < 20; ++i)
            w.engine()->submit(request::Remove{cards.at(i).id});
        idle(w);
        QTRY_VERIFY(!cpu->compact());
        QVERIFY(!first->isCompact());
    }

    void longNamesAreElidedWithTheWholeNameInTheTooltip()
    {
        MainWindow w;
        w.show();
        const QString name = QStringLiteral("a_very_long_tensor_name_that_no_card_has_room_for_at_all");
        make(w, name);
        TensorCard *card = w.kitchen()->cardWidget(w.engine()->cards().first().id);
        auto *label = card->findChildren<QLabel *>().first(); // the name, first in the card
        QVERIFY2(label->text() != name && label->text().contains(QChar(0x2026)), qPrintable(label->text()));
        // The tooltip is escaped rich text: the name reads as it is spelled, markup or not.
        QCOMPARE(QTextDocumentFragment::fromHtml(label->toolTip()).toPlainText(), name);
        QVERIFY(card->toolTip().contains(name));
    }

    void autosaveRecoveryRestoresCards()
    {
        {
            MainWindow w;
            make(w, "kept");
            make(w, "also_kept");
            QVERIFY(w.session()->autosaveNow(5000));
            // No clean close: the window is destroyed as a crash would leave it.
            QSettings().setValue("session/cleanExit", false);
        }
        QVERIFY(QFile::exists(SessionController::autosavePath()));
        MainWindow again;
        QVERIFY(again.session()->recoveryAvailable());
        again.session()->recoverAutosave();
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
        w.session()->openSession(dir.filePath("bad.tks"));
        idle(w);
        QCOMPARE(names(w), QStringList{"x@cpu"});
        QVERIFY(w.cards()->errorDialog());
        // A file error: plain words that name the file, the reader's own words under Details.
        const OpError &e = w.cards()->errorDialog()->error();
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
        w.session()->saveSession(path);
        idle(w);
        QVERIFY(w.undoStack()->isClean());
        QVERIFY(w.windowTitle().startsWith("k.tks"));
        MainWindow other;
        other.session()->openSession(path);
        idle(other);
        QCOMPARE(names(other), QStringList{"a@cpu"});
    }

    // `tensor-kitchen FILE` (and a file manager's Open with): each kind opens as its menu
    // opens it, and the desktop entry declares every kind the app opens.
    void aFileNamedToTheAppOpensAsItsMenuWould()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("k.tks");
        MainWindow first;
        make(first, "a");
        first.session()->saveSession(session);
        idle(first);
        first.engine()->submit(request::SavePt{first.engine()->cards().first().id, dir.filePath("w.pt")});
        idle(first);

        MainWindow w;
        w.show();
        w.openFile(session);
        idle(w);
        QCOMPARE(names(w), QStringList{"a@cpu"});
        w.openFile(dir.filePath("w.pt"));
        idle(w);
        QCOMPARE(names(w), (QStringList{"a@cpu", "w@cpu"}));
        const QString fixtures = qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/tests/fixtures/");
        w.openFile(fixtures + QStringLiteral("safetensors/model.safetensors"));
        idle(w);
        QVERIFY(names(w).size() > 2);
        const int tabs = w.tabs()->count();
        w.openFile(fixtures + QStringLiteral("notebook.tkwatch"));
        QCOMPARE(w.tabs()->count(), tabs + 1);
        QVERIFY(qobject_cast<ProgramKitchen *>(w.tabs()->currentWidget()));

        QFile desktop(qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/resources/tensor-kitchen.desktop"));
        QVERIFY(desktop.open(QIODevice::ReadOnly));
        const QString entry = QString::fromUtf8(desktop.readAll());
        QFile mime(qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/resources/tensor-kitchen-mime.xml"));
        QVERIFY(mime.open(QIODevice::ReadOnly));
        const QString types = QString::fromUtf8(mime.readAll());
        for (const char *type :
             {"application/x-tensor-kitchen-session", "application/x-tensor-kitchen-recording", "application/x-pytorch",
              "application/x-safetensors", "application/x-npy", "application/x-npz"}) {
            QVERIFY2(entry.contains(QLatin1String(type) + QLatin1Char(';')), type);
            QVERIFY2(types.contains(QStringLiteral("type=\"%1\"").arg(QLatin1String(type))), type);
        }
        // Every tensor file the app loads, as TensorFileTypes lists them, but .bin: claiming every
        // .bin file for the app would take them from the programs they belong to.
        QStringList globs{"*.tks", "*.tkwatch"};
        for (const QString &suffix : TensorFileTypes::suffixes())
            if (suffix != QLatin1String("bin"))
                globs << QStringLiteral("*.") + suffix;
        for (const QString &glob : std::as_const(globs))
            QVERIFY2(types.contains(QStringLiteral("pattern=\"%1\"").arg(glob)), qPrintable(glob));
        QVERIFY(TensorFileTypes::named("/x/model.CKPT") && TensorFileTypes::named("pytorch_model.bin"));
        QVERIFY(!TensorFileTypes::named("notes.txt") && !TensorFileTypes::named("run.tkwatch"));
        QVERIFY(TensorFileTypes::openFilter().startsWith("Tensor files (*.pt *.pth *.ckpt *.bin *.safetensors *.npy "
                                                         "*.npz);;PyTorch files (*.pt *.pth *.ckpt *.bin);;"));
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
        DevicePane *cpu = w.kitchen()->pane("cpu");
        QDragEnterEvent enter(cpu->rect().center(), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(cpu, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(cpu->rect().center()), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(cpu, &drop);
        idle(w);
        QCOMPARE(names(w), (QStringList{"src@cpu", "weights@cpu"}));
        QCOMPARE(w.engine()->codeLog().lines().last().code, QStringLiteral("weights = torch.load(\"weights.pt\")"));
        // Lightning's .ckpt (a committed one, written by lightning) is taken too; a text file is not.
        QMimeData ckpt;
        ckpt.setUrls(
            {QUrl::fromLocalFile(qEnvironmentVariable("TK_SOURCE_DIR") + "/tests/fixtures/lightning/tiny.ckpt")});
        QDragEnterEvent enterCkpt(cpu->rect().center(), Qt::CopyAction, &ckpt, Qt::LeftButton, {});
        QApplication::sendEvent(cpu, &enterCkpt);
        QVERIFY(enterCkpt.isAccepted());
        QDropEvent dropCkpt(QPointF(cpu->rect().center()), Qt::CopyAction, &ckpt, Qt::LeftButton, {});
        QApplication::sendEvent(cpu, &dropCkpt);
        idle(w);
        QTRY_VERIFY(names(w).contains("state_dict_net_0_weight@cpu"));
        QMimeData text;
        text.setUrls({QUrl::fromLocalFile(dir.filePath("notes.txt"))});
        QDragEnterEvent enterText(cpu->rect().center(), Qt::CopyAction, &text, Qt::LeftButton, {});
        QApplication::sendEvent(cpu, &enterText);
        QVERIFY(!enterText.isAccepted());
    }

    void closingMidRaceIsQuickAndAutosaves()
    {
        QFile::remove(SessionController::autosavePath());
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
        QVERIFY(QFile::exists(SessionController::autosavePath()));
        QVERIFY(QSettings().value("session/cleanExit").toBool());
        MainWindow again;
        again.session()->recoverAutosave();
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
            QVERIFY(w.kitchen()->pane("cpu")->findChild<QLabel *>()->text().contains(QStringLiteral("조리대")));
            QCOMPARE(w.tabs()->tabText(0).contains(QStringLiteral("주방")), true);
            QVERIFY(w.lessons()->lessonHtml(0).contains(QStringLiteral("텐서"))); // lessons follow
            // The error dialogs' titles, and a file error's plain words from the core.
            QCOMPARE(ErrorDialog::title(OpError::Kind::DeviceMismatch), QStringLiteral("장치가 서로 다릅니다"));
            QCOMPARE(ErrorDialog::title(OpError::Kind::File), QStringLiteral("이 파일을 열 수 없습니다"));
            const OpError missing = OpError::aboutFile(OpError::invalid("Cannot open"), "/no/such/dir/a.tks",
                                                       OpError::FileTask::OpenSession);
            QVERIFY2(missing.message.contains(QStringLiteral("a.tks 파일이 없습니다")), qPrintable(missing.message));
        }
        QCoreApplication::removeTranslator(&ko);
        // Qt's own buttons (the error dialog's Close, Cancel, OK) speak Korean too: the set-up
        // installs Qt's translations, and the app loads qtbase_ko beside its own.
        {
            QTranslator qt;
            QVERIFY2(
                qt.load(QLocale(QLocale::Korean), "qtbase", "_", QLibraryInfo::path(QLibraryInfo::TranslationsPath)),
                "qtbase_ko.qm is missing: Debian's qt6-translations-l10n");
            QCoreApplication::installTranslator(&qt);
            QDialogButtonBox box(QDialogButtonBox::Close | QDialogButtonBox::Cancel);
            QCOMPARE(box.button(QDialogButtonBox::Close)->text().remove('&'), QStringLiteral("닫기"));
            QCoreApplication::removeTranslator(&qt);
        }
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
        TK_SCREENSHOTS_ONLY();
        const QString dir = testsupport::screenshotDir();
        QTranslator ko;
        QVERIFY(ko.load(QLocale(QLocale::Korean), "tensorkitchen", "_", ":/i18n"));
        QCoreApplication::installTranslator(&ko);
        QLocale::setDefault(QLocale(QLocale::Korean)); // sizes as a Korean system writes them
        {
            MainWindow w;
            QVERIFY(testsupport::showAsLaptop(w));
            make(w, "x");
            w.cards()->addModelTrio();
            QTRY_COMPARE_WITH_TIMEOUT(w.engine()->cards().size(), 4, 20000);
            idle(w);
            w.kitchen()->setMetaPaneVisible(true);
            w.cards()->requestTransfer(w.engine()->cards().first().id, "meta", TransferMeaning::NewName);
            idle(w);
            w.lessons()->select(1);
            w.lessonsDock()->show();
            QTest::qWait(1800); // let the flight land
            QVERIFY(w.grab().save(QDir(dir).filePath("kitchen-korean.png")));
        }
        QLocale::setDefault(QLocale::c());
        QCoreApplication::removeTranslator(&ko);
    }

    void lessonsInBothLanguagesAndTryIt()
    {
        LessonsPanel en("en"), ko("ko");
        QCOMPARE(en.count(), 14);
        QCOMPARE(ko.count(), 14);
        QVERIFY(ko.lessonHtml(0).contains("<h2>"));
        QVERIFY(ko.lessonHtml(3).contains("Expected all tensors to be on the same device"));
        MainWindow w;
        w.show();
        w.lessonActions()->tryLesson(en.lessonId(2)); // forgetting to reassign
        idle(w);
        QTRY_VERIFY_WITH_TIMEOUT(w.lastMessage().contains("stayed on cpu"), 10000);
        QCOMPARE(names(w), QStringList{"x@cpu"});
        // The whole dataset up front: the training race with the preloaded placement.
        QCOMPARE(en.lessonId(11), QStringLiteral("12-dataset-up-front"));
        w.lessonActions()->tryLesson(en.lessonId(11));
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget *>(w.trainingRace()));
        QCOMPARE(w.trainingRace()->configFromControls().placement, TrainPlacement::Preload);
    }
};

QTEST_MAIN(TestDesktop)
#include "tst_desktop.moc"
