#include "devices/torchthread.h"
#include "kitchen/cardmime.h"
#include "kitchen/devicepane.h"
#include "kitchen/errordialog.h"
#include "kitchen/flightoverlay.h"
#include "kitchen/kitchenengine.h"
#include "kitchen/kitchenview.h"
#include "kitchen/cardactions.h"
#include "kitchen/dragmeaningbox.h"
#include "window/mainwindow.h"
#include "kitchen/newtensordialog.h"
#include "files/sessioncontroller.h"
#include "kitchen/tensorcard.h"
#include "support/kitchentest.h"

#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QToolButton>

using namespace tk;

class TestKitchen : public QObject
{
    Q_OBJECT

private:
    static void waitIdle(MainWindow &w) { QVERIFY(testsupport::waitIdle(w.engine())); }

    static int create(MainWindow &w, const QString &name, const QString &device = "cpu",
                      QList<qint64> shape = {2, 3})
    {
        return testsupport::create(w.engine(), testsupport::spec(name, device, shape));
    }

    static void drop(QWidget *target, int id, const QString &from, Qt::KeyboardModifiers mods = {})
    {
        QVERIFY(testsupport::drop(target, id, from, mods));
    }

    static QStringList paneNames(DevicePane *p)
    {
        QStringList names;
        for (TensorCard *c : p->cards())
            names << c->info().name;
        names.sort();
        return names;
    }

    // A row is shown when the dialog is: not hidden itself nor inside a hidden row.
    static bool rowShown(ErrorDialog *dlg, const char *name)
    {
        auto *w = dlg->findChild<QWidget *>(name);
        return w && w->isVisibleTo(dlg);
    }

    static void waitForDialog(MainWindow &w)
    {
        waitIdle(w);
        QTRY_VERIFY_WITH_TIMEOUT(w.cards()->errorDialog(), 10000);
    }

    // The one error dialog, after a request has been answered, with its kind and title.
    static ErrorDialog *dialogOfKind(MainWindow &w, OpError::Kind kind, const QString &title)
    {
        waitForDialog(w);
        ErrorDialog *dlg = w.cards()->errorDialog();
        if (!dlg)
            return nullptr;
        if (dlg->error().kind != kind) {
            qWarning() << "kind" << OpError::kindName(dlg->error().kind) << dlg->error().message;
            return nullptr;
        }
        // The title names the kind, in the window's title bar and in the heading.
        if (dlg->windowTitle() != title
            || !dlg->findChild<QLabel *>("heading")->text().contains(title.toHtmlEscaped())) {
            qWarning() << "title" << dlg->windowTitle();
            return nullptr;
        }
        return dlg;
    }

