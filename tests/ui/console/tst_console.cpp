// The PyTorch console dock, typed into as a user would: lines make, move and combine cards,
// each statement is one undo step, a device mismatch opens the kitchen's dialog whose fix runs
// the line again, Stop and Ctrl+C end a loop, Up recalls, Tab completes.
#include "ui/console/consoleinput.h"
#include "ui/console/consolepane.h"
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/errordialog.h"
#include "ui/kitchen/flightoverlay.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/cardactions.h"
#include "ui/window/mainwindow.h"
#include "core/console/pythonconsole.h"
#include "core/devices/buildfacts.h"
#include "core/devices/torchthread.h"
#include "support/kitchentest.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QDockWidget>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTextBlock>
#include <QToolButton>
#include <QUndoStack>

using namespace tk;

class TestConsole : public QObject
{
    Q_OBJECT

private:
    static void waitIdle(MainWindow &w) { QVERIFY(testsupport::waitIdle(w.engine())); }

    static std::optional<CardInfo> named(const MainWindow &w, const QString &name)
    {
        return testsupport::named(w.engine(), name);
    }

    // Opens the dock from the View menu's action and waits for Python to answer.
    static ConsolePane *openConsole(MainWindow &w)
    {
        auto *dock = w.consoleDock();
        if (!dock || dock->isVisible() || w.console()->available())
            return nullptr; // hidden, and Python not started, until asked for
        dock->toggleViewAction()->trigger();
        if (!dock->isVisible() || !QTest::qWaitFor([&] { return w.console()->available(); }, 60000))
            return nullptr;
        return w.console();
    }

    // Typed and entered; waits for the answer.
    static void enter(ConsolePane *c, const QString &code)
    {
        QTest::keyClicks(c->input(), code);
        QTest::keyClick(c->input(), Qt::Key_Return);
        QVERIFY2(c->running(), qPrintable(code));
        QTRY_VERIFY_WITH_TIMEOUT(!c->running(), 20000);
    }

    static QString output(ConsolePane *c) { return c->output()->toPlainText(); }

    // The output's lines that start with `start`, with the colour each is shown in.
    static QList<QColor> coloursOf(ConsolePane *c, const QString &start)
    {
        QList<QColor> colours;
        for (QTextBlock b = c->output()->document()->begin(); b.isValid(); b = b.next())
            if (b.text().startsWith(start))
                colours << b.begin().fragment().charFormat().foreground().color();
        return colours;
    }

private Q_SLOTS:
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void initTestCase()
    {
        // The history is kept in the settings: each run starts from none.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        if (!PythonConsole::builtIn())
            QSKIP("this build has no PyTorch console (see CMake's PyTorch console line)");
    }

