// The kitchen's error dialogs, as a user meets them: a device mismatch and its fix, shapes and
// dtypes that do not fit, memory refused, files that cannot be read, and the no-GPU workbench.
#include "core/devices/torchthread.h"
#include "ui/kitchen/cardmime.h"
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/errordialog.h"
#include "ui/kitchen/flightoverlay.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/cardactions.h"
#include "ui/kitchen/dragmeaningbox.h"
#include "ui/window/mainwindow.h"
#include "ui/kitchen/newtensordialog.h"
#include "ui/files/sessioncontroller.h"
#include "ui/kitchen/tensorcard.h"
#include "support/kitchentest.h"
#include "support/kitchenwindowtest.h"

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

class TestKitchenDialogs : public testsupport::KitchenWindowTest
{
    Q_OBJECT

private Q_SLOTS:
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
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
        QVERIFY2(why->text().contains(TK_EXPECT_CUDA_BUILD ? "no GPU was found" : "CPU-only"), qPrintable(why->text()));
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
        QVERIFY(
            dlg->findChild<QPlainTextEdit *>("libtorchMessage")->toPlainText().startsWith("Refused before allocating"));
        QVERIFY(rowShown(dlg, "codeLine"));
        QVERIFY(rowShown(dlg, "devicesRow"));
        QVERIFY(dlg->findChild<QLabel *>("devices")->text().contains("cpu"));
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
        w.session()->loadFile(dir.filePath("junk.pt"), "cpu");
        check("Can't open this file", "junk.pt", false);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(e.message.contains("torch.save"));

        w.session()->loadFile(dir.filePath("missing.pt"), "cpu");
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
        QVERIFY(w.cards()
                    ->errorDialog()
                    ->findChild<QPlainTextEdit *>("libtorchMessage")
                    ->toPlainText()
                    .startsWith("Expected all tensors to be on the same device"));
    }
};

QTEST_MAIN(TestKitchenDialogs)
#include "tst_kitchendialogs.moc"
