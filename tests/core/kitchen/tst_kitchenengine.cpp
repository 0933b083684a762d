#include "core/kitchen/kitchenengine.h"

#include <QSignalSpy>
#include <QTest>

using namespace tk;

class TestKitchenEngine : public QObject
{
    Q_OBJECT

private:
    Outcome waitFor(KitchenEngine &e, quint64 request)
    {
        Outcome result;
        bool done = false;
        auto c = connect(&e, &KitchenEngine::finished, this, [&](quint64 r, const Outcome &o) {
            if (r == request) {
                result = o;
                done = true;
            }
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 20000); }();
        disconnect(c);
        return result;
    }

private Q_SLOTS:
    void workRunsOffTheGuiThreadAndReportsBack()
    {
        KitchenEngine engine;
        QVERIFY(engine.workerThread() != QThread::currentThread());
        QSignalSpy added(&engine, &KitchenEngine::cardAdded);
        QSignalSpy lines(&engine, &KitchenEngine::codeLineAdded);
        TensorSpec s;
        s.shape = {2, 3};
        s.name = "x";
        const Outcome o = waitFor(engine, engine.submit(request::Create{s}));
        QVERIFY(o.ok());
        QCOMPARE(added.count(), 1);
        QCOMPARE(added.first().first().value<CardInfo>().name, QStringLiteral("x"));
        QCOMPARE(engine.cards().size(), 1);
        QCOMPARE(lines.count(), 1);
        QCOMPARE(engine.codeLog().lines().first().code, QStringLiteral("x = torch.ones(2, 3)"));
    }

    void transferAndMismatchAnswers()
    {
        KitchenEngine engine;
        QSignalSpy updated(&engine, &KitchenEngine::cardUpdated);
        QList<MoveReport> moved;
        QList<OpError> failed;
        TensorSpec s;
        s.shape = {2, 3};
        s.name = "x";
        const int x = waitFor(engine, engine.submit(request::Create{s})).cardId;
        s.name = "y";
        const int y = waitFor(engine, engine.submit(request::Create{s})).cardId;
        // The follow-up given with the request runs with its answer, after finished().
        QVERIFY(waitFor(engine,
                        engine.submit(request::Transfer{x, "meta", TransferMeaning::Reassign, {}},
                                      [&](const Outcome &o) { moved << o.moves; }))
                    .ok());
        QCOMPARE(moved.count(), 1);
        QCOMPARE(moved.first().toDevice, QStringLiteral("meta"));
        QCOMPARE(updated.count(), 1);
        QCOMPARE(engine.card(x)->device, QStringLiteral("meta"));
        const Outcome bad = waitFor(
            engine,
            engine.submit(request::Combine{Operation::Mul, x, y, {}}, [&](const Outcome &o) { failed << o.error; }));
        QVERIFY(!bad.ok());
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.first().kind, OpError::Kind::DeviceMismatch);
        // The operation travels inside the error, for move-and-retry.
        QCOMPARE(failed.first().operation, std::optional<Operation>(Operation::Mul));
        QCOMPARE(failed.first().cards, (QList<int>{x, y}));
        QCOMPARE(engine.cards().size(), 2);
        QSignalSpy removed(&engine, &KitchenEngine::cardRemoved);
        QVERIFY(waitFor(engine, engine.submit(request::Remove{y})).ok());
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.first().at(1).toString(), QStringLiteral("y"));
        QVERIFY(!engine.busy());
    }

    void devicesAreSampledOnTheWorker()
    {
        KitchenEngine engine;
        QSignalSpy sampled(&engine, &KitchenEngine::devicesSampled);
        engine.sampleDevices(true);
        QVERIFY(sampled.wait(10000));
        const auto devices = sampled.first().first().value<QList<DeviceInfo>>();
        QCOMPARE(devices.first().id, QStringLiteral("cpu"));
        QCOMPARE(devices.last().id, QStringLiteral("meta"));
    }
};

QTEST_GUILESS_MAIN(TestKitchenEngine)
#include "tst_kitchenengine.moc"
