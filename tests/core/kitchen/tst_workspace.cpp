#include "core/devices/deviceregistry.h"
#include "core/kitchen/workspace.h"

#include <QTest>

using namespace tk;

namespace {
TensorSpec spec(TensorSpec::Factory f, QList<qint64> shape, const QString &name,
                const QString &dtype = QStringLiteral("float32"), const QString &device = QStringLiteral("cpu"))
{
    TensorSpec s;
    s.factory = f;
    s.shape = shape;
    s.name = name;
    s.dtype = dtype;
    s.device = device;
    s.seed = 42;
    s.fillValue = 7;
    return s;
}

QStringList names(const Workspace &w)
{
    QStringList list;
    for (const CardInfo &c : w.cards())
        list << c.name + QLatin1Char('@') + c.device;
    return list;
}
} // namespace

class TestWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { DeviceRegistry::applyThreads(); }

    void factories_data()
    {
        QTest::addColumn<int>("factory");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<bool>("ok");
        const QStringList dtypes = TensorSpec::dtypeNames();
        for (const QString &f : TensorSpec::factoryNames()) {
            for (const QString &dt : dtypes) {
                // LibTorch has no normal/uniform sampling for integers or bools; it says so.
                const bool random = f == QLatin1String("randn") || f == QLatin1String("rand");
                bool ok = !(random && (dt == QLatin1String("int64") || dt == QLatin1String("bool")));
                if (f == QLatin1String("arange") && dt == QLatin1String("bool"))
                    ok = false; // arange is not implemented for bool either
                QTest::newRow(qPrintable(f + "-" + dt)) << int(*TensorSpec::factoryFromName(f)) << dt << ok;
            }
        }
    }

    void factories()
    {
        QFETCH(int, factory);
        QFETCH(QString, dtype);
        QFETCH(bool, ok);
        Workspace w;
        const Outcome o = w.create(spec(TensorSpec::Factory(factory), {2, 3}, "x", dtype));
        QCOMPARE(o.ok(), ok);
        if (!ok) {
            QCOMPARE(o.error.kind, OpError::Kind::Dtype);
            QVERIFY(!o.error.message.isEmpty());
            QCOMPARE(w.count(), 0);
            QVERIFY(w.codeLog().lines().last().failed());
            return;
        }
        const CardInfo c = *w.card(o.cardId);
        QCOMPARE(c.name, QStringLiteral("x"));
        QCOMPARE(c.dtype, dtype);
        QCOMPARE(c.shape, (QList<qint64>{2, 3}));
        QCOMPARE(c.numel, qint64(6));
        QCOMPARE(c.bytes, 6 * TensorSpec::elementSize(dtype));
        QVERIFY(c.summary.startsWith("tensor[2, 3] n=6"));
        if (TensorSpec::Factory(factory) == TensorSpec::Factory::Ones)
            QVERIFY2(c.summary.contains(dtype == "bool" ? "true=6" : "x∈[1.000, 1.000]"), qPrintable(c.summary));
        QCOMPARE(c.heatRows, 2);
        QCOMPARE(c.heatCols, 3);
    }

    void valuesAreWhatTheFactorySays()
    {
        Workspace w;
        const CardInfo ones = *w.card(w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId);
        QCOMPARE(ones.summary, QStringLiteral("tensor[2, 3] n=6 (24 bytes) x∈[1.000, 1.000] μ=1.000 σ=0. cpu"));
        const CardInfo full = *w.card(w.create(spec(TensorSpec::Factory::Full, {4}, "f")).cardId);
        QCOMPARE(full.min, 7.0);
        QCOMPARE(full.max, 7.0);
        const CardInfo ar = *w.card(w.create(spec(TensorSpec::Factory::Arange, {2, 3}, "a", "int64")).cardId);
        QCOMPARE(ar.min, 0.0);
        QCOMPARE(ar.max, 5.0);
        QCOMPARE(ar.mean, 2.5);
        QVERIFY(ar.summary.contains(" i64 "));
        // Seeded: the same seed gives the same numbers.
        const CardInfo r1 = *w.card(w.create(spec(TensorSpec::Factory::Randn, {100}, "r1")).cardId);
        const CardInfo r2 = *w.card(w.create(spec(TensorSpec::Factory::Randn, {100}, "r2")).cardId);
        QCOMPARE(r1.mean, r2.mean);
        QCOMPARE(r1.std, r2.std);
        QVERIFY(r1.min < 0 && r1.max > 0);
        const CardInfo u = *w.card(w.create(spec(TensorSpec::Factory::Rand, {1000}, "u")).cardId);
        QVERIFY(u.min >= 0 && u.max < 1);
    }

    void nonFiniteFlags()
    {
        Workspace w;
        TensorSpec s = spec(TensorSpec::Factory::Full, {3}, "n");
        s.fillValue = std::nan("");
        const CardInfo n = *w.card(w.create(s).cardId);
        QVERIFY(n.hasNan);
        QVERIFY(n.summary.contains("NaN!"));
        s.fillValue = std::numeric_limits<double>::infinity();
        s.name = "p";
        const CardInfo p = *w.card(w.create(s).cardId);
        QVERIFY(p.hasPosInf && !p.hasNegInf);
        QVERIFY(p.summary.contains("+Inf!"));
    }

    void badInputChangesNothing_data()
    {
        QTest::addColumn<QString>("what");
        QTest::newRow("unknown dtype") << "dtype";
        QTest::newRow("bad name") << "name";
        QTest::newRow("duplicate name") << "dup";
        QTest::newRow("zero size") << "zero";
        QTest::newRow("unknown device") << "device";
        QTest::newRow("absent gpu") << "cuda9";
        QTest::newRow("beyond memory") << "huge";
        QTest::newRow("deleted card") << "deleted";
    }

    void badInputChangesNothing()
    {
        QFETCH(QString, what);
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const int gone = w.create(spec(TensorSpec::Factory::Ones, {2}, "gone")).cardId;
        QVERIFY(w.remove(gone).ok());
        const QStringList before = names(w);
        const int logBefore = w.codeLog().lines().size();
        Outcome o;
        if (what == "dtype")
            o = w.create(spec(TensorSpec::Factory::Ones, {2}, "y", "float8"));
        else if (what == "name")
            o = w.create(spec(TensorSpec::Factory::Ones, {2}, "2y"));
        else if (what == "dup")
            o = w.create(spec(TensorSpec::Factory::Ones, {2}, "x"));
        else if (what == "zero")
            o = w.create(spec(TensorSpec::Factory::Ones, {0, 2}, "y"));
        else if (what == "device")
            o = w.create(spec(TensorSpec::Factory::Ones, {2}, "y", "float32", "tpu"));
        else if (what == "cuda9")
            o = w.transfer(x, "cuda:9", TransferMeaning::Reassign);
        else if (what == "huge")
            o = w.create(spec(TensorSpec::Factory::Zeros, {1 << 20, 1 << 20}, "y"));
        else if (what == "deleted")
            o = w.combine(Operation::Add, x, gone);
        QVERIFY(!o.ok());
        QVERIFY(!o.error.message.isEmpty());
        if (what == "huge") {
            QCOMPARE(o.error.kind, OpError::Kind::OutOfMemory);
            QVERIFY(o.error.refusedBeforeAllocation);
            QVERIFY(o.error.message.contains("Refused before allocating"));
            // The refusal is written into the script as a comment, never run.
            QVERIFY(w.codeLog().lines().last().refused);
        } else {
            QCOMPARE(o.error.kind, OpError::Kind::InvalidInput);
            QCOMPARE(w.codeLog().lines().size(), logBefore);
        }
        QCOMPARE(names(w), before);
    }

    void reassignMovesTheName()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const int oldStorage = w.card(x)->storageId;
        const Outcome o = w.transfer(x, "meta", TransferMeaning::Reassign);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(names(w), QStringList{"x@meta"});
        QCOMPARE(o.move().kitchen.resultId, x);
        QCOMPARE(o.move().fromDevice, QStringLiteral("cpu"));
        QCOMPARE(o.move().toDevice, QStringLiteral("meta"));
        QVERIFY(!o.move().sameStorage);
        QVERIFY(o.move().kitchen.oldReleased);
        QCOMPARE(o.move().bytes, qint64(24));
        // A meta tensor has no values: the move is said to carry shapes only, never a speed.
        QVERIFY(o.move().shapesOnly());
        QVERIFY2(o.move().describe().contains("shapes only, no data moved"), qPrintable(o.move().describe()));
        QVERIFY2(!o.move().describe().contains("GB/s"), qPrintable(o.move().describe()));
        QVERIFY(w.card(x)->storageId != oldStorage);
        QVERIFY(w.card(x)->summary.contains("meta"));
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("x = x.to(\"meta\")"));
        QCOMPARE(w.bytesOn("cpu"), qint64(0));
    }

    void reassignKeepsStorageHeldElsewhere()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const int y = w.transfer(x, "cpu", TransferMeaning::NewName, "y").cardId; // same storage
        const Outcome o = w.transfer(x, "meta", TransferMeaning::Reassign);
        QVERIFY(o.ok());
        QVERIFY(!o.move().kitchen.oldReleased); // y still holds it
        QCOMPARE(w.card(y)->device, QStringLiteral("cpu"));
    }

    void newNameKeepsBoth()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const Outcome o = w.transfer(x, "meta", TransferMeaning::NewName, "y");
        QVERIFY(o.ok());
        QCOMPARE(names(w), (QStringList{"x@cpu", "y@meta"}));
        QVERIFY(w.card(x)->storageId != w.card(o.cardId)->storageId);
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("y = x.to(\"meta\")"));
        // Without a name the workspace picks one that says where it went.
        const Outcome auto_ = w.transfer(x, "meta", TransferMeaning::NewName);
        QCOMPARE(w.card(auto_.cardId)->name, QStringLiteral("x_meta"));
    }

    void discardLeavesXWhereItWas()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const QStringList before = names(w);
        const int storage = w.card(x)->storageId;
        const Outcome o = w.transfer(x, "meta", TransferMeaning::Discard);
        QVERIFY(o.ok());
        QCOMPARE(names(w), before);
        QCOMPARE(w.card(x)->storageId, storage);
        QCOMPARE(o.move().kitchen.resultId, -1);
        QVERIFY(!o.move().sameStorage); // a copy was made…
        QVERIFY(o.move().describe().contains("stayed on cpu")); // …and dropped
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("x.to(\"meta\")"));
    }

    void sameDeviceKeepsStorage()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Randn, {4, 4}, "x")).cardId;
        const Outcome o = w.transfer(x, "cpu", TransferMeaning::NewName, "y");
        QVERIFY(o.move().sameStorage);
        QCOMPARE(w.card(o.cardId)->storageId, w.card(x)->storageId);
        QCOMPARE(w.bytesOn("cpu"), qint64(64)); // one storage, counted once
    }

    void idiomFallsBackToCpu()
    {
        if (DeviceRegistry::buildFacts().cudaDeviceCount > 0)
            QSKIP("This machine has a GPU: the idiom picks cuda:0.");
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const Outcome o = w.transfer(x, "cuda", TransferMeaning::Reassign);
        QVERIFY(o.ok());
        QVERIFY(o.move().idiomFallback);
        QCOMPARE(o.move().requestedDevice, QStringLiteral("cuda"));
        QCOMPARE(o.move().origin, MoveOrigin::Kitchen);
        QCOMPARE(o.move().timing, QStringLiteral("synchronised")); // MovePath::timed
        QVERIFY(o.move().sameStorage); // x.to("cpu") is x itself
        QCOMPARE(o.move().toDevice, QStringLiteral("cpu"));
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("x = x.to(device)"));
        QCOMPARE(names(w), QStringList{"x@cpu"});
    }

    void operations()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const int y = w.create(spec(TensorSpec::Factory::Full, {2, 3}, "y")).cardId;
        const int m = w.create(spec(TensorSpec::Factory::Ones, {3, 4}, "m")).cardId;
        Outcome o = w.combine(Operation::Add, x, y);
        QVERIFY(o.ok());
        QCOMPARE(w.card(o.cardId)->name, QStringLiteral("z"));
        QCOMPARE(w.card(o.cardId)->min, 8.0);
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("z = x + y"));
        o = w.combine(Operation::Mul, x, y, "p");
        QCOMPARE(w.card(o.cardId)->max, 7.0);
        o = w.combine(Operation::Matmul, x, m, "q");
        QVERIFY(o.ok());
        QCOMPARE(w.card(o.cardId)->shape, (QList<qint64>{2, 4}));
        QCOMPARE(w.card(o.cardId)->max, 3.0);
        o = w.combine(Operation::Cat, x, y, "c");
        QCOMPARE(w.card(o.cardId)->shape, (QList<qint64>{4, 3}));
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("c = torch.cat([x, y])"));
    }

    void mismatchWordingsOfBothVersionsAreRecognised()
    {
        // Classified by stable fragments, so that 1.13's, 2.x's and Python's wordings all open
        // the device dialog, and a shape error stays a shape error.
        QCOMPARE(OpError::classify("Expected all tensors to be on the same device, but found at least "
                                   "two devices, cuda:0 and cpu!"),
                 OpError::Kind::DeviceMismatch);
        QCOMPARE(OpError::classify("Expected all tensors to be on the same device, but got mat2 is on "
                                   "meta, different from other tensors on cpu (when checking argument "
                                   "in method wrapper_CUDA_mm)"),
                 OpError::Kind::DeviceMismatch);
        QCOMPARE(OpError::classify("Tensor on device meta is not on the expected device cpu!"),
                 OpError::Kind::DeviceMismatch);
        QCOMPARE(OpError::classify("mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"), OpError::Kind::Shape);
    }

    void deviceMismatchIsLibTorchsOwnError()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const int y = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "y", "float32", "meta")).cardId;
        const int before = w.count();
        const Outcome o = w.combine(Operation::Add, x, y);
        QVERIFY(!o.ok());
        QCOMPARE(o.error.kind, OpError::Kind::DeviceMismatch);
        QVERIFY2(o.error.message.startsWith("Expected all tensors to be on the same device"),
                 qPrintable(o.error.message));
        QVERIFY(!o.error.message.contains("Exception raised from")); // no C++ backtrace
        QCOMPARE(o.error.devices, (QStringList{"cpu", "meta"}));
        QCOMPARE(o.error.codeLine, QStringLiteral("z = x + y"));
        QCOMPARE(w.count(), before);
        const CodeLine last = w.codeLog().lines().last();
        QCOMPARE(last.errorType, QStringLiteral("RuntimeError"));
        QVERIFY(last.display().startsWith("z = x + y  # RuntimeError: Expected all tensors"));
        // A meta tensor has no values to copy back, and LibTorch says so…
        const Outcome back = w.transfer(y, "cpu", TransferMeaning::Reassign);
        QVERIFY(!back.ok());
        QVERIFY2(back.error.message.contains("meta"), qPrintable(back.error.message));
        QCOMPARE(w.card(y)->device, QStringLiteral("meta"));
        // …so the fix that works is the other way: move x to y's device and retry.
        QVERIFY(w.transfer(x, "meta", TransferMeaning::Reassign).ok());
        const Outcome retry = w.combine(Operation::Add, x, y);
        QVERIFY(retry.ok());
        QCOMPARE(w.card(retry.cardId)->device, QStringLiteral("meta"));
    }

    void shapeError()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "x")).cardId;
        const int y = w.create(spec(TensorSpec::Factory::Ones, {2, 3}, "y")).cardId;
        const Outcome o = w.combine(Operation::Matmul, x, y);
        QVERIFY(!o.ok());
        QCOMPARE(o.error.kind, OpError::Kind::Shape);
        QCOMPARE(w.count(), 2);
        const int v = w.create(spec(TensorSpec::Factory::Ones, {4}, "v")).cardId;
        QCOMPARE(w.combine(Operation::Add, x, v).error.kind, OpError::Kind::Shape);
    }

    void resultBeyondMemoryIsRefused()
    {
        // An outer product (N×1 @ 1×N) is small in and enormous out: 4 TiB here.
        Workspace w;
        const qint64 n = 1 << 20;
        const int a = w.create(spec(TensorSpec::Factory::Ones, {n, 1}, "a")).cardId;
        const int b = w.create(spec(TensorSpec::Factory::Ones, {1, n}, "b")).cardId;
        const Outcome o = w.combine(Operation::Matmul, a, b);
        QVERIFY(!o.ok());
        QVERIFY(o.error.refusedBeforeAllocation);
        QCOMPARE(o.error.kind, OpError::Kind::OutOfMemory);
        QCOMPARE(w.count(), 2);
    }

    void modelMovesInPlace()
    {
        Workspace w;
        const int m = w.createModel(64, 2).cardId;
        const int opt = w.createOptimizer(m).cardId;
        const int loss = w.createLoss().cardId;
        QCOMPARE(w.card(m)->kind, QStringLiteral("model"));
        QCOMPARE(w.card(m)->numel, qint64(2 * 64 + 64 + 64 * 64 + 64 + 64 * 2 + 2));
        QVERIFY(w.bytesOn("cpu") > 0);
        const QList<quintptr> before = w.parameterKeys(m);
        const int storage = w.card(m)->storageId;
        const bool gpu = DeviceRegistry::buildFacts().cudaDeviceCount > 0;
        const QString target = gpu ? QStringLiteral("cuda:0") : QStringLiteral("cpu");
        const Outcome o = w.transfer(m, target, TransferMeaning::NewName);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QVERIFY(o.move().inPlace);
        QCOMPARE(o.move().timing, QStringLiteral("synchronised")); // Module::to in MovePath::timed
        QCOMPARE(w.count(), 3); // no second model card
        QCOMPARE(w.parameterKeys(m), before); // the same Parameter objects…
        QCOMPARE(w.card(m)->device, target); // …now on the target
        QCOMPARE(w.card(m)->storageId, storage); // one object, one mark
        if (gpu)
            QCOMPARE(w.bytesOn("cpu"), qint64(0)); // nothing left behind
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("model.to(\"%1\")").arg(target));
        // The optimizer follows the model's parameters; it is never moved itself.
        QCOMPARE(w.card(opt)->device, target);
        const int lines = w.codeLog().lines().size();
        for (int id : {opt, loss}) {
            const Outcome none = w.transfer(id, "meta", TransferMeaning::Reassign);
            QVERIFY(none.ok());
            QVERIFY(none.move().kitchen.noMoveNeeded);
            QVERIFY(none.move().timing.isEmpty()); // nothing was timed
            QVERIFY(none.move().describe().contains("needs no .to()"));
        }
        QCOMPARE(w.codeLog().lines().size(), lines); // Python's optimizers have no .to()
    }

    void forgettingToMoveTheModel()
    {
        Workspace w;
        const int m = w.createModel(16, 1).cardId;
        const int x = w.create(spec(TensorSpec::Factory::Randn, {8, 2}, "x")).cardId;
        const Outcome ok = w.combine(Operation::Forward, m, x);
        QVERIFY2(ok.ok(), qPrintable(ok.error.message));
        QCOMPARE(w.card(ok.cardId)->shape, (QList<qint64>{8, 2}));
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("out = model(x)"));
        // The data went to another device, the model did not.
        QVERIFY(w.transfer(x, "meta", TransferMeaning::Reassign).ok());
        const Outcome bad = w.combine(Operation::Forward, m, x, "y");
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error.kind == OpError::Kind::DeviceMismatch, qPrintable(bad.error.message));
        QVERIFY2(bad.error.message.startsWith("Expected all tensors to be on the same device"),
                 qPrintable(bad.error.message));
        QCOMPARE(bad.error.codeLine, QStringLiteral("y = model(x)"));
        QCOMPARE(bad.error.devices, (QStringList{"cpu", "meta"}));
        // A model is not a tensor.
        QCOMPARE(w.combine(Operation::Add, m, x).error.kind, OpError::Kind::InvalidInput);

        // The fix lesson 4 offers without a GPU: the model follows the data to meta, as
        // model.to("meta") in Python: new parameters with shapes and no values, the CPU's
        // released; undo brings back the old ones with their values.
        const QList<quintptr> before = w.parameterKeys(m);
        const qint64 cpuBefore = w.bytesOn("cpu");
        w.beginAction(); // as the kitchen's worker brackets each request
        const Outcome moved = w.transfer(m, "meta", TransferMeaning::Reassign);
        QVERIFY(w.endAction(moved.ok()));
        QVERIFY2(moved.ok(), qPrintable(moved.error.message));
        QCOMPARE(w.card(m)->device, QStringLiteral("meta"));
        QVERIFY(w.parameterKeys(m) != before);
        QCOMPARE(w.bytesOn("cpu"), w.card(ok.cardId)->bytes); // only the first out is left there
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("model.to(\"meta\")"));
        w.beginAction();
        const Outcome retried = w.combine(Operation::Forward, m, x, "y");
        QVERIFY(w.endAction(retried.ok()));
        QVERIFY2(retried.ok(), qPrintable(retried.error.message));
        QCOMPARE(w.card(retried.cardId)->device, QStringLiteral("meta"));
        QCOMPARE(w.card(retried.cardId)->shape, (QList<qint64>{8, 2}));
        QVERIFY(w.undo() && w.undo());
        QCOMPARE(w.card(m)->device, QStringLiteral("cpu"));
        QCOMPARE(w.bytesOn("cpu"), cpuBefore);
        QVERIFY(w.redo()); // and again to meta, from the snapshot's copy
        QCOMPARE(w.card(m)->device, QStringLiteral("meta"));
    }

    void renameCloneRemove()
    {
        Workspace w;
        const int x = w.create(spec(TensorSpec::Factory::Ones, {2}, "x")).cardId;
        QVERIFY(w.rename(x, "weights").ok());
        QCOMPARE(w.card(x)->name, QStringLiteral("weights"));
        QCOMPARE(w.codeLog().lines().last().code, QStringLiteral("weights = x; del x"));
        const Outcome c = w.clone(x);
        QVERIFY(c.ok());
        QCOMPARE(w.card(c.cardId)->name, QStringLiteral("weights_copy"));
        QVERIFY(w.card(c.cardId)->storageId != w.card(x)->storageId); // clone = new storage
        QCOMPARE(w.bytesOn("cpu"), qint64(16));
        QVERIFY(w.remove(x).ok());
        QCOMPARE(w.bytesOn("cpu"), qint64(8));
        QVERIFY(!w.remove(x).ok());
        QVERIFY(!w.rename(c.cardId, "for").ok());
    }
};

QTEST_GUILESS_MAIN(TestWorkspace)
#include "tst_workspace.moc"
