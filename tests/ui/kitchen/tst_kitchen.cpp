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

class TestKitchen : public testsupport::KitchenWindowTest
{
    Q_OBJECT

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
        QTest::newRow("x = x.to(d)") << int(TransferMeaning::Reassign) << 0 << QStringList{} << QStringList{"x"};
        QTest::newRow("y = x.to(d)") << int(TransferMeaning::NewName) << 0 << QStringList{"x"} << QStringList{"x_meta"};
        QTest::newRow("x.to(d) discarded") << int(TransferMeaning::Discard) << 0 << QStringList{"x"} << QStringList{};
        QTest::newRow("shift = y = x.to(d)")
            << int(TransferMeaning::Reassign) << int(Qt::ShiftModifier) << QStringList{"x"} << QStringList{"x_meta"};
        QTest::newRow("ctrl = discarded")
            << int(TransferMeaning::Reassign) << int(Qt::ControlModifier) << QStringList{"x"} << QStringList{};
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
        for (const char *bad : {"2,x", "-1", "0", "", "1e99"}) {
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
            QVERIFY(bench->grab().save(
                dir + (TK_EXPECT_CUDA_BUILD ? "/no-gpu-workbench-cuda-build.png" : "/no-gpu-workbench.png")));
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