    void typedLinesMakeMoveAndCombineCards()
    {
        MainWindow w;
        w.show();
        ConsolePane *c = openConsole(w);
        QVERIFY(c);
        QVERIFY(c->input()->isEnabled());
        QVERIFY(c->status().contains("Python"));

        enter(c, "x = torch.ones(2, 3)");
        QTRY_VERIFY_WITH_TIMEOUT(named(w, "x"), 10000);
        const CardInfo x = *named(w, "x");
        QCOMPARE(x.device, QStringLiteral("cpu"));
        QCOMPARE(x.shape, (QList<qint64>{2, 3}));
        QVERIFY(w.kitchen()->cardWidget(x.id));
        QVERIFY(w.kitchen()->pane("cpu")->card(x.id));
        QVERIFY2(output(c).contains(">>> x = torch.ones(2, 3)"), qPrintable(output(c)));
        QVERIFY(c->input()->toPlainText().isEmpty()); // taken, ready for the next
        QCOMPARE(w.engine()->codeLog().lines().last().code, QStringLiteral("x = torch.ones(2, 3)"));
        // The echo is coloured as input, not as output.
        const QList<QColor> echo = coloursOf(c, ">>> x = torch.ones");
        QCOMPARE(echo.size(), 1);
        QCOMPARE(echo.first(), QColor(0x00, 0x33, 0x99));

        // Thrown away: the copy is made and dropped, x stays on the CPU; both places say so.
        int landed = w.overlay()->flightsLanded();
        enter(c, "x.to(\"meta\")");
        QVERIFY2(output(c).contains("stayed on cpu"), qPrintable(output(c)));
        QVERIFY2(w.lastMessage().contains("not assigned"), qPrintable(w.lastMessage()));
        QCOMPARE(named(w, "x")->device, QStringLiteral("cpu"));
        QCOMPARE(w.engine()->cards().size(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(w.overlay()->flightsLanded() > landed, 5000); // it flew, as a Ctrl-drag does

        // A new name: y on the meta shelf, x where it was; its card flies there.
        landed = w.overlay()->flightsLanded();
        enter(c, "y = x.to(\"meta\")");
        QTRY_VERIFY_WITH_TIMEOUT(named(w, "y"), 10000);
        const CardInfo y = *named(w, "y");
        QCOMPARE(y.device, QStringLiteral("meta"));
        QVERIFY(w.kitchen()->pane("meta")->isVisible());
        QVERIFY(w.kitchen()->pane("meta")->card(y.id));
        QCOMPARE(named(w, "x")->device, QStringLiteral("cpu"));
        QTRY_VERIFY_WITH_TIMEOUT(w.overlay()->flightsLanded() > landed, 5000);
        waitIdle(w);

        // Mixed devices: the kitchen's own dialog, naming the console's line; Python's
        // traceback in the console, in red.
        enter(c, "x + y");
        QTRY_VERIFY_WITH_TIMEOUT(w.cards()->errorDialog() && w.cards()->errorDialog()->isVisible(), 10000);
        ErrorDialog *dlg = w.cards()->errorDialog();
        QCOMPARE(dlg->error().kind, OpError::Kind::DeviceMismatch);
        QVERIFY(dlg->findChild<QLabel *>("codeLine")->text().contains("x + y"));
        QVERIFY2(output(c).contains("RuntimeError"), qPrintable(output(c)));
        const QList<QColor> traceback = coloursOf(c, "Traceback");
        QVERIFY(!traceback.isEmpty());
        QVERIFY(traceback.last().red() > 2 * traceback.last().green());
        QVERIFY(!named(w, "z"));

        // Move x to meta and retry: the move is the kitchen's (shown dimmed in the console),
        // then the line runs again in the console and succeeds.
        QPushButton *fix = nullptr;
        for (const char *name : {"moveFirst", "moveSecond"})
            if (auto *b = dlg->findChild<QPushButton *>(name); b && b->text().contains("Move x to meta"))
                fix = b;
        QVERIFY(fix);
        fix->click();
        QTRY_COMPARE_WITH_TIMEOUT(output(c).count(">>> x + y"), 2, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!c->running(), 20000);
        waitIdle(w);
        QCOMPARE(named(w, "x")->device, QStringLiteral("meta"));
        QVERIFY2(output(c).contains("# kitchen: x = x.to("), qPrintable(output(c)));
        const QString retried = output(c).mid(output(c).lastIndexOf(">>> x + y"));
        QVERIFY2(retried.contains("meta") && !retried.contains("RuntimeError"), qPrintable(retried));
    }

    // x.cuda() without a GPU: not a bare traceback but the GPU workbench's explanation of
    // this machine's case, with PyTorch's own text under Details.
    void noGpuOpensTheWorkbenchsExplanation()
    {
        MainWindow w;
        w.show();
        ConsolePane *c = openConsole(w);
        QVERIFY(c);
        enter(c, "print(torch.cuda.is_available())");
        if (output(c).trimmed().endsWith("True"))
            QSKIP("this machine has a GPU: x.cuda() works here");
        enter(c, "x = torch.ones(2)");
        enter(c, "y = x.cuda()");
        QTRY_VERIFY_WITH_TIMEOUT(w.cards()->errorDialog() && w.cards()->errorDialog()->isVisible(), 10000);
        ErrorDialog *dlg = w.cards()->errorDialog();
        QCOMPARE(dlg->error().kind, OpError::Kind::NoGpu);
        QCOMPARE(dlg->windowTitle(), ErrorDialog::title(OpError::Kind::NoGpu));
        BuildFacts facts;
        facts.noGpuReason = TK_EXPECT_CUDA_BUILD ? NoGpuReason::NoDeviceFound : NoGpuReason::CpuOnlyBuild;
        const QString why = dlg->findChild<QLabel *>("explanation")->text();
        QVERIFY2(why.contains(facts.noGpuExplanation()), qPrintable(why)); // the workbench's words, this case
        QVERIFY(why.contains("torch.cuda.is_available()"));
        QVERIFY(dlg->findChild<QLabel *>("codeLine")->text().contains("y = x.cuda()"));
        // PyTorch's own text stays, the traceback waits under Details.
        QVERIFY(dlg->findChild<QPlainTextEdit *>("libtorchMessage")
                    ->toPlainText()
                    .contains(TK_EXPECT_CUDA_BUILD ? "NVIDIA" : "Torch not compiled with CUDA enabled"));
        QVERIFY(!dlg->detailsShown());
        auto *toggle = dlg->findChild<QToolButton *>("detailsToggle");
        QVERIFY(toggle && toggle->isVisibleTo(dlg));
        toggle->click();
        QVERIFY(dlg->detailsShown());
        QVERIFY(dlg->findChild<QPlainTextEdit *>("details")->toPlainText().contains("Traceback"));
        QVERIFY(!named(w, "y"));
        dlg->close();
    }

    // A mix PyTorch lets through (meta @ cpu) is named in the console beside the result.
    void aMixOfDevicesIsNamedInTheConsole()
    {
        MainWindow w;
        w.show();
        ConsolePane *c = openConsole(w);
        QVERIFY(c);
        enter(c, "x = torch.ones(2, 3, device='meta')");
        enter(c, "w = torch.ones(3, 3)");
        enter(c, "z = x @ w");
        QTRY_VERIFY_WITH_TIMEOUT(named(w, "z"), 10000);
        QVERIFY2(output(c).contains("# Line 1: matmul takes tensors on cpu and meta"), qPrintable(output(c)));
        QVERIFY(output(c).contains("on a GPU this line raises"));
        QVERIFY(!w.cards()->errorDialog() || !w.cards()->errorDialog()->isVisible()); // it ran: no dialog
    }

    void eachStatementIsOneUndoStepAndUpRecalls()
    {
        MainWindow w;
        w.show();
        ConsolePane *c = openConsole(w);
        QVERIFY(c);
        enter(c, "x = torch.ones(2, 3)");
        enter(c, "y = x.to(\"meta\")");
        QTRY_COMPARE_WITH_TIMEOUT(w.engine()->cards().size(), 2, 10000);
        QCOMPARE(w.undoStack()->count(), 2);
        QCOMPARE(w.undoStack()->undoText(), QStringLiteral("y = x.to(\"meta\")"));
        w.undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(!named(w, "y"), 10000);
        QVERIFY(named(w, "x"));
        w.undoStack()->undo();
        QTRY_COMPARE_WITH_TIMEOUT(w.engine()->cards().size(), 0, 10000);
        waitIdle(w);
        // Python's names follow the undo: x is gone there too.
        enter(c, "print('x' in dir())");
        QVERIFY2(output(c).endsWith("False"), qPrintable(output(c)));

        // Up on the first line walks back through what was typed; Down returns.
        ConsoleInput *in = c->input();
        QTest::keyClicks(in, "draft");
        QTest::keyClick(in, Qt::Key_Up);
        QCOMPARE(in->toPlainText(), QStringLiteral("print('x' in dir())"));
        QTest::keyClick(in, Qt::Key_Up);
        QCOMPARE(in->toPlainText(), QStringLiteral("y = x.to(\"meta\")"));
        QTest::keyClick(in, Qt::Key_Down);
        QCOMPARE(in->toPlainText(), QStringLiteral("print('x' in dir())"));
        QTest::keyClick(in, Qt::Key_Down);
        QCOMPARE(in->toPlainText(), QStringLiteral("draft"));
        in->clear();
        // Kept for the next run; a drag's code line is not an input.
        const QStringList kept = QSettings().value("console/history").toStringList();
        QCOMPARE(kept.mid(kept.size() - 3),
                 (QStringList{"x = torch.ones(2, 3)", "y = x.to(\"meta\")", "print('x' in dir())"}));
        QCOMPARE(ConsoleHistory().entries(), kept);
    }

    void shiftEnterAddsALineAndABlockWaitsForItsEnd()
    {
        MainWindow w;
        w.show();
        ConsolePane *c = openConsole(w);
        QVERIFY(c);
        ConsoleInput *in = c->input();
        QTest::keyClicks(in, "a = 1");
        QTest::keyClick(in, Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClicks(in, "b = 2");
        QVERIFY(!c->running());
        QCOMPARE(in->toPlainText(), QStringLiteral("a = 1\nb = 2"));
        QTest::keyClick(in, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!c->running(), 20000);
        QVERIFY(output(c).contains(">>> a = 1\n... b = 2"));
        // `for …:` continues on an indented line; an empty line runs it.
        QTest::keyClicks(in, "for i in range(3):");
        QTest::keyClick(in, Qt::Key_Return);
        QVERIFY(!c->running());
        QTest::keyClicks(in, "print(i * 10)");
        QTest::keyClick(in, Qt::Key_Return);
        QVERIFY(!c->running());
        QTest::keyClick(in, Qt::Key_Return);
        QVERIFY(c->running());
        QTRY_VERIFY_WITH_TIMEOUT(!c->running(), 20000);
        QVERIFY2(output(c).endsWith("0\n10\n20"), qPrintable(output(c)));
        QVERIFY(ConsoleInput::wantsMoreLines("t = torch.ones(2,"));
        QVERIFY(!ConsoleInput::wantsMoreLines("print(\"(\")"));
        QVERIFY(!ConsoleInput::wantsMoreLines("x = 1  # ends with a colon:"));
    }

    void stopAndCtrlCEndALoopAndKeepTheCards()
    {
        MainWindow w;
        w.show();
        ConsolePane *c = openConsole(w);
        QVERIFY(c);
        auto *stop = c->findChild<QPushButton *>("consoleStop");
        QVERIFY(stop);
        QVERIFY(!stop->isEnabled());
        enter(c, "x = torch.ones(3)");
        QTest::keyClicks(c->input(), "while True: pass");
        QTest::keyClick(c->input(), Qt::Key_Return);
        QVERIFY(c->running());
        QVERIFY(stop->isEnabled());
        QVERIFY(!output(c).contains("KeyboardInterrupt"));
        QVERIFY(c->status().contains("running"));
        // Enter while it runs queues nothing; the input keeps the text.
        QTest::keyClicks(c->input(), "print(1)");
        QTest::keyClick(c->input(), Qt::Key_Return);
        QVERIFY(c->status().contains("still running"));
        QCOMPARE(c->input()->toPlainText(), QStringLiteral("print(1)"));
        stop->click();
        QTRY_VERIFY_WITH_TIMEOUT(!c->running(), 5000);
        QVERIFY2(output(c).contains("KeyboardInterrupt"), qPrintable(output(c)));
        const qsizetype interrupts = output(c).count("KeyboardInterrupt");
        QVERIFY(!stop->isEnabled());
        QVERIFY(!output(c).contains(">>> print(1)"));
        QCOMPARE(named(w, "x")->shape, (QList<qint64>{3}));

        // Ctrl+C in the input with nothing selected does the same.
        c->input()->clear();
        QTest::keyClicks(c->input(), "while True: x.add_(0)");
        QTest::keyClick(c->input(), Qt::Key_Return);
        QVERIFY(c->running());
        QTest::keyClick(c->input(), Qt::Key_C, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!c->running(), 5000);
        QVERIFY(output(c).count("KeyboardInterrupt") > interrupts);
        QVERIFY(named(w, "x"));
        QCOMPARE(w.engine()->cards().size(), 1);

        // With a selection, Ctrl+C copies and stops nothing.
        QTest::keyClicks(c->input(), "copied");
        c->input()->selectAll();
        QTest::keyClick(c->input(), Qt::Key_C, Qt::ControlModifier);
        QVERIFY(!c->running());
        c->input()->clear();

        enter(c, "print(\"hi\")");
        QVERIFY(output(c).contains(">>> print(\"hi\")\nhi"));
    }

    void tabCompletes()
    {
        MainWindow w;
        w.show();
        ConsolePane *c = openConsole(w);
        QVERIFY(c);
        enter(c, "weights_long = torch.ones(1)");
        ConsoleInput *in = c->input();
        // One completion is put in at once.
        QTest::keyClicks(in, "weights_l");
        QTest::keyClick(in, Qt::Key_Tab);
        QTRY_COMPARE_WITH_TIMEOUT(in->toPlainText(), QStringLiteral("weights_long"), 5000);
        in->clear();
        // Several are offered in a popup.
        QTest::keyClicks(in, "torch.ra");
        QTest::keyClick(in, Qt::Key_Tab);
        QTRY_VERIFY_WITH_TIMEOUT(in->completer()->popup()->isVisible(), 5000);
        QStringList offered;
        for (int i = 0; in->completer()->setCurrentRow(i); ++i)
            offered << in->completer()->currentCompletion();
        QVERIFY2(offered.contains("torch.randn("), qPrintable(offered.join(' ')));
        in->completer()->popup()->hide();
        // Where there is no name, Tab indents.
        in->clear();
        QTest::keyClick(in, Qt::Key_Tab);
        QCOMPARE(in->toPlainText(), QStringLiteral("    "));
    }
};

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
