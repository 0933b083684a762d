// File → Load .pt on a large checkpoint: the progress shows and rises while the window keeps
// running its event loop, and Cancel stops the load with the kitchen unchanged.
#include "ui/files/loadprogressdialog.h"
#include "ui/files/sessioncontroller.h"
#include "core/kitchen/kitchenengine.h"
#include "support/kitchentest.h"
#include "support/testsupport.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QWidget>

using namespace tk;

class TestLoadProgress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const QString py = testsupport::torchPython();
        if (py.isEmpty())
            QSKIP("no Python with torch here: no PyTorch-written checkpoint");
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath("many.pt");
        QProcess p;
        p.start(py, {testsupport::fixtureWriter("many_tensors.py"), m_file});
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    void loadShowsProgressAndKeepsTheWindowRunning()
    {
        KitchenEngine engine;
        QWidget window;
        QUndoStack undo;
        SessionController session(&engine, &undo, &window);
        session.setLoadProgressAfter(0);
        window.show();
        QSignalSpy progress(&engine, &KitchenEngine::progress);
        QSignalSpy status(&session, &SessionController::statusMessage);
        const quint64 request = session.loadFile(m_file, "cpu");
        const QPointer<LoadProgressDialog> dialog = window.findChild<LoadProgressDialog *>("loadProgress");
        QVERIFY(dialog);
        QCOMPARE(dialog->request(), request);
        // The window's event loop, probed every 10 ms while the worker loads: how long it ever
        // went without a turn, and what the dialog showed.
        QElapsedTimer sinceTick;
        qint64 longestGap = 0;
        bool shown = false;
        int highest = -1;
        QTimer probe;
        connect(&probe, &QTimer::timeout, this, [&] {
            longestGap = std::max(longestGap, sinceTick.restart());
            if (dialog && dialog->isVisible()) {
                shown = true;
                highest = std::max(highest, dialog->value());
            }
        });
        sinceTick.start();
        probe.start(10);
        QVERIFY(testsupport::waitIdle(&engine, 120000));
        probe.stop();
        QVERIFY(shown);
        QVERIFY2(highest > 0, qPrintable(QString::number(highest))); // it moved
        QCOMPARE(engine.cards().size(), 3000);
        QVERIFY(progress.size() >= 2);
        qint64 last = -1;
        for (const QList<QVariant> &p : std::as_const(progress)) {
            QCOMPARE(p.at(0).toULongLong(), request);
            QVERIFY2(p.at(1).toLongLong() >= last, "progress went back");
            last = p.at(1).toLongLong();
        }
        QCOMPARE(last, progress.last().at(2).toLongLong()); // to 100 %
        QTRY_VERIFY(!window.findChild<LoadProgressDialog *>("loadProgress")); // closed by the answer
        QVERIFY(!status.isEmpty());
        QVERIFY2(status.last().at(0).toString().contains("many.pt"), qPrintable(status.last().at(0).toString()));
        // Not frozen: the probe ran all along (a generous bound for a busy 2-core machine).
        QVERIFY2(longestGap < 1000, qPrintable(QString::number(longestGap)));
    }

    void cancelStopsTheLoadAndChangesNothing()
    {
        KitchenEngine engine;
        QWidget window;
        QUndoStack undo;
        SessionController session(&engine, &undo, &window);
        session.setLoadProgressAfter(0);
        window.show();
        QVERIFY(testsupport::create(&engine, testsupport::spec("keep")) >= 0);
        QSignalSpy finished(&engine, &KitchenEngine::finished);
        QSignalSpy status(&session, &SessionController::statusMessage);
        session.loadFile(m_file, "cpu");
        const QPointer<LoadProgressDialog> dialog = window.findChild<LoadProgressDialog *>("loadProgress");
        QVERIFY(dialog);
        // Cancel as a user does, with the button, as soon as the first progress shows.
        bool clicked = false;
        connect(&engine, &KitchenEngine::progress, this, [&] {
            if (clicked || !dialog || !dialog->isVisible())
                return;
            auto *cancel = dialog->findChild<QPushButton *>();
            QVERIFY(cancel);
            clicked = true;
            QTest::mouseClick(cancel, Qt::LeftButton);
        });
        QVERIFY(testsupport::waitIdle(&engine, 120000));
        QVERIFY(clicked);
        QCOMPARE(finished.size(), 1);
        const Outcome o = finished.first().at(1).value<Outcome>();
        QVERIFY(o.cancelled);
        QVERIFY(!o.error.isError());
        QCOMPARE(engine.cards().size(), 1); // only "keep"
        QVERIFY(testsupport::named(&engine, "keep"));
        QTRY_VERIFY(!window.findChild<LoadProgressDialog *>("loadProgress"));
        QVERIFY(!status.isEmpty());
        QVERIFY2(status.last().at(0).toString().contains("cancelled"), qPrintable(status.last().at(0).toString()));
        // The kitchen takes the next request as usual.
        QVERIFY(testsupport::create(&engine, testsupport::spec("after")) >= 0);
    }

private:
    QTemporaryDir m_dir;
    QString m_file;
};

QTEST_MAIN(TestLoadProgress)
#include "tst_loadprogress.moc"
