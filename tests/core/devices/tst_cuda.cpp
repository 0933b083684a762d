// CUDA-only checks (CTest label "cuda"). Without a GPU the whole suite reports itself skipped
// to CTest, naming the case (CPU-only build, CUDA build without a device); on a GPU they run
// the real cpu↔cuda:0 paths.
#include "core/devices/deviceregistry.h"
#include "core/races/trainer.h"
#include "core/races/trainingrace.h"
#include "core/transfers/transferlab.h"
#include "support/testsupport.h"
#include "core/kitchen/workspace.h"

#include <QTest>

using namespace tk;

class TestCuda : public QObject
{
    Q_OBJECT

private:
    static TensorSpec spec(const QString &name, QList<qint64> shape, const QString &device)
    {
        TensorSpec s;
        s.name = name;
        s.shape = shape;
        s.device = device;
        s.factory = TensorSpec::Factory::Randn;
        s.seed = 3;
        return s;
    }

private Q_SLOTS:
    void initTestCase() { DeviceRegistry::applyThreads(); }

    void movesInEachMeaning()
    {
        Workspace w;
        const int x = w.create(spec("x", {256, 256}, "cpu")).cardId;
        const auto before = *w.card(x);
        // y = x.to("cuda:0"): both remain, a new storage on the GPU with the same values.
        const Outcome y = w.transfer(x, "cuda:0", TransferMeaning::NewName, "y");
        QVERIFY2(y.ok(), qPrintable(y.error.message));
        QCOMPARE(w.card(y.cardId)->device, QStringLiteral("cuda:0"));
        QCOMPARE(w.card(y.cardId)->mean, before.mean);
        QVERIFY(y.move().seconds > 0);
        QVERIFY(y.move().gigabytesPerSecond() > 0);
        // x.to("cuda:0") discarded: x stays on the CPU.
        const Outcome d = w.transfer(x, "cuda:0", TransferMeaning::Discard);
        QVERIFY(d.ok());
        QCOMPARE(w.card(x)->device, QStringLiteral("cpu"));
        // x = x.to(device): the idiom picks cuda:0; the CPU copy is released.
        const Outcome r = w.transfer(x, "cuda", TransferMeaning::Reassign);
        QVERIFY(r.ok());
        QVERIFY(!r.move().idiomFallback);
        QVERIFY(r.move().kitchen.oldReleased);
        QCOMPARE(w.card(x)->device, QStringLiteral("cuda:0"));
        QCOMPARE(w.bytesOn("cpu"), qint64(0));
        // And back: x.cpu() gives the same numbers.
        QVERIFY(w.transfer(x, "cpu", TransferMeaning::Reassign).ok());
        QCOMPARE(w.card(x)->mean, before.mean);
    }

    void mismatchError()
    {
        Workspace w;
        const int x = w.create(spec("x", {2, 3}, "cuda:0")).cardId;
        const int y = w.create(spec("y", {2, 3}, "cpu")).cardId;
        const Outcome o = w.combine(Operation::Add, x, y);
        QVERIFY(!o.ok());
        QCOMPARE(o.error.kind, OpError::Kind::DeviceMismatch);
        QVERIFY2(o.error.message.startsWith("Expected all tensors to be on the same device"),
                 qPrintable(o.error.message));
        QCOMPARE(w.count(), 2);
        // The model case: a CPU model fed CUDA data.
        Workspace m;
        m.createModel(16, 1);
        const Outcome f = m.forgetToMoveTheModel();
        QCOMPARE(f.error.kind, OpError::Kind::DeviceMismatch);
    }

    void allocatorStatsAndEmptyCache()
    {
        Workspace w;
        const DeviceInfo idle = DeviceRegistry::device("cuda:0");
        const int big = w.create(spec("big", {8192, 8192}, "cuda:0")).cardId; // 256 MiB
        const DeviceInfo busy = DeviceRegistry::device("cuda:0");
        QVERIFY(busy.allocatorAllocated >= idle.allocatorAllocated + 8192LL * 8192 * 4);
        QVERIFY(busy.allocatorReserved >= busy.allocatorAllocated);
        QVERIFY(w.remove(big).ok());
        const DeviceInfo freed = DeviceRegistry::device("cuda:0");
        QVERIFY(freed.allocatorAllocated < busy.allocatorAllocated);
        QVERIFY(freed.allocatorReserved > freed.allocatorAllocated); // cached, not returned
        DeviceRegistry::emptyCudaCache();
        const DeviceInfo emptied = DeviceRegistry::device("cuda:0");
        QVERIFY(emptied.allocatorReserved < freed.allocatorReserved);
        qInfo() << "reserved after delete" << freed.allocatorReserved << "after empty_cache"
                << emptied.allocatorReserved;
    }