    static QString shotDir() { return testsupport::screenshotDir(); }

private Q_SLOTS:
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void initTestCase()
    {
        // Preferences a run keeps (the drag meaning, window layout) must not leak between runs.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void dropsInEachMeaning_data()
    {
        QTest::addColumn<int>("meaning");
        QTest::addColumn<int>("modifiers");
        QTest::addColumn<QStringList>("cpuAfter");
        QTest::addColumn<QStringList>("metaAfter");
        QTest::newRow("x = x.to(d)") << int(TransferMeaning::Reassign) << 0 << QStringList{}
                                     << QStringList{"x"};
        QTest::newRow("y = x.to(d)") << int(TransferMeaning::NewName) << 0 << QStringList{"x"}
                                     << QStringList{"x_meta"};
        QTest::newRow("x.to(d) discarded") << int(TransferMeaning::Discard) << 0
                                           << QStringList{"x"} << QStringList{};
        QTest::newRow("shift = y = x.to(d)") << int(TransferMeaning::Reassign)
                                             << int(Qt::ShiftModifier) << QStringList{"x"}
                                             << QStringList{"x_meta"};
        QTest::newRow("ctrl = discarded") << int(TransferMeaning::Reassign)
                                          << int(Qt::ControlModifier) << QStringList{"x"}
                                          << QStringList{};
    }

    void dropsInEachMeaning()
    {
        QFETCH(int, meaning);
        QFETCH(int, modifiers);
        QFETCH(QStringList, cpuAfter);
        QFETCH(QStringList, metaAfter);
        MainWindow w;
        w.show();
        w.kitchen()->setMetaPaneVisible(true);
        w.dragMeaning()->setMeaning(TransferMeaning(meaning));
        const int x = create(w, "x");
        DevicePane *cpu = w.kitchen()->pane("cpu");
        DevicePane *meta = w.kitchen()->pane("meta");
        QCOMPARE(paneNames(cpu), QStringList{"x"});
        drop(meta, x, "cpu", Qt::KeyboardModifiers(modifiers));
        waitIdle(w);
        QCOMPARE(paneNames(cpu), cpuAfter);
        QCOMPARE(paneNames(meta), metaAfter);
        // The panes show exactly the workspace, each card once.
        QCOMPARE(cpu->cards().size() + meta->cards().size(), w.engine()->cards().size());
        for (const CardInfo &c : w.engine()->cards())
            QVERIFY(w.kitchen()->pane(c.device)->card(c.id));
        if (metaAfter.isEmpty())
            QVERIFY2(w.lastMessage().contains("stayed on cpu"), qPrintable(w.lastMessage()));
        else
            QVERIFY(w.overlay()->activeFlights() > 0); // the copy flies
        QTRY_COMPARE_WITH_TIMEOUT(w.overlay()->activeFlights(), 0, 5000);
    }

    void noGpuWorkbenchFollowsTheIdiom()
    {
        MainWindow w;
        w.show();
        DevicePane *bench = w.kitchen()->pane("cuda");
        if (!bench)
            QSKIP("This machine has a GPU: the workbench is a real cuda:N pane.");
        auto *why = bench->findChild<QLabel *>("emptyExplanation");
        QVERIFY(why && why->isVisible());
        // The workbench tells the two no-GPU cases apart: which one depends on the build.
        QVERIFY2(why->text().contains(TK_EXPECT_CUDA_BUILD ? "no GPU was found" : "CPU-only"),
                 qPrintable(why->text()));
        const int x = create(w, "x");
        drop(bench, x, "cpu");
        waitIdle(w);
        QCOMPARE(paneNames(w.kitchen()->pane("cpu")), QStringList{"x"});
        QVERIFY(bench->cards().isEmpty());
        QVERIFY2(w.lastMessage().contains("nothing was copied"), qPrintable(w.lastMessage()));
        QVERIFY(w.lastMessage().contains("gave cpu"));
        QCOMPARE(w.engine()->codeLog().lines().last().code, QStringLiteral("x = x.to(device)"));
    }

    void mismatchDialogThenMoveAndRetry()
    {
        MainWindow w;
        w.show();
        const int x = create(w, "x");
        const int y = create(w, "y", "meta");
        QVERIFY(w.kitchen()->pane("meta")->isVisible()); // the meta pane opens for a meta card
        // Drop y on x: the operation menu offers the four operations.
        TensorCard *xc = w.kitchen()->cardWidget(x);
        drop(xc, y, "meta");
        QMenu *menu = w.cards()->operationMenu();
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), 5); // a section and four operations
        QAction *add = menu->findChild<QAction *>("add");
        QVERIFY(add);
        add->trigger();
        menu->close();
        waitIdle(w);
        ErrorDialog *dlg = dialogOfKind(w, OpError::Kind::DeviceMismatch, "Devices don't match");
        QVERIFY(dlg);
        QVERIFY(dlg->isVisible());
        auto *text = dlg->findChild<QPlainTextEdit *>("libtorchMessage");
        QVERIFY(text->toPlainText().startsWith("Expected all tensors to be on the same device"));
        QVERIFY(dlg->findChild<QLabel *>("codeLine")->text().contains("z = x + y"));
        QVERIFY(rowShown(dlg, "codeLine"));
        QVERIFY(dlg->findChild<QLabel *>("devices")->text().contains("meta"));
        QVERIFY(rowShown(dlg, "devicesRow"));
        QVERIFY(!rowShown(dlg, "fileRow"));
        QVERIFY(!rowShown(dlg, "detailsToggle"));
        QCOMPARE(w.engine()->cards().size(), 2);
        // Move x to y's device (meta) and retry: the result card appears on the meta shelf.
        auto *fix = dlg->findChild<QPushButton *>("moveFirst");
        QVERIFY(fix);
        QVERIFY(fix->text().contains("Move x to meta"));
        fix->click();
        waitIdle(w);
        waitIdle(w);
        QTRY_COMPARE_WITH_TIMEOUT(w.engine()->cards().size(), 3, 10000);
        QCOMPARE(paneNames(w.kitchen()->pane("meta")), (QStringList{"x", "y", "z"}));
        QVERIFY(paneNames(w.kitchen()->pane("cpu")).isEmpty());
    }

    void shapeMismatchDialog()
    {
        MainWindow w;
        w.show();
        const int x = create(w, "x", "cpu", {2, 3});
        const int y = create(w, "y", "cpu", {4, 5});
        w.cards()->requestCombine(Operation::Add, x, y);
        ErrorDialog *dlg = dialogOfKind(w, OpError::Kind::Shape, "Shapes don't fit");
        QVERIFY(dlg);
        QVERIFY(dlg->findChild<QPlainTextEdit *>("libtorchMessage")->toPlainText().contains("must match the size"));
        QVERIFY(rowShown(dlg, "codeLine"));
        QVERIFY(dlg->findChild<QLabel *>("codeLine")->text().contains("z = x + y"));
        QVERIFY(rowShown(dlg, "devicesRow"));
        QVERIFY(dlg->findChild<QLabel *>("devices")->text().contains("cpu"));
        QVERIFY(!dlg->findChild<QPushButton *>("moveFirst")); // nothing to move
    }

    void dtypeErrorDialog()
    {
        // LibTorch has no normal sampling for integers: randn with int64 is its real dtype error.
        MainWindow w;
        w.show();
        TensorSpec s;
        s.name = "ints";
        s.shape = {2, 3};
        s.factory = TensorSpec::Factory::Randn;
        s.dtype = "int64";
        w.engine()->submit(request::Create{s});
        ErrorDialog *dlg = dialogOfKind(w, OpError::Kind::Dtype, "This dtype doesn't work here");
        QVERIFY(dlg);
        QVERIFY(dlg->findChild<QPlainTextEdit *>("libtorchMessage")->toPlainText().contains("not implemented"));
        QVERIFY(rowShown(dlg, "codeLine"));
        QVERIFY(dlg->findChild<QLabel *>("codeLine")->text().contains("torch.randn"));
    }

    void outOfMemoryRefusalDialog()
    {
        // 2^40 float32 elements (4 TiB): the free-memory check refuses before LibTorch allocates.
        MainWindow w;
        w.show();
        TensorSpec s;
        s.name = "huge";
        s.shape = {1 << 20, 1 << 20};
        s.factory = TensorSpec::Factory::Zeros;
        w.engine()->submit(request::Create{s});
        ErrorDialog *dlg = dialogOfKind(w, OpError::Kind::OutOfMemory, "Out of memory");
        QVERIFY(dlg);
        QVERIFY(dlg->error().refusedBeforeAllocation);
        QVERIFY(w.engine()->cards().isEmpty());
        QVERIFY(dlg->findChild<QPlainTextEdit *>("libtorchMessage")->toPlainText().startsWith("Refused before allocating"));
        QVERIFY(rowShown(dlg, "codeLine"));
        QVERIFY(rowShown(dlg, "devicesRow"));
        QVERIFY(dlg->findChild<QLabel *>("devices")->text().contains("cpu"));
    }

    void emptyRowsAreHiddenFilledRowsShown()
    {
        // Nothing ran, no device known: no bare ">>>" and no empty "Devices involved" row.
        OpError bare = OpError::invalid("Nothing to undo.");
        {
            ErrorDialog dlg(bare);
            QCOMPARE(dlg.windowTitle(), QStringLiteral("That can't be done"));
            QVERIFY(!rowShown(&dlg, "codeLine"));
            QVERIFY(!rowShown(&dlg, "devicesRow"));
            QVERIFY(!rowShown(&dlg, "devices")); // the field goes with its label
            QVERIFY(!rowShown(&dlg, "fileRow"));
            QVERIFY(!rowShown(&dlg, "plainWords"));
            QVERIFY(rowShown(&dlg, "libtorchMessage"));
        }
        // The same dialog with a line and devices shows both rows.
        OpError filled = bare;
        filled.kind = OpError::Kind::Other;
        filled.codeLine = "z = x @ y";
        filled.devices = {"cpu", "meta"};
        {
            ErrorDialog dlg(filled);
            QVERIFY(rowShown(&dlg, "codeLine"));
            QVERIFY(dlg.findChild<QLabel *>("codeLine")->text().contains("z = x @ y"));
            QVERIFY(rowShown(&dlg, "devicesRow"));
            QVERIFY(dlg.findChild<QLabel *>("devices")->text().contains("meta"));
        }
        // A real error with nothing behind it: undo on an empty kitchen.
        MainWindow w;
        w.show();
        w.engine()->submit(request::Undo{});
        ErrorDialog *dlg = dialogOfKind(w, OpError::Kind::InvalidInput, "That can't be done");
        QVERIFY(dlg);
        QVERIFY(!rowShown(dlg, "codeLine"));
        QVERIFY(!rowShown(dlg, "devicesRow"));
    }

    void fileErrorsNameTheFileAndKeepTheRawText()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.show();
        OpError e; // the last dialog's error
        auto check = [&](const QString &title, const QString &name, bool writing) {
            ErrorDialog *dlg = dialogOfKind(w, OpError::Kind::File, title);
            QVERIFY(dlg);
            e = dlg->error();
            QCOMPARE(e.writing, writing);
            // First line: what is wrong, in plain words, naming the file.
            auto *words = dlg->findChild<QLabel *>("plainWords");
            QVERIFY(rowShown(dlg, "plainWords"));
            QVERIFY2(words->text().contains(name), qPrintable(words->text()));
            QVERIFY(rowShown(dlg, "fileRow"));
            QVERIFY(dlg->findChild<QLabel *>("file")->toolTip().endsWith(name));
            QVERIFY(w.lastMessage().contains(name));
            // The raw text waits under Details, collapsed until asked for.
            auto *details = dlg->findChild<QPlainTextEdit *>("details");
            QVERIFY(!details->toPlainText().isEmpty());
            QCOMPARE(details->toPlainText(), e.details);
            QVERIFY(details->toPlainText() != e.message);
            QVERIFY(!rowShown(dlg, "details"));
            QVERIFY(!rowShown(dlg, "libtorchMessage"));
            QVERIFY(!rowShown(dlg, "codeLine"));
            QVERIFY(!rowShown(dlg, "devicesRow"));
            const int collapsed = dlg->height();
            dlg->findChild<QToolButton *>("detailsToggle")->click();
            QVERIFY(rowShown(dlg, "details"));
            QVERIFY(dlg->height() > collapsed);
            dlg->findChild<QToolButton *>("detailsToggle")->click();
            QVERIFY(!rowShown(dlg, "details"));
            delete dlg; // the next step's dialog is the next one found
        };
        auto write = [&](const QString &name, const QByteArray &bytes) {
            QFile f(dir.filePath(name));
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };

        QVERIFY(write("bad.tks", "TKSESSION but then nothing useful"));
        w.session()->openSession(dir.filePath("bad.tks"));
        check("Can't open this file", "bad.tks", false);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(e.message.contains("not a Tensor Kitchen session"));
        QVERIFY2(e.details.contains("corrupt") || e.details.contains("truncated"), qPrintable(e.details));

        QVERIFY(write("junk.pt", "PK this is not a zip archive at all"));
        w.session()->loadPtFile(dir.filePath("junk.pt"), "cpu");
        check("Can't open this file", "junk.pt", false);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(e.message.contains("torch.save"));

        w.session()->loadPtFile(dir.filePath("missing.pt"), "cpu");
        check("Can't open this file", "missing.pt", false);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(e.message.startsWith("There is no file missing.pt"));
        QVERIFY(e.details.contains("missing.pt")); // the system's words

        create(w, "x");
        w.session()->saveSession(dir.filePath("no-such-folder/k.tks"));
        check("Can't save this file", "k.tks", true);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(e.message.contains("does not exist"));

        auto *session = w.findChild<SessionController *>();
        QVERIFY(session);
        QVERIFY(!session->exportTo(dir.filePath("no-such-folder/code.py")));
        check("Can't save this file", "code.py", true);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w.engine()->cards().size(), 1); // nothing was lost on the way
    }

    void aboutFileKeepsErrorsThatAreNotAboutTheFile()
    {
        // A card that cannot be saved is not a file problem; memory stays memory.
        const OpError meta = OpError::invalid("x is on meta: it has no values to save.");
        QCOMPARE(OpError::aboutFile(meta, "/tmp/x.pt", OpError::FileTask::SaveTensors).kind,
                 OpError::Kind::InvalidInput);
        OpError oom;
        oom.kind = OpError::Kind::OutOfMemory;
        oom.message = "Refused before allocating: weights.pt would need 9 GiB";
        QCOMPARE(OpError::aboutFile(oom, "/tmp/weights.pt", OpError::FileTask::LoadTensors).kind,
                 OpError::Kind::OutOfMemory);
        OpError onDevice = OpError::invalid("CUDA error: an illegal memory access was encountered");
        onDevice.kind = OpError::Kind::Other;
        onDevice.devices = {"cuda:0"};
        QCOMPARE(OpError::aboutFile(onDevice, "/tmp/weights.pt", OpError::FileTask::LoadTensors).kind,
                 OpError::Kind::Other);
        // Already a file error (the core's own words): kept as it is.
        const OpError own = OpError::fileError("/tmp/a.pt", false, "plain", "raw");
        const OpError kept = OpError::aboutFile(own, "/tmp/a.pt", OpError::FileTask::LoadTensors);
        QCOMPARE(kept.message, QStringLiteral("plain"));
        QCOMPARE(kept.details, QStringLiteral("raw"));
        QCOMPARE(ErrorDialog::title(kept), QStringLiteral("Can't open this file"));
    }

    void modelOptimizerAndLossCards()
    {
        MainWindow w;
        w.show();
        w.cards()->addModelTrio();
        QTRY_COMPARE_WITH_TIMEOUT(w.engine()->cards().size(), 3, 20000);
        waitIdle(w);
        QStringList kinds;
        for (const CardInfo &c : w.engine()->cards()) {
            kinds << c.kind;
            QVERIFY(w.kitchen()->pane("cpu")->card(c.id)); // all three start on the CPU counter
        }
        QCOMPARE(kinds, (QStringList{"model", "optimizer", "loss"}));
        // Dragging the optimizer anywhere moves nothing, and says why.
        const int opt = w.engine()->cards().at(1).id;
        w.kitchen()->setMetaPaneVisible(true);
        drop(w.kitchen()->pane("meta"), opt, "cpu");
        waitIdle(w);
        QVERIFY(w.kitchen()->pane("cpu")->card(opt));
        QVERIFY2(w.lastMessage().contains("needs no .to()"), qPrintable(w.lastMessage()));
    }

    void forgettingToMoveTheModelShowsTheRealError()
    {
        MainWindow w;
        w.show();
        w.cards()->forgetToMoveTheModel();
        waitIdle(w);
        QTRY_VERIFY_WITH_TIMEOUT(w.cards()->errorDialog(), 10000);
        QCOMPARE(w.cards()->errorDialog()->error().kind, OpError::Kind::DeviceMismatch);
        QCOMPARE(w.cards()->errorDialog()->windowTitle(), QStringLiteral("Devices don't match"));
        QVERIFY(w.cards()->errorDialog()->findChild<QLabel *>("codeLine")->text().contains("out = model(x)"));
        QVERIFY(w.cards()->errorDialog()->findChild<QPlainTextEdit *>("libtorchMessage")->toPlainText().startsWith(
            "Expected all tensors to be on the same device"));
    }

    void doubleClickShowsTheValues()
    {
        MainWindow w;
        w.show();
        TensorSpec s;
        s.name = "big";
        s.shape = {300, 80};
        s.factory = TensorSpec::Factory::Arange;
        s.dtype = "int64";
        w.engine()->submit(request::Create{s});
        waitIdle(w);
        TensorCard *card = w.kitchen()->cardWidget(w.engine()->cards().first().id);
        QVERIFY(card);
        QTest::mouseDClick(card, Qt::LeftButton);
        QTableWidget *table = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((table = w.findChild<QTableWidget *>()) && table->rowCount() > 0, 10000);
        // Only the corner crosses from the worker: the first 100 rows and 50 columns.
        QCOMPARE(table->rowCount(), 100);
        QCOMPARE(table->columnCount(), 50);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("0"));
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("82")); // row 1, column 2 of arange(24000)
    }

    void newTensorDialogRejectsBadShapesInline()
    {
        NewTensorDialog dlg({"cpu", "meta"}, {"x"}, "y");
        auto *shape = dlg.findChild<QLineEdit *>("shape");
        auto *error = dlg.findChild<QLabel *>("error");
        QVERIFY(dlg.isValid());
        for (const QString &bad : {"2,x", "-1", "0", "", "1e99"}) {
            shape->setText(bad);
            QVERIFY2(!dlg.isValid(), qPrintable(bad));
            QVERIFY(!error->text().isEmpty());
        }
        shape->setText("4096x4096");
        QVERIFY(dlg.isValid());
        QCOMPARE(dlg.spec().shape, (QList<qint64>{4096, 4096}));
        dlg.findChild<QLineEdit *>("name")->setText("x");
        QVERIFY(!dlg.isValid()); // taken
        QVERIFY(error->text().contains("already"));
    }

    void flightDurationFollowsCopyTimeOnALogScale()
    {
        QCOMPARE(FlightOverlay::durationFor(1e-9), 250);
        QCOMPARE(FlightOverlay::durationFor(1.0), 1500);
        QVERIFY(FlightOverlay::durationFor(1e-3) > FlightOverlay::durationFor(1e-5));
        QCOMPARE(FlightOverlay::durationFor(100.0), 1500);
    }

    void screenshots()
    {
        TK_SCREENSHOTS_ONLY();
        const QString dir = shotDir();
        MainWindow w;
        QVERIFY(testsupport::showAsLaptop(w));
        QTest::qWait(300);
        QVERIFY(w.grab().save(dir + "/kitchen-empty.png"));
        if (DevicePane *bench = w.kitchen()->pane("cuda"))
            QVERIFY(bench->grab().save(dir + (TK_EXPECT_CUDA_BUILD ? "/no-gpu-workbench-cuda-build.png"
                                                                   : "/no-gpu-workbench.png")));
        const int x = create(w, "x", "cpu", {64, 64});
        create(w, "w", "cpu", {8, 8});
        w.cards()->addModelTrio();
        QTRY_COMPARE_WITH_TIMEOUT(w.engine()->cards().size(), 5, 20000);
        waitIdle(w);
        w.kitchen()->setMetaPaneVisible(true);
        w.dragMeaning()->setMeaning(TransferMeaning::NewName);
        drop(w.kitchen()->pane("meta"), x, "cpu");
        waitIdle(w);
        QTRY_COMPARE_WITH_TIMEOUT(w.overlay()->activeFlights(), 0, 5000);
        const int y = w.engine()->cards().last().id;
        QTest::qWait(200);
        QVERIFY(w.grab().save(dir + "/kitchen-session.png"));
        w.cards()->requestCombine(Operation::Add, x, y);
        waitIdle(w);
        QVERIFY(w.cards()->errorDialog());
        QTest::qWait(200);
        QVERIFY(w.cards()->errorDialog()->grab().save(dir + "/mismatch-dialog.png"));
        qInfo() << "screenshots in" << dir;
    }
};

QTEST_MAIN(TestKitchen)
#include "tst_kitchen.moc"
