// The lessons as a learner without a GPU meets them: each Try it runs to its end on a CPU-only
// machine, lesson 4's error can be fixed from its dialog, and the lessons are where help is.
#include "core/devices/deviceregistry.h"
#include "ui/kitchen/cardactions.h"
#include "ui/kitchen/flightoverlay.h"
#include "ui/kitchen/valuesdialog.h"
#include "core/races/matmulrace.h"
#include "core/races/trainingrace.h"
#include "ui/devices/devicedetailsdialog.h"
#include "ui/races/matmulracepanel.h"
#include "ui/races/trainingracepanel.h"
#include "ui/lessons/lessonactions.h"
#include "ui/lessons/lessonspanel.h"
#include "support/kitchenwindowtest.h"

#include <QDockWidget>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTranslator>

using namespace tk;

class TestLessons : public testsupport::KitchenWindowTest
{
    Q_OBJECT

    static bool hasGpu() { return DeviceRegistry::buildFacts().cudaDeviceCount > 0; }

    static int lessonRow(MainWindow &w, const QString &prefix)
    {
        for (int i = 0; i < w.lessons()->count(); ++i)
            if (w.lessons()->lessonId(i).startsWith(prefix))
                return i;
        return -1;
    }

    // The lesson whose id starts with `prefix`: its Try it, as the button does.
    static void tryLesson(MainWindow &w, const QString &prefix)
    {
        const int row = lessonRow(w, prefix);
        QVERIFY(row >= 0);
        w.lessonActions()->tryLesson(w.lessons()->lessonId(row));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void lessonFourCanBeFinishedWithoutAGpu_data()
    {
        QTest::addColumn<bool>("korean");
        QTest::newRow("en") << false;
        QTest::newRow("ko") << true;
    }

    void lessonFourCanBeFinishedWithoutAGpu()
    {
        if (hasGpu())
            QSKIP("with a GPU the data goes to cuda:0 and both buttons work (tst_kitchendialogs)");
        QFETCH(bool, korean);
        const testsupport::KoreanUi ko(korean);
        QCOMPARE(ko.installed(), korean);
        {
            MainWindow w;
            w.show();
            const int row = lessonRow(w, "04");
            QVERIFY(row >= 0);
            w.lessons()->select(row);
            w.lessons()->findChild<QPushButton *>("tryLesson")->click();
            waitForDialog(w);
            ErrorDialog *dlg = w.cards()->errorDialog();
            QCOMPARE(dlg->error().kind, OpError::Kind::DeviceMismatch);
            auto *dataButton = dlg->findChild<QPushButton *>("moveSecond");
            auto *modelButton = dlg->findChild<QPushButton *>("moveFirst");
            QVERIFY(dataButton && modelButton);
            // The data is on meta (no values to copy to the CPU): that button is off, and the
            // dialog says why in its own text, not only in a tooltip.
            QVERIFY(!dataButton->isEnabled());
            auto *why = dlg->findChild<QLabel *>("whyDisabled");
            QVERIFY(why && why->isVisibleTo(dlg));
            QVERIFY2(why->text().contains("meta"), qPrintable(why->text()));
            // The model follows the data: enabled, its particles chosen by the names.
            QVERIFY(modelButton->isEnabled());
            if (korean) {
                QVERIFY2(modelButton->text().contains(QStringLiteral("model을 meta로")),
                         qPrintable(modelButton->text()));
                QVERIFY2(dataButton->text().contains(QStringLiteral("x를 cpu로")), qPrintable(dataButton->text()));
                QVERIFY(!modelButton->text().contains(QStringLiteral("(를)")));
            } else {
                QCOMPARE(modelButton->text(), QStringLiteral("Move model to meta and retry"));
            }
            modelButton->click();
            waitIdle(w);
            waitIdle(w);
            // The retried model(x) made out on meta, beside the model and the data.
            QTRY_VERIFY_WITH_TIMEOUT(testsupport::named(w.engine(), "out").has_value(), 10000);
            QCOMPARE(testsupport::named(w.engine(), "out")->device, QStringLiteral("meta"));
            QCOMPARE(testsupport::named(w.engine(), "model")->device, QStringLiteral("meta"));
            QCOMPARE(paneNames(w.kitchen()->pane("meta")), (QStringList{"model", "out", "x"}));
        }
    }

    void everyKitchenLessonRunsToItsEnd()
    {
        // The lessons whose Try it works in the kitchen, each on a fresh window: what it leaves.
        MainWindow w;
        w.show();
        auto tryIt = [&](const QString &prefix) {
            tryLesson(w, prefix);
            waitIdle(w);
            waitIdle(w);
        };
        tryIt("01");
        QVERIFY(testsupport::named(w.engine(), "x").has_value());
        QCOMPARE(testsupport::named(w.engine(), "x")->device, QStringLiteral("cpu"));
        tryIt("02"); // the lesson's own words: x_meta = x.to("meta")
        QTRY_VERIFY(testsupport::named(w.engine(), "x_meta").has_value());
        QVERIFY(w.lessons()->lessonHtml(lessonRow(w, "02")).contains("x_meta = x.to(\"meta\")"));
        const int cards = w.engine()->cards().size();
        tryIt("03"); // the copy is made and dropped: x stays on the CPU, nothing new
        QCOMPARE(w.engine()->cards().size(), cards);
        QCOMPARE(testsupport::named(w.engine(), "x")->device, QStringLiteral("cpu"));
        QVERIFY(w.lastMessage().contains("x = x.to(\"meta\")"));
        tryIt("05"); // a model, its optimizer and a loss
        QVERIFY(testsupport::named(w.engine(), "optimizer").has_value());
        tryIt("11"); // x.cpu().numpy(): the values, from the CPU
        QTRY_VERIFY_WITH_TIMEOUT(w.findChild<ValuesDialog *>(), 10000);
        w.findChild<ValuesDialog *>()->close();
    }

    void everyRaceLessonStartsItsPart()
    {
        // The lessons whose Try it is a race or a dialog: each starts what it says, on the CPU.
        MainWindow w;
        w.show();
        auto tryIt = [&](const QString &prefix) { tryLesson(w, prefix); };
        tryIt("06"); // small jobs: the matmul race runs, one cook against all
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget *>(w.matmulRace()));
        QTRY_VERIFY_WITH_TIMEOUT(w.matmulRace()->race()->isRunning(), 5000);
        QSignalSpy matmulDone(w.matmulRace()->race(), &MatmulRace::finished);
        w.matmulRace()->race()->cancel();
        QVERIFY(matmulDone.wait(60000));
        tryIt("08"); // the same seed, different digits: the training race runs
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget *>(w.trainingRace()));
        QTRY_VERIFY_WITH_TIMEOUT(w.trainingRace()->race()->isRunning(), 5000);
        QSignalSpy trainDone(w.trainingRace()->race(), &TrainingRace::finished);
        w.trainingRace()->race()->cancel();
        QVERIFY(trainDone.wait(60000));
        tryIt("09"); // no workers: the DataLoader placement with 0 workers
        QCOMPARE(w.trainingRace()->configFromControls().placement, TrainPlacement::DataLoader);
        QCOMPARE(w.trainingRace()->configFromControls().workers, 0);
        tryIt("12"); // the dataset up front
        QCOMPARE(w.trainingRace()->configFromControls().placement, TrainPlacement::Preload);
        tryIt("13"); // replicas: a CPU lane beside DDP × 2, no GPU needed
        const QList<TrainLane> lanes = w.trainingRace()->lanesFromControls();
        QVERIFY(std::any_of(lanes.begin(), lanes.end(),
                            [](const TrainLane &l) { return l.kind == TrainingLanes::kDdp && l.ranks == 2; }));
        tryIt("10"); // which GPU: the device check, which says there is none
        QTRY_VERIFY_WITH_TIMEOUT(w.findChild<DeviceDetailsDialog *>(), 5000);
        w.findChild<DeviceDetailsDialog *>()->close();
    }

    void aDropOnTheWorkbenchWithoutAGpuFliesBack()
    {
        if (hasGpu())
            QSKIP("with a GPU the card is copied there");
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const int x = create(w, "x");
        DevicePane *gpu = w.kitchen()->pane("cuda");
        QVERIFY(gpu);
        drop(gpu, x, "cpu");
        waitIdle(w);
        // The card goes to the workbench and comes back: to() returned the same tensor.
        QTRY_VERIFY_WITH_TIMEOUT(w.overlay()->activeFlights() > 0, 5000);
        QCOMPARE(paneNames(w.kitchen()->pane("cpu")), QStringList{"x"});
        QVERIFY2(w.lastMessage().contains("returned the same tensor"), qPrintable(w.lastMessage()));
        QTRY_COMPARE_WITH_TIMEOUT(w.overlay()->activeFlights(), 0, 5000);
    }

    void anotherErrorDuringLessonFourSaysWhichCardsGiveIt()
    {
        MainWindow w;
        w.show();
        w.lessons()->select(lessonRow(w, "04"));
        w.lessonsDock()->show();
        const int x = create(w, "x", "cpu", {2, 3});
        const int y = create(w, "y", "cpu", {64, 64});
        w.cards()->requestCombine(Operation::Add, x, y);
        waitForDialog(w);
        ErrorDialog *dlg = w.cards()->errorDialog();
        QCOMPARE(dlg->error().kind, OpError::Kind::Shape);
        auto *hint = dlg->findChild<QLabel *>("hint");
        QVERIFY(hint && hint->isVisibleTo(dlg));
        QVERIFY2(hint->text().contains("Lesson 4") && hint->text().contains("another device"),
                 qPrintable(hint->text()));
        dlg->close();
        // Without the lesson on screen, the dialog says nothing of it.
        w.lessonsDock()->hide();
        w.cards()->requestCombine(Operation::Add, x, y);
        waitForDialog(w);
        QVERIFY(!w.cards()->errorDialog()->findChild<QLabel *>("hint")->isVisibleTo(w.cards()->errorDialog()));
    }

    void lessonsAreHelpWithANextButton()
    {
        MainWindow w;
        w.show();
        QMenu *help = w.helpMenu();
        QVERIFY(help);
        QAction *first = help->actions().value(0);
        QVERIFY(first);
        QCOMPARE(first->shortcut(), QKeySequence(Qt::Key_F1));
        first->trigger();
        QVERIFY(w.lessonsDock()->isVisible());
        auto *list = w.lessons()->findChild<QListWidget *>("lessonList");
        auto *next = w.lessons()->findChild<QPushButton *>("nextLesson");
        QVERIFY(next);
        w.lessons()->select(0);
        next->click();
        QCOMPARE(list->currentRow(), 1);
        w.lessons()->select(w.lessons()->count() - 1);
        QVERIFY(!next->isEnabled()); // the last lesson has no next
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
