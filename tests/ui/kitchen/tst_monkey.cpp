// A seeded, reproducible monkey: thousands of random UI actions on the offscreen platform,
// checking after each that the panes and the workspace agree. TK_MONKEY_SEED and
// TK_MONKEY_ACTIONS override the defaults; a failure prints the seed and the action number.
#include "core/devices/torchthread.h"
#include "ui/kitchen/cardmime.h"
#include "ui/devices/devicedetailsdialog.h"
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/errordialog.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/cardactions.h"
#include "ui/kitchen/dragmeaningbox.h"
#include "ui/window/mainwindow.h"
#include "core/races/matmulrace.h"
#include "ui/races/matmulracepanel.h"
#include "ui/kitchen/tensorcard.h"
#include "core/races/trainingrace.h"
#include "ui/races/trainingracepanel.h"
#include "support/kitchentest.h"

#include <QDropEvent>
#include <QMimeData>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QThread>
#include <QUndoStack>

using namespace tk;

class TestMonkey : public QObject
{
    Q_OBJECT

private:
    QRandomGenerator m_rng;
    int m_action = 0;
    QMap<QString, int> m_counts;

    int pick(int n) { return int(m_rng.bounded(quint32(n))); }

    static void settle(MainWindow &w)
    {
        QElapsedTimer t;
        t.start();
        while ((w.engine()->busy() || w.matmulRace()->race()->isRunning() || w.trainingRace()->race()->isRunning())
               && t.elapsed() < 30000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QCoreApplication::processEvents();
    }

    QString check(MainWindow &w)
    {
        QMap<int, int> seen; // card id → panes showing it
        for (DevicePane *p : w.kitchen()->panes())
            for (int id : p->cardIds())
                seen[id] += 1;
        const QList<CardInfo> cards = w.engine()->cards();
        if (seen.size() != cards.size())
            return QStringLiteral("panes show %1 cards, the workspace has %2").arg(seen.size()).arg(cards.size());
        QMap<int, QPair<QString, qint64>> storages; // storage id → device, bytes
        for (const CardInfo &c : cards) {
            if (seen.value(c.id) != 1)
                return QStringLiteral("card %1 is on %2 panes").arg(c.name).arg(seen.value(c.id));
            DevicePane *p = w.kitchen()->pane(c.device);
            if (!p && c.device.startsWith("cuda"))
                p = w.kitchen()->pane("cuda");
            if (!p || !p->card(c.id))
                return QStringLiteral("card %1 (%2) is not on its device's pane").arg(c.name, c.device);
            if (p->card(c.id)->info().revision != c.revision)
                return QStringLiteral("card %1 shows an old state").arg(c.name);
            if (c.kind != "tensor")
                continue;
            auto it = storages.find(c.storageId);
            if (it != storages.end() && (it->first != c.device || it->second != c.storageBytes))
                return QStringLiteral("storage %1 is shared across devices or sizes").arg(c.storageId);
            storages.insert(c.storageId, {c.device, c.storageBytes});
        }
        return {};
    }

    QString memoryCheck(MainWindow &w)
    {
        // No storage dangles: what the worker counts on the CPU is what the cards hold.
        QSignalSpy sampled(w.engine(), &KitchenEngine::devicesSampled);
        w.engine()->sampleDevices(false);
        if (!sampled.wait(10000))
            return QStringLiteral("no memory sample");
        const qint64 counted = sampled.last().at(1).value<QList<qint64>>().first();
        QMap<int, qint64> unique;
        for (const CardInfo &c : w.engine()->cards())
            if (c.device == "cpu" && (c.kind == "tensor" || c.kind == "model"))
                unique.insert(c.kind == "model" ? -c.id : c.storageId, c.storageBytes);
        qint64 sum = 0;
        for (qint64 b : unique)
            sum += b;
        return sum == counted
            ? QString()
            : QStringLiteral("cpu holds %1 bytes by the cards, %2 by the count").arg(sum).arg(counted);
    }

    void drop(QWidget *target, int id, const QString &from, Qt::KeyboardModifiers mods)
    {
        testsupport::drop(target, id, from, mods); // a refused drop is part of the monkey's play
    }

    void act(MainWindow &w)
    {
        const QList<CardInfo> cards = w.engine()->cards();
        auto anyCard = [&]() { return cards.at(pick(int(cards.size()))); };
        const int roll = pick(100);
        if (roll < 22 || cards.isEmpty()) {
            ++m_counts["create"];
            TensorSpec s;
            s.factory = TensorSpec::Factory(pick(6));
            for (int d = 0, n = 1 + pick(3); d < n; ++d)
                s.shape << 1 + pick(8);
            s.dtype = TensorSpec::dtypeNames().at(pick(6));
            s.device = QStringList{"cpu", "cpu", "meta", "cuda"}.at(pick(4));
            s.seed = m_rng.generate();
            s.fillValue = pick(7) - 3;
            w.engine()->submit(request::Create{s});
        } else if (roll < 48) {
            ++m_counts["move"];
            const CardInfo c = anyCard();
            QList<DevicePane *> panes;
            for (DevicePane *p : w.kitchen()->panes())
                if (p->isVisible())
                    panes << p;
            const Qt::KeyboardModifiers mods[] = {Qt::NoModifier, Qt::ShiftModifier, Qt::ControlModifier};
            w.dragMeaning()->setMeaning(TransferMeaning(pick(3)));
            drop(panes.at(pick(int(panes.size()))), c.id, c.device, mods[pick(3)]);
        } else if (roll < 62) {
            ++m_counts["combine"];
            const CardInfo a = anyCard(), b = anyCard();
            const Operation ops[]
                = {Operation::Add, Operation::Mul, Operation::Matmul, Operation::Cat, Operation::Forward};
            w.cards()->requestCombine(ops[pick(5)], a.id, b.id);
        } else if (roll < 69) {
            ++m_counts["delete"];
            w.engine()->submit(request::Remove{anyCard().id});
        } else if (roll < 72) {
            ++m_counts["rename"];
            const QString name = QStringList{"x", "y", "w2", "2bad", "del", "kept"}.at(pick(6));
            w.engine()->submit(request::Rename{anyCard().id, name});
        } else if (roll < 75) {
            ++m_counts["clone"];
            w.engine()->submit(request::Clone{anyCard().id, {}});
        } else if (roll < 83) {
            ++m_counts["undo"];
            w.undoStack()->undo();
        } else if (roll < 88) {
            ++m_counts["redo"];
            w.undoStack()->redo();
        } else if (roll < 90) {
            ++m_counts["model"];
            if (pick(2))
                w.cards()->addModelTrio();
            else
                w.cards()->forgetToMoveTheModel();
        } else if (roll < 92) {
            ++m_counts["race"];
            if (pick(2)) {
                MatmulSettings s;
                s.sizes = {16, 32};
                s.lanes = {MatmulLane{}};
                s.minRunTime = 0.005;
                w.matmulRace()->startRace(s);
                if (pick(2))
                    w.matmulRace()->cancelRace();
            } else {
                TrainConfig c;
                c.steps = 30;
                c.gridSize = 8;
                w.trainingRace()->startRace(c, {TrainLane{}});
                if (pick(2))
                    w.trainingRace()->race()->cancel();
            }
        } else if (roll < 96) {
            ++m_counts["dialog"];
            if (pick(2)) {
                w.cards()->newTensor();
                QCoreApplication::processEvents();
                for (QDialog *d : w.findChildren<QDialog *>("newTensorDialog"))
                    d->reject();
            } else {
                DeviceDetailsDialog d(&w);
                d.show();
                QCoreApplication::processEvents();
                d.close();
            }
        } else {
            ++m_counts["meta pane"];
            w.kitchen()->setMetaPaneVisible(!w.kitchen()->pane("meta")->isVisible() || !cards.isEmpty());
        }
        settle(w);
        if (ErrorDialog *e = w.cards()->errorDialog())
            e->close();
    }

private Q_SLOTS:
    // Every LibTorch call of the UI runs on a worker: none may come from this thread.
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void randomActionsKeepPanesAndWorkspaceInAgreement()
    {
        const quint32 seed = qEnvironmentVariableIsSet("TK_MONKEY_SEED")
            ? quint32(qEnvironmentVariableIntValue("TK_MONKEY_SEED"))
            : 20261130u;
        const int actions
            = qEnvironmentVariableIsSet("TK_MONKEY_ACTIONS") ? qEnvironmentVariableIntValue("TK_MONKEY_ACTIONS") : 2000;
        m_rng.seed(seed);
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        for (m_action = 1; m_action <= actions; ++m_action) {
            act(w);
            const QString problem = check(w);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(QStringLiteral("seed %1, action %2: %3").arg(seed).arg(m_action).arg(problem)));
            if (m_action % 100 == 0) {
                const QString memory = memoryCheck(w);
                QVERIFY2(memory.isEmpty(),
                         qPrintable(QStringLiteral("seed %1, action %2: %3").arg(seed).arg(m_action).arg(memory)));
            }
        }
        QStringList summary;
        for (auto it = m_counts.cbegin(); it != m_counts.cend(); ++it)
            summary << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
        qInfo().noquote() << "seed" << seed << "actions" << actions << "—" << summary.join(", ")
                          << "— cards at the end:" << w.engine()->cards().size();
    }
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