    void pinnedVersusPageable()
    {
        const qint64 bytes = 256LL << 20;
        QString error;
        const auto pageable = TransferLab::measure({"cuda:0", "h2d", "pageable", false}, bytes, 0.2, nullptr, &error);
        const auto pinned = TransferLab::measure({"cuda:0", "h2d", "pinned", false}, bytes, 0.2, nullptr, &error);
        QVERIFY2(pageable && pinned, qPrintable(error));
        qInfo() << "h2d 256 MiB: pageable" << pageable->gbps() << "GB/s, pinned" << pinned->gbps() << "GB/s";
        QVERIFY(pinned->gbps() > 0.9 * pageable->gbps());
    }

    void outOfMemoryLeavesEveryCard()
    {
        Workspace w;
        const int x = w.create(spec("x", {4, 4}, "cuda:0")).cardId;
        const int y = w.create(spec("y", {4, 4}, "cpu")).cardId;
        const QList<CardInfo> before = w.cards();
        const DeviceInfo d = DeviceRegistry::device("cuda:0");
        const qint64 side = qint64(std::sqrt(double(d.memoryTotal) / 4.0)) * 2; // 4× the memory
        // First the app's own refusal, then LibTorch's OutOfMemoryError with the check off.
        const Outcome refused = w.create(spec("huge", {side, side}, "cuda:0"));
        QVERIFY(refused.error.refusedBeforeAllocation);
        w.setMemoryPrecheck(false);
        TensorSpec z = spec("huge", {side, side}, "cuda:0");
        z.factory = TensorSpec::Factory::Zeros;
        const Outcome oom = w.create(z);
        QVERIFY(!oom.ok());
        QCOMPARE(oom.error.kind, OpError::Kind::OutOfMemory);
        QVERIFY(!oom.error.refusedBeforeAllocation);
        qInfo() << "LibTorch said:" << oom.error.message.left(160);
        QCOMPARE(w.cards().size(), before.size());
        QCOMPARE(w.card(x)->mean, before[0].mean);
        QCOMPARE(w.card(y)->mean, before[1].mean);
    }

    void modelMovesInPlaceToTheGpu()
    {
        Workspace w;
        const int m = w.createModel(64, 2).cardId;
        const QList<quintptr> keys = w.parameterKeys(m);
        QVERIFY(w.transfer(m, "cuda:0", TransferMeaning::Reassign).ok());
        QCOMPARE(w.parameterKeys(m), keys);
        QCOMPARE(w.bytesOn("cpu"), qint64(0));
    }

    void cpuAndGpuTrainingAgree()
    {
        // Same seed, same batches: the losses agree to the first digits, not bit for bit.
        TrainConfig c;
        c.steps = 200;
        TrainLane gpu;
        gpu.device = "cuda:0";
        double last[2] = {0, 0};
        int i = 0;
        for (const TrainLane &lane : {TrainLane{}, gpu}) {
            Trainer t(c, lane, 0);
            QString error;
            QVERIFY2(t.prepare(&error), qPrintable(error));
            TrainStep s;
            for (int k = 0; k < c.steps; ++k)
                QVERIFY2(t.step(&s, &error), qPrintable(error));
            last[i++] = s.loss;
        }
        const int digits = TrainingRace::agreeingDigits(last[0], last[1]);
        qInfo() << "final loss cpu" << last[0] << "cuda" << last[1] << "agree to" << digits << "digits";
        QVERIFY(digits >= 2);
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    return testsupport::runForDeviceCase<TestCuda>(argc, argv, /*needsDevice=*/true);
}
#include "tst_cuda.moc"
