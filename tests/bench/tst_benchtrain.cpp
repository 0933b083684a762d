// tensor-kitchen-bench train: the C++ lane's receipt, the Python lane beside it, the DDP lane and
// its sweep, and every refusal before anything starts. Runs the CLI in this process.
#include "support/benchrun.h"
#include "support/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <cmath>

using namespace tk;

class TestBenchTrain : public QObject
{
    Q_OBJECT

private:
    int run(const QStringList &args, QString *out, QString *err) { return testsupport::runBench(args, out, err); }

private Q_SLOTS:
    void trainRejectsOutOfRangeNumbers()
    {
        // Found by fuzz_benchcli: a width beyond int's range is refused, not cast from double (UB).
        QString out, err;
        QCOMPARE(run({"train", "--width", "0222222222222222222222222222222222222222"}, &out, &err), 2);
        QVERIFY(err.contains("--width"));
        QCOMPARE(run({"train", "--steps", "2.5"}, &out, &err), 2);
        QCOMPARE(run({"train", "--lr", "-1"}, &out, &err), 2);
        QCOMPARE(run({"train", "--threads", "100000"}, &out, &err), 2);
        QCOMPARE(run({"train", "--steps", "3", "--width", "8", "--format", "json"}, &out, &err), 0);
        QCOMPARE(QJsonDocument::fromJson(out.toUtf8()).object().value("losses").toArray().size(), 3);
        const QJsonObject receipt = QJsonDocument::fromJson(out.toUtf8()).object().value("receipt").toObject();
        QVERIFY(receipt.value("machine_load").toObject().contains("busy"));
    }

    // The receipt names what trained: autograd + torch::optim in C++, or Python PyTorch, whose
    // losses are the C++ lane's.
    void trainNamesItsEngine()
    {
        QString out, err;
        const QStringList common{"train", "--steps", "6", "--batch", "96", "--threads", "1", "--format", "json"};
        QVERIFY2(run(common, &out, &err) == 0, qPrintable(err));
        const QJsonObject cpp = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(cpp.value("receipt").toObject().value("engine").toString(), QStringLiteral("libtorch-autograd"));
        QCOMPARE(cpp.value("receipt").toObject().value("optimizer_impl").toString(), QStringLiteral("single-tensor"));
        err.clear();
        QCOMPARE(run({"train", "--engine", "java"}, &out, &err), 2);
        QVERIFY2(err.contains("--engine"), qPrintable(err));
        err.clear();
        QCOMPARE(run({"train", "--engine", "python", "--placement", "preload"}, &out, &err), 2);
        QVERIFY2(err.contains("per-batch"), qPrintable(err));
        if (testsupport::torchPython().isEmpty())
            QSKIP("TK_PYTHON has no torch: the Python lane cannot run here");
        out.clear();
        err.clear();
        QVERIFY2(run(QStringList(common) << "--engine"
                                         << "python",
                     &out, &err)
                     == 0,
                 qPrintable(err));
        const QJsonObject py = QJsonDocument::fromJson(out.toUtf8()).object();
        const QJsonObject receipt = py.value("receipt").toObject();
        QCOMPARE(receipt.value("engine").toString(), QStringLiteral("python"));
        QCOMPARE(receipt.value("optimizer_impl").toString(), QStringLiteral("single-tensor"));
        QCOMPARE(receipt.value("placement").toString(), QStringLiteral("per-batch"));
        QCOMPARE(py.value("backend").toString(), QStringLiteral("none"));
        const QJsonArray a = cpp.value("losses").toArray(), b = py.value("losses").toArray();
        QCOMPARE(b.size(), a.size());
        for (int i = 0; i < a.size(); ++i) // the same training: the race shows 4 digits
            QVERIFY2(std::abs(a[i].toDouble() - b[i].toDouble()) <= 1e-6 * std::abs(a[i].toDouble()),
                     qPrintable(QString("step %1: %2 vs %3")
                                    .arg(i + 1)
                                    .arg(a[i].toDouble(), 0, 'g', 9)
                                    .arg(b[i].toDouble(), 0, 'g', 9)));
        QVERIFY(py.value("step_median_s").toDouble() > 0);
    }

