#include "core/devices/torchthread.h"
#include "ui/files/sessioncontroller.h"
#include "ui/kitchen/cardactions.h"
#include "ui/kitchen/devicepane.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "core/kitchen/workspace.h"
#include "support/kitchentest.h"
#include "support/windowtest.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QFile>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

using namespace tk;
using namespace tk::testsupport;

// The Edit menu's undo and redo against the workspace's own history (moved out of
// tst_desktop, which had grown past 500 lines).
class TestUndo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void initTestCase() { startDesktopSuite("tst_undo"); }

    void undoRedoRestoresTheWorkspace()
    {
        MainWindow w;
        w.show();
        make(w, "x");
        make(w, "y");
        const int x = w.engine()->cards().first().id;
        w.cards()->requestTransfer(x, "meta", TransferMeaning::Reassign);
        idle(w);
        w.cards()->requestCombine(Operation::Add, w.engine()->cards().first().id, w.engine()->cards().last().id);
        idle(w); // a mismatch error: not an undoable change of cards
        QCOMPARE(names(w), (QStringList{"x@meta", "y@cpu"}));
        QCOMPARE(w.undoStack()->count(), 3); // create, create, move: a failure changes no card
        QVERIFY(w.engine()->codeLog().lines().last().failed());
        w.undoStack()->undo(); // the move, and the failed line after it
        idle(w);
        QCOMPARE(names(w), (QStringList{"x@cpu", "y@cpu"}));
        QVERIFY(w.kitchen()->pane("cpu")->card(x));
        QCOMPARE(w.engine()->codeLog().lines().last().code,
                 QStringLiteral("y = torch.randn(2, 2, generator=torch.Generator().manual_seed(0))"));
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
        QVERIFY(w.kitchen()->pane("meta")->card(x));
        QCOMPARE(shownLog(w), engineLog(w));
        QCOMPARE(shownLog(w).size(), 4); // redo brings back the failed line with the move
        QVERIFY(shownLog(w).last().contains(QLatin1String("Error")));
    }

    // Undo pressed while a Create still runs: the core would undo the Create (it runs first)
    // while the stack undid the step before it. Undo and redo wait for the answer instead.
    void undoWaitsForTheRunningRequest()
    {
        MainWindow w;
        w.show();
        make(w, "a");
        make(w, "b");
        auto *undo = w.findChild<QAction *>("undo");
        auto *redo = w.findChild<QAction *>("redo");
        QVERIFY(undo && redo);
        QVERIFY(undo->isEnabled());
        TensorSpec s;
        s.name = "c";
        s.shape = {2, 2};
        s.factory = TensorSpec::Factory::Randn;
        w.engine()->submit(request::Create{s}); // its answer has not arrived: no event loop yet
        QVERIFY(w.engine()->busy());
        QVERIFY(!undo->isEnabled());
        QVERIFY(!redo->isEnabled());
        undo->trigger(); // Ctrl+Z now does nothing
        idle(w);
        QCOMPARE(names(w), (QStringList{"a@cpu", "b@cpu", "c@cpu"}));
        QCOMPARE(w.undoStack()->count(), 3);
        QCOMPARE(w.undoStack()->index(), 3);
        QVERIFY(undo->isEnabled());
        QVERIFY2(undo->text().contains("c = "), qPrintable(undo->text()));
        undo->trigger(); // and now undoes what its label says
        idle(w);
        QCOMPARE(names(w), (QStringList{"a@cpu", "b@cpu"}));
        QVERIFY(redo->isEnabled());
        QVERIFY2(redo->text().contains("c = "), qPrintable(redo->text()));
        QVERIFY2(undo->text().contains("b = "), qPrintable(undo->text()));
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
        QVERIFY(!w.cards()->errorDialog()); // no "Nothing to undo." from a step the menu still offered
    }
};

QTEST_MAIN(TestUndo)
#include "tst_undo.moc"
