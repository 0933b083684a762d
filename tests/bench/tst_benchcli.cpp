#include "bench/benchcli.h"
#include "core/devices/deviceregistry.h"
#include "core/console/pythonconsole.h"
#include "support/benchrun.h"
#include "support/testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tk;

class TestBenchCli : public QObject
{
    Q_OBJECT

private:
    int run(const QStringList &args, QString *out, QString *err) { return testsupport::runBench(args, out, err); }

private Q_SLOTS:
    void runIsTheConsolesHeadlessTwin()
    {
        if (!PythonConsole::builtIn())
            QSKIP("this build has no PyTorch console");
        QTemporaryDir dir;
        QFile f(dir.filePath("moves.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x = torch.randn(3, 4)\n"
                "x.to('meta')\n" // thrown away: a move, no card
                "w = torch.ones(3, 4).to('meta')\n"
                "print('before the mistake')\n"
                "z = x + w\n" // cpu + meta
                "never = 1\n");
        f.close();
        QString out, err;
        QCOMPARE(run({"run", f.fileName(), "--format", "json"}, &out, &err), 1); // it raised
        const QJsonObject root = QJsonDocument::fromJson(out.toUtf8()).object();
        const QJsonArray cards = root.value("cards").toArray();
        QCOMPARE(cards.size(), 2); // x and w, as they were when it raised
        const QJsonObject x = cards.at(0).toObject();
        QCOMPARE(x.value("name").toString(), QStringLiteral("x"));
        QCOMPARE(x.value("kind").toString(), QStringLiteral("tensor"));
        QCOMPARE(x.value("shape").toArray(), (QJsonArray{3, 4}));
        QCOMPARE(x.value("dtype").toString(), QStringLiteral("float32"));
        QCOMPARE(x.value("device").toString(), QStringLiteral("cpu"));
        QVERIFY(x.value("storage").toInt() > 0);
        QCOMPARE(cards.at(1).toObject().value("device").toString(), QStringLiteral("meta"));
        const QJsonArray events = root.value("events").toArray();
        QCOMPARE(events.size(), 3);
        const QJsonObject discard = events.at(0).toObject();
        QCOMPARE(discard.value("type").toString(), QStringLiteral("move"));
        QCOMPARE(discard.value("name").toString(), QStringLiteral("x"));
        QCOMPARE(discard.value("from").toString(), QStringLiteral("cpu"));
        QCOMPARE(discard.value("to").toString(), QStringLiteral("meta"));
        QCOMPARE(discard.value("bytes").toDouble(), 48.0);
        QVERIFY(discard.value("seconds").toDouble() >= 0);
        const QJsonObject error = events.at(2).toObject();
        QCOMPARE(error.value("type").toString(), QStringLiteral("error"));
        QCOMPARE(error.value("kind").toString(), QStringLiteral("device-mismatch"));
        QCOMPARE(error.value("line").toInt(), 5);
        QVERIFY(!error.value("text").toString().isEmpty());
        QVERIFY(root.value("output").toString().contains("before the mistake"));

        QVERIFY(!root.value("output").toString().contains("Traceback")); // python3 prints it on stderr
        QVERIFY(error.value("traceback").toString().contains("Traceback (most recent call last):"));

        // A script that does not raise exits 0. As under python3, nothing is echoed; the
        // console's own notes are `notices`, apart from the output.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("a = torch.zeros(2)\ntorch.manual_seed(0)\na.add_(1)\n1 + 2\n");
        f.close();
        out.clear();
        QCOMPARE(run({"run", f.fileName(), "--format", "json"}, &out, &err), 0);
        const QJsonObject quiet = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(quiet.value("cards").toArray().size(), 1);
        QCOMPARE(quiet.value("output").toString(), QString());
        const QJsonArray notices = quiet.value("notices").toArray();
        QCOMPARE(notices.size(), 1);
        QVERIFY(notices.at(0).toString().contains("in place"));
        // In text, the notes go to stderr, the output alone to stdout.
        out.clear();
        err.clear();
        QCOMPARE(run({"run", f.fileName()}, &out, &err), 0);
        QVERIFY2(err.contains("# Values changed in place"), qPrintable(err));
        QVERIFY(!out.contains("in place"));
        // A missing file is a bad argument.
        QCOMPARE(run({"run", dir.filePath("missing.py")}, &out, &err), 2);
    }

    void loadListsTheCardsOfARealCheckpoint()
    {
        const QString py = testsupport::torchPython();
        if (py.isEmpty())
            QSKIP("no Python with torch here: no PyTorch-written file to load");
        QTemporaryDir dir;
        QProcess p;
        p.start(py, {testsupport::fixtureWriter("cli_checkpoint.py"), dir.path()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

        QString out, err;
        QCOMPARE(run({"load", dir.filePath("ckpt.pt"), "--format", "json"}, &out, &err), 0);
        const QJsonObject root = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(root.value("file").toString(), dir.filePath("ckpt.pt"));
        QStringList names;
        QMap<QString, int> storage;
        for (const QJsonValue &v : root.value("cards").toArray()) {
            const QJsonObject c = v.toObject();
            names << c.value("name").toString();
            storage[c.value("name").toString()] = c.value("storage").toInt();
            QCOMPARE(c.value("kind").toString(), QStringLiteral("tensor"));
            QCOMPARE(c.value("dtype").toString(), QStringLiteral("float32"));
            QCOMPARE(c.value("device").toString(), QStringLiteral("cpu"));
        }
        QCOMPARE(names,
                 (QStringList{"model_0_weight", "model_0_bias", "model_2_weight", "model_2_bias", "view", "base"}));
        QCOMPARE(storage.value("view"), storage.value("base")); // a view of it: one storage
        QVERIFY(storage.value("model_0_weight") != storage.value("base"));
        QCOMPARE(root.value("cards").toArray().at(0).toObject().value("shape").toArray(), (QJsonArray{3, 2}));
        QVERIFY2(root.value("notices").toArray().at(0).toString().contains("epoch = 3"), qPrintable(out));

        // A whole pickled model: its state_dict() as cards, its class named and the fix given.
        out.clear();
        err.clear();
        QCOMPARE(run({"load", dir.filePath("module.pt"), "--format", "json"}, &out, &err), 0);
        const QJsonObject module = QJsonDocument::fromJson(out.toUtf8()).object();
        QStringList moduleCards;
        for (const QJsonValue &v : module.value("cards").toArray())
            moduleCards << v.toObject().value("name").toString();
        QCOMPARE(moduleCards, QStringList{"module"}); // a Sequential the kitchen makes: a model card
        QCOMPARE(module.value("cards").toArray().at(0).toObject().value("kind").toString(), QStringLiteral("model"));
        const QString notice = module.value("notices").toArray().at(0).toString();
        QVERIFY2(notice.contains("torch.nn.modules.container.Sequential") && notice.contains("state_dict()"),
                 qPrintable(out));
        // A file that is not there: exit code 3, the reason on stderr.
        QCOMPARE(run({"load", dir.filePath("missing.pt")}, &out, &err), 3);
        QCOMPARE(run({"load"}, &out, &err), 2); // no file named: a usage error
    }

    void devicesJson()
    {
        QString out, err;
        QCOMPARE(run({"devices", "--format", "json", "--meta"}, &out, &err), 0);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(out.toUtf8(), &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        const QJsonArray devices = doc.object().value("devices").toArray();
        QVERIFY(devices.size() >= 2);
        for (const QJsonValue &v : devices) {
            QVERIFY(!v.toObject().value("id").toString().isEmpty());
            QVERIFY(!v.toObject().value("type").toString().isEmpty());
            QVERIFY(!v.toObject().value("name").toString().isEmpty());
        }
        QCOMPARE(devices.first().toObject().value("id").toString(), QStringLiteral("cpu"));
        const QJsonObject build = doc.object().value("build").toObject();
        QVERIFY(!build.value("torch_version").toString().isEmpty());
        if (build.value("cuda_device_count").toInt() == 0)
            QVERIFY(!build.value("no_gpu_reason").toString().isEmpty());
        // The build and device count at the top, as scripts read them; this is a CUDA build
        // exactly when CMake found a CUDA LibTorch.
        const QJsonObject root = doc.object();
        QCOMPARE(root.value("cuda_build").toBool(), bool(TK_EXPECT_CUDA_BUILD));
        const int count = root.value("device_count").toInt(-1);
        QCOMPARE(count, build.value("cuda_device_count").toInt());
        int cudaRows = 0;
        for (const QJsonValue &v : devices)
            cudaRows += v.toObject().value("type").toString() == "cuda";
        QCOMPARE(cudaRows, count);
        const QString reason = root.value("no_gpu_reason").toString();
        if (count > 0)
            QCOMPARE(reason, QString());
        else
            QCOMPARE(reason,
                     TK_EXPECT_CUDA_BUILD ? QStringLiteral("no-device-found") : QStringLiteral("cpu-only-build"));
    }

    void devicesTextTellsTheNoGpuCase()
    {
        const BuildFacts f = DeviceRegistry::buildFacts();
        if (f.cudaDeviceCount > 0)
            QSKIP("device present: the text lists the GPU instead");
        QString out, err;
        QCOMPARE(run({"devices"}, &out, &err), 0);
        // The two no-GPU cases (CPU-only build, CUDA build without a device) read differently.
        QVERIFY2(out.contains(TK_EXPECT_CUDA_BUILD ? "CUDA build" : "CPU-only build"), qPrintable(out));
        QVERIFY2(out.contains(TK_EXPECT_CUDA_BUILD ? "no GPU was found" : "built without CUDA"), qPrintable(out));
        QVERIFY(out.contains("→  cpu"));
    }

    void devicesText()
    {
        QString out, err;
        QCOMPARE(run({"devices"}, &out, &err), 0);
        QVERIFY(out.contains("LibTorch"));
        QVERIFY(out.contains("cpu"));
    }

    void matmulJson()
    {
        QString out, err;
        QCOMPARE(run({"matmul", "--sizes", "32,64", "--threads", "1", "--min-run-time", "0.02", "--format", "json"},
                     &out, &err),
                 0);
        const QJsonObject root = QJsonDocument::fromJson(out.toUtf8()).object();
        QVERIFY(root.value("receipt").toObject().contains("torch_version"));
        const QJsonArray results = root.value("results").toArray();
        QCOMPARE(results.size(), 2);
        for (const char *key : {"device", "mode", "n", "dtype", "threads", "median_s", "iqr_s", "gflops", "cold_s",
                                "other_load_cores", "load_window_s"})
            QVERIFY2(results.first().toObject().contains(key), key);
        // How busy the machine was: measured where /proc/stat is, warned about only when busy.
        const QJsonObject receipt = root.value("receipt").toObject();
        const QJsonObject load = receipt.value("machine_load").toObject();
        QVERIFY(load.contains("other_load_cores"));
        QCOMPARE(receipt.contains("busy_machine_warning"), load.value("busy").toBool());
        QCOMPARE(results.at(1).toObject().value("n").toInt(), 64);
        QCOMPARE(results.at(0).toObject().value("threads").toInt(), 1);
        QVERIFY(results.at(0).toObject().value("median_s").toDouble() > 0);
    }

    void matmulRejectsBadSettings()
    {
        QString out, err;
        QCOMPARE(run({"matmul", "--sizes", "0"}, &out, &err), 2);
        QVERIFY(err.contains("at least 1"));
        QCOMPARE(run({"matmul", "--dtype", "int8"}, &out, &err), 2);
        QCOMPARE(run({"matmul", "--devices", "cuda:3"}, &out, &err), 2);
        QVERIFY(err.contains("not available"));
        QCOMPARE(run({"matmul", "--mode", "fast"}, &out, &err), 2);
        QVERIFY(out.isEmpty());
    }

    void badArguments()
    {
        QString out, err;
        QCOMPARE(run({"devices", "--format", "xml"}, &out, &err), 2);
        QVERIFY(err.contains("xml"));
        QCOMPARE(run({"juggle"}, &out, &err), 2);
        QVERIFY(err.contains("juggle"));
        QCOMPARE(run({}, &out, &err), 2);
    }
};

QTEST_GUILESS_MAIN(TestBenchCli)
#include "tst_benchcli.moc"
