// The watch protocol's reader (docs/watch-protocol.md): lines, and each message type with its
// fields (the limits and rejections are tst_watchlimits). Qt Core only: no LibTorch, no display.
#include "support/watchlines.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchparser.h"

#include <QTest>

using tk::MoveReport;
using tk::OpError;
using tk::WatchedProgram;
using tk::WatchLineReader;
using tk::WatchParser;
using namespace tk::testsupport;
using Rejection = WatchParser::Rejection;

class TestWatchProtocol : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // --- Lines.

    void lineReader_data()
    {
        QTest::addColumn<QList<QByteArray>>("chunks");
        QTest::addColumn<QList<QByteArray>>("expected");
        QTest::addColumn<qint64>("oversized");
        const QByteArray two = "{\"a\":1}\n{\"b\":2}\n";
        QList<QByteArray> bytes;
        for (char c : two)
            bytes << QByteArray(1, c);
        const QList<QByteArray> ab{"{\"a\":1}", "{\"b\":2}"};
        QTest::newRow("whole") << QList<QByteArray>{two} << ab << qint64(0);
        QTest::newRow("byte by byte") << bytes << ab << qint64(0);
        QTest::newRow("split at the newline") << QList<QByteArray>{"{\"a\":1}", "\n{\"b\"", ":2}\n"} << ab << qint64(0);
        QTest::newRow("no newline at the end") << QList<QByteArray>{"{\"a\":1}\n{\"b\":2}"} << ab << qint64(0);
        const QByteArray limit(WatchLineReader::kMaxLineBytes, 'x');
        QTest::newRow("exactly the limit")
            << QList<QByteArray>{limit + "\nok\n"} << QList<QByteArray>{limit, "ok"} << qint64(0);
        QTest::newRow("one byte over") << QList<QByteArray>{limit + "y\nok\n"} << QList<QByteArray>{"ok"} << qint64(1);
        QList<QByteArray> pieces{"first\n"};
        for (int i = 0; i < 100; ++i)
            pieces << QByteArray(1000, 'z'); // 100,000 bytes of one line, in pieces
        pieces << "\nlast\n";
        QTest::newRow("oversized in pieces") << pieces << QList<QByteArray>{"first", "last"} << qint64(1);
        QTest::newRow("two oversized") << QList<QByteArray>{limit + "1\n", limit + "2\nok"} << QList<QByteArray>{"ok"}
                                       << qint64(2);
        QTest::newRow("oversized at the end")
            << QList<QByteArray>{"ok\n", limit, "more"} << QList<QByteArray>{"ok"} << qint64(1);
    }

    void lineReader()
    {
        QFETCH(QList<QByteArray>, chunks);
        QFETCH(QList<QByteArray>, expected);
        QFETCH(qint64, oversized);
        WatchLineReader reader;
        QList<QByteArray> got;
        for (const QByteArray &c : chunks) {
            reader.feed(c, &got);
            QVERIFY(reader.buffered() <= WatchLineReader::kMaxLineBytes); // never past the limit
        }
        reader.finish(&got);
        QCOMPARE(got, expected);
        QCOMPARE(reader.oversized(), oversized);
        QCOMPARE(reader.takeOversized(), oversized);
        QCOMPARE(reader.takeOversized(), qint64(0));
    }

    // --- Each type, with its fields.

    void helloFields()
    {
        const WatchParser::Result r = WatchParser::parse(hello());
        QVERIFY2(r.ok(), qPrintable(r.reason));
        QCOMPARE(r.message.type(), tk::WatchMessage::Type::Hello);
        const tk::WatchHello &h = r.message.hello();
        QCOMPARE(h.version, 1);
        QCOMPARE(h.pid, qint64(4242));
        QCOMPARE(h.program, QStringLiteral("train.py"));
        QCOMPARE(h.argv, (QStringList{"train.py", "--epochs", "2"}));
        QCOMPARE(h.python, QStringLiteral("3.11.2"));
        QCOMPARE(h.torch, QStringLiteral("2.11.0+cu130"));
        QCOMPARE(h.cuda, QStringLiteral("13.0"));
        QCOMPARE(h.devices.size(), 2);
        QCOMPARE(h.devices[1].device, QStringLiteral("cuda:0"));
        QCOMPARE(h.devices[1].name, QStringLiteral("NVIDIA H200"));
        QCOMPARE(h.devices[1].total, qint64(150754820096));
        QCOMPARE(h.devices[1].capability, QStringLiteral("9.0"));
        QCOMPARE(h.devices[0].total, qint64(25769803776));
        // cuda is null for a CPU-only torch
        const WatchParser::Result cpu = WatchParser::parse(R"({"type":"hello","t":0,"v":1,"pid":7,"cuda":null})");
        QVERIFY(cpu.ok());
        QVERIFY(cpu.message.hello().cuda.isEmpty());
    }

    void moveIsAMoveReport()
    {
        const WatchParser::Result r = WatchParser::parse(move(7));
        QVERIFY2(r.ok(), qPrintable(r.reason));
        QCOMPARE(r.message.type(), tk::WatchMessage::Type::Move);
        const MoveReport &m = r.message.move();
        QCOMPARE(m.program.id, qint64(7));
        QVERIFY(m.watched());
        QCOMPARE(m.program.at, 1.52);
        QCOMPARE(m.program.api, QStringLiteral("Tensor.to"));
        QCOMPARE(m.sourceName, QStringLiteral("x"));
        QCOMPARE(m.fromDevice, QStringLiteral("cpu"));
        QCOMPARE(m.toDevice, QStringLiteral("cuda:0"));
        QCOMPARE(m.bytes, qint64(24));
        QCOMPARE(m.program.shape, (QList<qint64>{2, 3}));
        QCOMPARE(m.program.dtype, QStringLiteral("float32"));
        QVERIFY(m.program.pinned);
        QVERIFY(m.program.nonBlocking);
        QVERIFY(m.timed);
        QCOMPARE(m.seconds, 0.000041);
        QCOMPARE(m.timing, QStringLiteral("wall"));
        QCOMPARE(m.origin, tk::MoveOrigin::Watched); // timed by the watcher, not by MovePath
        QVERIFY(!m.idiomFallback);
        QCOMPARE(m.requestedDevice, m.toDevice);
        QCOMPARE(m.program.step, 3);
        QCOMPARE(m.program.file, QStringLiteral("/home/u/train.py"));
        QCOMPARE(m.program.line, 12);
        QCOMPARE(m.kitchen.meaning, tk::TransferMeaning::Reassign);
        QVERIFY(!m.inPlace);
        QVERIFY(m.gigabytesPerSecond() > 0);

        // Not timed yet; a module moves in place; a null name is no name.
        const WatchParser::Result later = WatchParser::parse(
            R"({"type":"move","t":2,"id":8,"api":"Module.to","kind":"module","class":"Linear","name":null,"from":"cpu","to":"cuda:0","bytes":1024,"seconds":null,"timing":"cuda_events"})");
        QVERIFY2(later.ok(), qPrintable(later.reason));
        QVERIFY(!later.message.move().timed);
        QVERIFY(later.message.move().inPlace);
        QCOMPARE(later.message.move().program.className, QStringLiteral("Linear"));
        QVERIFY(later.message.move().sourceName.isEmpty());
        QVERIFY(later.message.move().describe().contains(QStringLiteral("not known yet")));
        QVERIFY(WatchParser::parse(move(9, "x", 1, "null"))
                    .message.move()
                    .describe()
                    .contains(QStringLiteral("not known yet")));
        QVERIFY(!m.describe().contains(QStringLiteral("not known yet")));
        QVERIFY(m.describe().contains(QStringLiteral("GB/s")));

        // A watched move to meta, timed: shapes only, no bytes per second.
        const WatchParser::Result meta = WatchParser::parse(
            R"({"type":"move","t":3,"id":10,"api":"Tensor.to","name":"x","from":"cpu","to":"meta","bytes":2048,"seconds":0.000168,"timing":"wall"})");
        QVERIFY2(meta.ok(), qPrintable(meta.reason));
        QVERIFY(meta.message.move().shapesOnly());
        QVERIFY2(meta.message.move().describe().contains(QStringLiteral("shapes only")),
                 qPrintable(meta.message.move().describe()));
        QVERIFY2(!meta.message.move().describe().contains(QStringLiteral("GB/s")),
                 qPrintable(meta.message.move().describe()));
        // Every type has its protocol name (a recording's summary counts them by it).
        QCOMPARE(tk::WatchMessage::typeName(tk::WatchMessage::Type::Devices), QStringLiteral("devices"));
        QCOMPARE(tk::WatchMessage::typeName(tk::WatchMessage::Type::MoveTime), QStringLiteral("move_time"));
    }

    void errorIsAnOpError()
    {
        const WatchParser::Result r = WatchParser::parse(kError);
        QVERIFY2(r.ok(), qPrintable(r.reason));
        const OpError &e = r.message.error();
        QCOMPARE(e.kind, OpError::Kind::DeviceMismatch);
        QVERIFY(e.message.startsWith(QStringLiteral("Expected all tensors to be on the same device")));
        QCOMPARE(e.devices, (QStringList{"cuda:0", "cpu"})); // in the message's order
        QCOMPARE(e.codeLine, QStringLiteral("output = model(x)"));
        QCOMPARE(e.exceptionType, QStringLiteral("RuntimeError"));
        QCOMPARE(e.sourceFile, QStringLiteral("/home/u/train.py"));
        QCOMPARE(e.sourceLine, 31);
        QVERIFY(!e.caught);
        // The traceback as Python prints it, outermost frame first.
        const QString expected
            = QStringLiteral("Traceback (most recent call last):\n"
                             "  File \"/home/u/train.py\", line 40, in <module>\n"
                             "    main()\n"
                             "  File \"/home/u/train.py\", line 31, in main\n"
                             "    output = model(x)\n"
                             "RuntimeError: Expected all tensors to be on the same device, but found at least two "
                             "devices, cuda:0 and cpu!");
        QCOMPARE(e.details, expected);
        const WatchParser::Result other = WatchParser::parse(
            R"({"type":"error","t":1,"kind":"other","exception":"ValueError","message":"bad value","caught":true})");
        QVERIFY(other.ok());
        QCOMPARE(other.message.error().kind, OpError::Kind::Other);
        QVERIFY(other.message.error().caught);
    }

    void otherTypes()
    {
        const WatchParser::Result t = WatchParser::parse(kTensors);
        QVERIFY2(t.ok(), qPrintable(t.reason));
        QCOMPARE(t.message.as<tk::message::Tensors>().cards.size(), 2);
        const tk::WatchCard &model = t.message.as<tk::message::Tensors>().cards[1];
        QCOMPARE(model.name, QStringLiteral("model"));
        QCOMPARE(model.kind, QStringLiteral("module"));
        QCOMPARE(model.className, QStringLiteral("Sequential"));
        QCOMPARE(model.device, QStringLiteral("cuda:0"));
        QCOMPARE(model.bytes, qint64(37124));
        QCOMPARE(model.params, qint64(9281));
        QCOMPARE(model.line, 14);
        QCOMPARE(t.message.as<tk::message::Tensors>().cards[0].shape, (QList<qint64>{2, 3}));
        QCOMPARE(t.message.as<tk::message::Tensors>().cards[0].dtype, QStringLiteral("float32"));

        const WatchParser::Result m = WatchParser::parse(memory(2.1, 1048576, 412340224));
        QVERIFY(m.ok());
        QCOMPARE(m.message.as<tk::message::Memory>().samples.size(), 2);
        QCOMPARE(m.message.as<tk::message::Memory>().samples[0].rss, qint64(412340224));
        QCOMPARE(m.message.as<tk::message::Memory>().samples[0].allocated, qint64(-1));
        QCOMPARE(m.message.as<tk::message::Memory>().samples[1].allocated, qint64(1048576));
        QCOMPARE(m.message.as<tk::message::Memory>().samples[1].reserved, qint64(2097152));

        const WatchParser::Result w = WatchParser::parse(
            R"({"type":"data_wait","t":2.3,"seconds":0.0031,"batch":17,"workers":2,"pin_memory":true,"step":3,"file":"/home/u/train.py","line":20})");
        QVERIFY(w.ok());
        QCOMPARE(w.message.dataWait().seconds, 0.0031);
        QCOMPARE(w.message.dataWait().batch, qint64(17));
        QCOMPARE(w.message.dataWait().workers, qint64(2));
        QVERIFY(w.message.dataWait().pinMemory);
        QCOMPARE(w.message.dataWait().step, qint64(3));
        QCOMPARE(w.message.dataWait().line, 20);

        const WatchParser::Result s = WatchParser::parse(
            R"({"type":"step","t":2.4,"n":3,"optimizer":"Adam","seconds":0.0123,"wait_s":0.0031,"copy_s":0.0008,"bytes":65536,"moves":2,"file":"/home/u/train.py","line":25})");
        QVERIFY(s.ok());
        QCOMPARE(s.message.step().n, qint64(3));
        QCOMPARE(s.message.step().optimizer, QStringLiteral("Adam"));
        QCOMPARE(s.message.step().seconds, 0.0123);
        QCOMPARE(s.message.step().waitSeconds, 0.0031);
        QCOMPARE(s.message.step().copySeconds, 0.0008);
        QCOMPARE(s.message.step().bytes, qint64(65536));
        QCOMPARE(s.message.step().moves, qint64(2));
        QCOMPARE(s.message.step().line, 25);
        QVERIFY(qAbs(s.message.step().otherSeconds() - 0.0084) < 1e-12);
        // The lines that read values back in the step, each with its count and time.
        const WatchParser::Result sc = WatchParser::parse(
            R"({"type":"step","t":2.4,"n":3,"calls":[{"file":"/home/u/train.py","line":30,"what":"item","n":2,"seconds":0.004,"device":"cuda"}]})");
        QVERIFY2(sc.ok(), qPrintable(sc.reason));
        QCOMPARE(sc.message.as<tk::message::Step>().calls.size(), 1);
        QCOMPARE(sc.message.as<tk::message::Step>().calls[0].step, qint64(3));
        QCOMPARE(sc.message.as<tk::message::Step>().calls[0].what, QStringLiteral("item"));
        QCOMPARE(sc.message.as<tk::message::Step>().calls[0].count, qint64(2));
        QCOMPARE(sc.message.as<tk::message::Step>().calls[0].seconds, 0.004);
        QCOMPARE(sc.message.as<tk::message::Step>().calls[0].device, QStringLiteral("cuda"));
        QCOMPARE(sc.message.as<tk::message::Step>().calls[0].line, 30);

        // On CUDA: the GPU's idle time before the step's work, and the line that gave it work.
        const WatchParser::Result gi = WatchParser::parse(
            R"({"type":"step","t":2.4,"n":3,"seconds":0.05,"gpu_idle":{"seconds":0.031,"file":"/home/u/train.py","line":22}})");
        QVERIFY2(gi.ok(), qPrintable(gi.reason));
        QCOMPARE(gi.message.step().gpuIdleSeconds, 0.031);
        QCOMPARE(gi.message.step().gpuIdleFile, QStringLiteral("/home/u/train.py"));
        QCOMPARE(gi.message.step().gpuIdleLine, 22);
        QCOMPARE(s.message.step().gpuIdleSeconds, -1.0); // not measured
        // A batch sliced from a larger tensor, and the dataset a DataLoader's batch came from.
        const WatchParser::Result sl = WatchParser::parse(
            R"({"type":"move","t":1,"id":1,"from":"cpu","to":"cuda:0","bytes":4096,"source_bytes":1048576})");
        QVERIFY2(sl.ok(), qPrintable(sl.reason));
        QCOMPARE(sl.message.move().program.sourceBytes, qint64(1048576));
        const WatchParser::Result ds = WatchParser::parse(
            R"({"type":"data_wait","t":2.3,"seconds":0.001,"dataset":"TensorDataset","dataset_bytes":2560})");
        QVERIFY2(ds.ok(), qPrintable(ds.reason));
        QCOMPARE(ds.message.dataWait().dataset, QStringLiteral("TensorDataset"));
        QCOMPARE(ds.message.dataWait().datasetBytes, qint64(2560));
        QCOMPARE(w.message.dataWait().datasetBytes, qint64(-1)); // not sent

        const WatchParser::Result mt = WatchParser::parse(R"({"type":"move_time","t":1.61,"id":7,"seconds":0.000012})");
        QVERIFY(mt.ok());
        QCOMPARE(mt.message.as<tk::message::MoveTime>().moveId, qint64(7));
        QCOMPARE(mt.message.as<tk::message::MoveTime>().seconds, 0.000012);

        const WatchParser::Result d = WatchParser::parse(R"({"type":"dropped","t":4.0,"count":12})");
        QVERIFY(d.ok());
        QCOMPARE(d.message.as<tk::message::Dropped>().count, qint64(12));
        const WatchParser::Result n
            = WatchParser::parse(R"({"type":"notice","t":0.2,"text":"tensorkitchen: the memory sampler stopped"})");
        QVERIFY(n.ok());
        QCOMPARE(n.message.as<tk::message::Notice>().text, QStringLiteral("tensorkitchen: the memory sampler stopped"));
        const WatchParser::Result b = WatchParser::parse(R"({"type":"bye","t":9.1,"exit_code":3})");
        QVERIFY(b.ok());
        QVERIFY(b.message.as<tk::message::Bye>().hasExitCode);
        QCOMPARE(b.message.as<tk::message::Bye>().exitCode, 3);
        const WatchParser::Result nb = WatchParser::parse(R"({"type":"bye","t":9.1,"exit_code":null})");
        QVERIFY(nb.ok());
        QVERIFY(!nb.message.as<tk::message::Bye>().hasExitCode);
        // Unknown fields are ignored.
        const WatchParser::Result extra
            = WatchParser::parse(R"({"type":"dropped","t":4.0,"count":1,"future":{"x":[1]}})");
        QVERIFY(extra.ok());
    }

    // A rank of tensorkitchen.replicas says which group it belongs to and reports each step's
    // split; a plain watcher sends none of it and gets the defaults.
    void replicaFields()
    {
        const WatchParser::Result h = WatchParser::parse(
            R"({"type":"hello","t":0,"v":1,"pid":7,"program":"tensorkitchen.replicas","rank":2,"world_size":3,)"
            R"("backend":"gloo","group":"4242-29500","device":"cpu","threads":1,"parallel":"ddp"})");
        QVERIFY2(h.ok(), qPrintable(h.reason));
        QCOMPARE(h.message.hello().rank, 2);
        QCOMPARE(h.message.hello().worldSize, 3);
        QCOMPARE(h.message.hello().backend, QStringLiteral("gloo"));
        QCOMPARE(h.message.hello().group, QStringLiteral("4242-29500"));
        QCOMPARE(h.message.hello().device, QStringLiteral("cpu"));
        QCOMPARE(h.message.hello().threads, 1);
        QCOMPARE(h.message.hello().parallel, QStringLiteral("ddp"));
        const WatchParser::Result plain = WatchParser::parse(hello());
        QVERIFY(plain.ok());
        QCOMPARE(plain.message.hello().rank, -1);
        QCOMPARE(plain.message.hello().worldSize, 0);
        QVERIFY(plain.message.hello().backend.isEmpty());
        QVERIFY(plain.message.hello().device.isEmpty());

        const WatchParser::Result s = WatchParser::parse(
            R"({"type":"step","t":1.5,"n":3,"seconds":0.004,"optimizer":"Adam","wait_s":0,"copy_s":0,)"
            R"("bytes":0,"moves":0,"rank":1,"loss":0.6931,"samples":64,"forward_s":0.001,)"
            R"("backward_s":0.002,"optimizer_s":0.0005,"allreduce_s":0.0012,"allreduce_bytes":18184})");
        QVERIFY2(s.ok(), qPrintable(s.reason));
        const tk::WatchStep &st = s.message.step();
        QCOMPARE(st.n, qint64(3));
        QCOMPARE(st.rank, 1);
        QCOMPARE(st.loss, 0.6931);
        QCOMPARE(st.samples, qint64(64));
        QCOMPARE(st.forwardSeconds, 0.001);
        QCOMPARE(st.backwardSeconds, 0.002);
        QCOMPARE(st.optimizerSeconds, 0.0005);
        QCOMPARE(st.allreduceSeconds, 0.0012);
        QCOMPARE(st.allreduceBytes, qint64(18184));
        const WatchParser::Result bare = WatchParser::parse(R"({"type":"step","t":1,"n":1})");
        QVERIFY(bare.ok());
        QCOMPARE(bare.message.step().rank, -1);
        QCOMPARE(bare.message.step().loss, 0.0);
        QCOMPARE(bare.message.step().allreduceBytes, qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestWatchProtocol)
#include "tst_watchprotocol.moc"
