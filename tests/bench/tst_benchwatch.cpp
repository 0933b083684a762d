// The headless bench CLI's `watch` command: replaying recordings (one program, a job's ranks, real
// programs' recordings, a long run counted whole) and listening on a socket.
#include "bench/benchcli.h"
#include "bench/watchcommand.h"
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

class TestBenchWatch : public QObject
{
    Q_OBJECT

private:
    int run(const QStringList &args, QString *out, QString *err) { return testsupport::runBench(args, out, err); }

private Q_SLOTS:
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
};

QTEST_GUILESS_MAIN(TestBenchWatch)
#include "tst_benchwatch.moc"
