#include "bench/benchcli.h"
#include "bench/watchcommand.h"
#include "core/devices/deviceregistry.h"
#include "core/console/pythonconsole.h"
#include "support/benchrun.h"
#include "support/testsupport.h"
#include "support/watchtest.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

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

    void watchReplaysARecording()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("run.tkwatch");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"type":"hello","t":0,"v":1,"pid":4242,"program":"train.py","torch":"2.11.0+cu130","devices":[{"device":"cpu","name":"EPYC","total":1000},{"device":"cuda:0","name":"NVIDIA H200","total":2000}]}
{"type":"move","t":0.1,"id":1,"name":"x","from":"cpu","to":"cuda:0","bytes":24,"seconds":0.5,"file":"/u/train.py","line":12}
{"type":"memory","t":0.2,"devices":[{"device":"cuda:0","allocated":700,"reserved":800}]}
{"type":"memory","t":0.3,"devices":[{"device":"cuda:0","allocated":300,"reserved":800}]}
{"type":"step","t":0.4,"n":1,"seconds":0.4}
not json
{"type":"error","t":0.5,"kind":"device_mismatch","message":"Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!","devices":["cuda:0","cpu"],"file":"/u/train.py","line":31,"code":"y = w @ x"}
{"type":"bye","t":0.6,"exit_code":1}
)");
        f.close();
        QString out, err;
        QCOMPARE(run({"watch", "--replay", path, "--format", "json"}, &out, &err), 0);
        const QJsonObject root = QJsonDocument::fromJson(out.toUtf8()).object();
        const QJsonArray programs = root.value("programs").toArray();
        QCOMPARE(programs.size(), 1);
        const QJsonObject p = programs.at(0).toObject();
        QCOMPARE(p.value("pid").toInt(), 4242);
        QCOMPARE(p.value("torch").toString(), QString("2.11.0+cu130"));
        QCOMPARE(p.value("state").toString(), QString("ended"));
        QCOMPARE(p.value("exit_code").toInt(), 1);
        const QJsonObject move = p.value("moves").toArray().at(0).toObject();
        QCOMPARE(move.value("name").toString(), QString("x"));
        QCOMPARE(move.value("to").toString(), QString("cuda:0"));
        QCOMPARE(move.value("bytes").toInt(), 24);
        QCOMPARE(move.value("line").toInt(), 12);
        const QJsonObject error = p.value("errors").toArray().at(0).toObject();
        QCOMPARE(error.value("kind").toString(), QString("device-mismatch"));
        QCOMPARE(error.value("devices").toArray(), (QJsonArray{"cuda:0", "cpu"}));
        QCOMPARE(error.value("line").toInt(), 31);
        QCOMPARE(p.value("peak_memory").toObject().value("cuda:0").toInt(), 700);
        QCOMPARE(p.value("steps").toInt(), 1);
        QCOMPARE(p.value("counters").toObject().value("malformed").toInt(), 1);
        QVERIFY(p.value("rank").isNull() && p.value("world_size").isNull() && p.value("job").isNull());
        QCOMPARE(root.value("file").toString(), path);

        // Not a recording: refused with the reason, like load.
        const QString bad = dir.filePath("bad.tkwatch");
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("garbage\n");
        b.close();
        QCOMPARE(run({"watch", "--replay", bad}, &out, &err), 3);
        QVERIFY(out.contains("refused"));
        QCOMPARE(run({"watch", "--replay", dir.filePath("missing")}, &out, &err), 3);
        QCOMPARE(run({"watch", "--listen", "--replay", bad}, &out, &err), 2);
        QCOMPARE(run({"watch", "--listen", "--programs", "0"}, &out, &err), 2);
        QCOMPARE(run({"watch", "--replay", bad, "--speed", "-1"}, &out, &err), 2);
    }

    // A long run: its JSON lists the latest moves and collectives (WatchCommand::kListed) and
    // counts every move, step, wait and collective, kept or not.
    void watchCountsALongRunWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("long.tkwatch");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"type":"hello","t":0,"v":1,"pid":7,"program":"long.py","torch":"2.14.1"})"
                "\n");
        const int n = tk::WatchCommand::kListed + 300;
        for (int i = 0; i < n; ++i) {
            const double t = 0.001 * (i + 1);
            f.write(
                QStringLiteral(
                    R"({"type":"data_wait","t":%1,"seconds":0.0001,"batch":%2})"
                    "\n"
                    R"({"type":"move","t":%1,"id":%2,"name":"xb","from":"cpu","to":"meta","bytes":64,"seconds":0.00001})"
                    "\n"
                    R"({"type":"collective","t":%1,"op":"all_reduce","seconds":0.0001,"bytes":64})"
                    "\n"
                    R"({"type":"step","t":%1,"n":%3,"seconds":0.001})"
                    "\n")
                    .arg(t)
                    .arg(i)
                    .arg(i + 1)
                    .toUtf8());
        }
        f.write(R"({"type":"bye","t":9,"exit_code":0})"
                "\n");
        f.close();
        QString out, err;
        QCOMPARE(run({"watch", "--replay", path, "--format", "json"}, &out, &err), 0);
        const QJsonObject p
            = QJsonDocument::fromJson(out.toUtf8()).object().value("programs").toArray().at(0).toObject();
        const QJsonArray moves = p.value("moves").toArray();
        QCOMPARE(moves.size(), tk::WatchCommand::kListed);
        QCOMPARE(moves.last().toObject().value("id").toInt(), n - 1); // the latest
        QCOMPARE(moves.first().toObject().value("id").toInt(), n - tk::WatchCommand::kListed);
        QCOMPARE(p.value("move_count").toInt(), n);
        QCOMPARE(p.value("steps").toInt(), n);
        QCOMPARE(p.value("data_waits").toInt(), n);
        QCOMPARE(p.value("collectives").toArray().size(), tk::WatchCommand::kListed);
        QCOMPARE(p.value("collective_count").toInt(), n);
    }

    void watchReplaysEveryRankOfAJob()
    {
        // A job's ranks are one recording each: given together, every program is printed, with
        // its rank, local rank, world size and job, as the app's job tab shows them.
        QTemporaryDir dir;
        QStringList files;
        for (int rank : {0, 1}) {
            files << dir.filePath(QStringLiteral("run.rank%1.tkwatch").arg(rank));
            QFile f(files.last());
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(
                QStringLiteral(
                    R"({"type":"hello","t":0,"v":1,"pid":%1,"program":"train.py","rank":%2,"local_rank":%2,"world_size":2,"backend":"gloo","group":"7-29500","device":"cpu"})"
                    "\n"
                    R"({"type":"step","t":0.4,"n":1,"seconds":0.4,"rank":%2})"
                    "\n"
                    R"({"type":"bye","t":0.6,"exit_code":0})"
                    "\n")
                    .arg(100 + rank)
                    .arg(rank)
                    .toUtf8());
        }
        QString out, err;
        QCOMPARE(run({"watch", "--replay", files[0], "--replay", files[1], "--format", "json"}, &out, &err), 0);
        const QJsonObject root = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(root.value("files").toArray(), (QJsonArray{files[0], files[1]}));
        const QJsonArray programs = root.value("programs").toArray();
        QCOMPARE(programs.size(), 2);
        for (int rank : {0, 1}) {
            const QJsonObject p = programs.at(rank).toObject();
            QCOMPARE(p.value("pid").toInt(), 100 + rank);
            QCOMPARE(p.value("rank").toInt(), rank);
            QCOMPARE(p.value("local_rank").toInt(), rank);
            QCOMPARE(p.value("world_size").toInt(), 2);
            QCOMPARE(p.value("job").toString(), QStringLiteral("7-29500"));
            QCOMPARE(p.value("backend").toString(), QStringLiteral("gloo"));
        }
    }

    void watchListens()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("w.sock");
        QLocalSocket client;
        // The command runs its own event loop: the program connects from inside it.
        QTimer::singleShot(200, this, [&] {
            client.connectToServer(path);
            client.write(
                QStringLiteral(R"({"type":"hello","t":0,"v":1,"pid":%1,"program":"p.py","devices":[{"device":"cpu"}]})"
                               "\n"
                               R"({"type":"move","t":0.1,"id":1,"name":"w","from":"cpu","to":"meta","bytes":8})"
                               "\n"
                               R"({"type":"bye","t":0.2,"exit_code":0})"
                               "\n")
                    .arg(QCoreApplication::applicationPid())
                    .toUtf8());
        });
        QString out, err;
        QCOMPARE(run({"watch", "--listen", "--socket", path, "--timeout", "20", "--format", "json"}, &out, &err), 0);
        const QJsonObject root = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(root.value("timed_out").toBool(), false);
        const QJsonObject p = root.value("programs").toArray().at(0).toObject();
        QCOMPARE(p.value("program").toString(), QString("p.py"));
        QCOMPARE(p.value("moves").toArray().at(0).toObject().value("name").toString(), QString("w"));
        QVERIFY(!QFileInfo::exists(path)); // the socket went with the command
        // Nobody comes: the timeout ends it with 1, and the (empty) list is still printed.
        out.clear();
        err.clear();
        QCOMPARE(run({"watch", "--listen", "--socket", path, "--timeout", "0.3", "--format", "json"}, &out, &err), 1);
        QCOMPARE(QJsonDocument::fromJson(out.toUtf8()).object().value("timed_out").toBool(), true);
    }

    // The headless twin against what real PyTorch did: the source texts' scripts recorded by
    // the package in python/, then replayed. Names, devices, bytes, lines and the error are
    // those of the scripts' own code.
    void watchReplaysWhatRealProgramsDid()
    {
        const QString python = testsupport::torchPython();
        if (python.isEmpty())
            QSKIP("no Python with torch here");
        QTemporaryDir dir;
        QString log;
        auto replay = [&](const QString &script) {
            const QString rec = testsupport::recordScript(python, script, dir.path(), &log);
            QString out, err;
            if (rec.isEmpty() || run({"watch", "--replay", rec, "--format", "json"}, &out, &err) != 0)
                return QJsonObject();
            return QJsonDocument::fromJson(out.toUtf8()).object().value("programs").toArray().at(0).toObject();
        };
        // Source text 000: x = x.to(device), on line 9, 24 bytes, named x.
        QJsonObject p = replay("seed000_device.py");
        QVERIFY2(!p.isEmpty(), qPrintable(log));
        QCOMPARE(p.value("program").toString(), QString("seed000_device.py"));
        QCOMPARE(p.value("exit_code").toInt(), 0);
        QJsonArray moves = p.value("moves").toArray();
        QCOMPARE(moves.size(), 1);
        QCOMPARE(moves.at(0).toObject().value("name").toString(), QString("x"));
        QCOMPARE(moves.at(0).toObject().value("from").toString(), QString("cpu"));
        QCOMPARE(moves.at(0).toObject().value("to").toString(), QString("meta"));
        QCOMPARE(moves.at(0).toObject().value("bytes").toInt(), 24);
        QCOMPARE(moves.at(0).toObject().value("line").toInt(), 9);
        QVERIFY(p.value("errors").toArray().isEmpty());
        // Source text 003's wrong code: the data moved, the model not; the error on line 14.
        p = replay("seed003_wrong.py");
        QVERIFY2(!p.isEmpty(), qPrintable(log));
        QCOMPARE(p.value("exit_code").toInt(), 1);
        moves = p.value("moves").toArray();
        QCOMPARE(moves.size(), 1);
        QCOMPARE(moves.at(0).toObject().value("line").toInt(), 17); // x = torch.randn(3, 3).to(device)
        const QJsonArray errors = p.value("errors").toArray();
        QCOMPARE(errors.size(), 1);
        const QJsonObject e = errors.at(0).toObject();
        QCOMPARE(e.value("kind").toString(), QString("device-mismatch"));
        QCOMPARE(e.value("line").toInt(), 14);
        // PyTorch's own words, which differ between versions (1.13: "Expected all tensors to be
        // on the same device, …"; 2.x's meta kernels: "Tensor on device cpu is not on the
        // expected device meta!").
        const QString message = e.value("message").toString();
        QVERIFY2(message.contains("same device") || message.contains("expected device"), qPrintable(message));
        QStringList devices;
        for (const QJsonValue &d : e.value("devices").toArray())
            devices << d.toString();
        devices.sort();
        QCOMPARE(devices, (QStringList{"cpu", "meta"}));
        // Source text 003's DataLoader loop: 8 batches, 8 optimizer steps, no moves on a CPU.
        p = replay("seed003_dataloader.py");
        QVERIFY2(!p.isEmpty(), qPrintable(log));
        QCOMPARE(p.value("steps").toInt(), 8);
        QCOMPARE(p.value("data_waits").toInt(), 8);
        QVERIFY(p.value("moves").toArray().isEmpty());
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