    // The DDP lane (issue #23): refused before any process starts, with the reason.
    void trainDdpRejectsBadInput()
    {
        QString out, err;
        QCOMPARE(run({"train", "--placement", "ddp", "--ranks", "9"}, &out, &err), 2);
        QVERIFY2(err.contains("1 to 8"), qPrintable(err));
        err.clear();
        QCOMPARE(run({"train", "--placement", "ddp", "--ranks", "3", "--batch", "128"}, &out, &err), 2);
        QVERIFY2(
            err.contains("The global batch 128 does not split evenly over 3 ranks: use a multiple of 3 (126 or 129)."),
            qPrintable(err));
        err.clear();
        QCOMPARE(run({"train", "--placement", "ddp", "--ranks", "zwei"}, &out, &err), 2);
        QVERIFY2(err.contains("--ranks"), qPrintable(err));
        err.clear();
        QCOMPARE(run({"train", "--placement", "ddp", "--port", "70000"}, &out, &err), 2);
        QVERIFY2(err.contains("--port"), qPrintable(err));
        err.clear();
        QCOMPARE(run({"train", "--sweep-ranks", "1,x"}, &out, &err), 2);
        QVERIFY2(err.contains("--sweep-ranks"), qPrintable(err));
        err.clear();
        QCOMPARE(run({"train", "--sweep-ranks", "1,2,16"}, &out, &err), 2);
        QVERIFY2(err.contains("1 to 8"), qPrintable(err));
        err.clear();
        QCOMPARE(run({"train", "--placement", "ddp", "--device", "meta"}, &out, &err), 2);
        QVERIFY2(err.contains("meta"), qPrintable(err));
        QVERIFY(out.isEmpty());
    }

    void trainDdpReportsRanksAndAllreduce()
    {
        if (testsupport::torchPython().isEmpty())
            QSKIP("TK_PYTHON has no torch: the DDP lane cannot run here");
        QString out, err;
        QVERIFY2(
            run({"train", "--placement", "ddp", "--ranks", "2", "--batch", "96", "--steps", "8", "--format", "json"},
                &out, &err)
                == 0,
            qPrintable(err));
        const QJsonObject o = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(o.value("ranks").toInt(), 2);
        QCOMPARE(o.value("backend").toString(), QStringLiteral("gloo"));
        QCOMPARE(o.value("losses").toArray().size(), 8);
        QVERIFY(o.value("allreduce_s").toDouble() > 0);
        QVERIFY(o.value("allreduce_bytes").toDouble() > 0);
        QVERIFY(o.value("samples_per_s").toDouble() > 0);
        QCOMPARE(o.value("rank_step_s").toArray().size(), 2);
        QCOMPARE(o.value("rank_allreduce_s").toArray().size(), 2);
        for (const QJsonValue &v : o.value("rank_step_s").toArray())
            QVERIFY(v.toDouble() > 0);
        QCOMPARE(o.value("receipt").toObject().value("placement").toString(), QStringLiteral("ddp"));
        out.clear();
        QVERIFY2(run({"train", "--placement", "ddp", "--ranks", "1", "--batch", "96", "--steps", "4"}, &out, &err) == 0,
                 qPrintable(err));
        QVERIFY2(out.contains("DDP × 1 · CPU") && out.contains("gloo: all-reduce"), qPrintable(out));
        out.clear();
        QVERIFY2(run({"train", "--sweep-ranks", "1,2", "--batch", "96", "--steps", "4", "--format", "json"}, &out, &err)
                     == 0,
                 qPrintable(err));
        const QJsonArray sweep = QJsonDocument::fromJson(out.toUtf8()).object().value("sweep").toArray();
        QCOMPARE(sweep.size(), 2);
        QCOMPARE(sweep.at(1).toObject().value("ranks").toInt(), 2);
        QVERIFY(sweep.at(1).toObject().value("samples_per_s").toDouble() > 0);
    }
};

QTEST_GUILESS_MAIN(TestBenchTrain)
#include "tst_benchtrain.moc"
