// The watch protocol's reader (docs/watch-protocol.md): lines, messages, limits, the order of a
// stream, what a WatchedProgram makes of it, the local server with real sockets, and replay.
// Qt Core and Network only: no LibTorch, no display.
#include "watch/watchedprogram.h"
#include "watch/watchlinereader.h"
#include "watch/watchparser.h"
#include "watch/watchreplay.h"
#include "watch/watchserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using tk::MoveReport;
using tk::OpError;
using tk::WatchedProgram;
using tk::WatchLineReader;
using tk::WatchParser;
using tk::WatchReplay;
using tk::WatchServer;

namespace {

using Rejection = WatchParser::Rejection;

QByteArray hello(qint64 pid = 4242, int version = 1)
{
    return QStringLiteral(
               R"({"type":"hello","t":0,"v":%1,"pid":%2,"program":"train.py","argv":["train.py","--epochs","2"],)"
               R"("python":"3.11.2","torch":"2.11.0+cu130","cuda":"13.0","devices":[{"device":"cpu","name":"AMD EPYC 7B13","total":25769803776},)"
               R"({"device":"cuda:0","name":"NVIDIA H200","total":150754820096,"capability":"9.0"}]})")
        .arg(version)
        .arg(pid)
        .toUtf8();
}

QByteArray move(qint64 id, const QString &name = QStringLiteral("x"), double t = 1.52,
                const QString &seconds = QStringLiteral("0.000041"))
{
    return QStringLiteral(
               R"({"type":"move","t":%1,"id":%2,"api":"Tensor.to","kind":"tensor","name":"%3","from":"cpu","to":"cuda:0",)"
               R"("bytes":24,"shape":[2,3],"dtype":"float32","pinned":true,"non_blocking":true,"seconds":%4,"timing":"wall",)"
               R"("step":3,"file":"/home/u/train.py","line":12})")
        .arg(t)
        .arg(id)
        .arg(name, seconds)
        .toUtf8();
}

const QByteArray kError =
    R"J({"type":"error","t":3.0,"kind":"device_mismatch","exception":"RuntimeError","message":"Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!","devices":["cuda:0","cpu"],"file":"/home/u/train.py","line":31,"code":"output = model(x)","traceback":[{"file":"/home/u/train.py","line":40,"func":"<module>","code":"main()"},{"file":"/home/u/train.py","line":31,"func":"main","code":"output = model(x)"}],"caught":false})J";

const QByteArray kTensors =
    R"({"type":"tensors","t":2.0,"items":[{"name":"x","kind":"tensor","device":"cuda:0","shape":[2,3],"dtype":"float32","bytes":24,"file":"/home/u/train.py","line":14},{"name":"model","kind":"module","class":"Sequential","device":"cuda:0","bytes":37124,"params":9281,"file":"/home/u/train.py","line":14}]})";

QByteArray memory(double t, qint64 allocated, qint64 rss)
{
    return QStringLiteral(R"({"type":"memory","t":%1,"devices":[{"device":"cpu","rss":%3},)"
                          R"({"device":"cuda:0","allocated":%2,"reserved":%4,"total":150754820096}]})")
        .arg(t)
        .arg(allocated)
        .arg(rss)
        .arg(allocated * 2)
        .toUtf8();
}

QByteArray lines(const QList<QByteArray> &list)
{
    QByteArray all;
    for (const QByteArray &l : list)
        all += l + '\n';
    return all;
}

// A program fed synchronously: everything it batched is sent before the checks.
void feedAll(WatchedProgram &p, const QList<QByteArray> &list)
{
    p.feed(lines(list));
    p.flush();
}

// A line with `n` entries in the array field that one limit counts.
QByteArray withEntries(const QString &limit, int n)
{
    QStringList entries;
    for (int i = 0; i < n; ++i) {
        if (limit == QLatin1String("shape"))
            entries << QStringLiteral("1");
        else if (limit == QLatin1String("items"))
            entries << QStringLiteral(R"({"name":"t%1","kind":"tensor","device":"cpu","bytes":4})").arg(i);
        else if (limit == QLatin1String("traceback"))
            entries << QStringLiteral(R"J({"file":"/a.py","line":%1,"func":"f","code":"f()"})J").arg(i + 1);
        else if (limit == QLatin1String("memory devices"))
            entries << QStringLiteral(R"({"device":"cuda:%1","allocated":1})").arg(i);
        else if (limit == QLatin1String("error devices"))
            entries << QStringLiteral(R"("cuda:%1")").arg(i);
        else
            entries << QStringLiteral(R"({"device":"cuda:%1","name":"g","total":1})").arg(i);
    }
    const QString list = entries.join(QLatin1Char(','));
    if (limit == QLatin1String("shape"))
        return QStringLiteral(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":4,"shape":[%1]})").arg(list).toUtf8();
    if (limit == QLatin1String("items"))
        return QStringLiteral(R"({"type":"tensors","t":1,"items":[%1]})").arg(list).toUtf8();
    if (limit == QLatin1String("traceback"))
        return QStringLiteral(R"({"type":"error","t":1,"kind":"other","message":"m","traceback":[%1]})").arg(list).toUtf8();
    if (limit == QLatin1String("memory devices"))
        return QStringLiteral(R"({"type":"memory","t":1,"devices":[%1]})").arg(list).toUtf8();
    if (limit == QLatin1String("error devices"))
        return QStringLiteral(R"({"type":"error","t":1,"kind":"other","message":"m","devices":[%1]})").arg(list).toUtf8();
    return QStringLiteral(R"({"type":"hello","t":0,"v":1,"pid":1,"devices":[%1]})").arg(list).toUtf8();
}

// A socket file with nobody behind it, as an app that crashed leaves one.
bool makeStaleSocket(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray native = QFile::encodeName(path);
    qstrncpy(addr.sun_path, native.constData(), sizeof addr.sun_path);
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
    ::close(fd); // bound, never listened, closed: the file stays
    return ok && QFileInfo::exists(path);
}

// 0.6 s of a program, its t increasing.
QByteArray recording()
{
    QByteArray tensors = kTensors, error = kError;
    tensors.replace("\"t\":2.0", "\"t\":0.22");
    error.replace("\"t\":3.0", "\"t\":0.5");
    return lines({hello(), memory(0.05, 1000, 5000), move(1, "x", 0.1), move(2, "w", 0.15, "null"),
                  R"({"type":"move_time","t":0.2,"id":2,"seconds":0.5})", tensors,
                  R"({"type":"data_wait","t":0.25,"seconds":0.003,"batch":0,"workers":2,"pin_memory":true,"step":0,"file":"/a.py","line":3})",
                  R"({"type":"step","t":0.3,"n":1,"optimizer":"Adam","seconds":0.3,"wait_s":0.003,"copy_s":0.5,"bytes":48,"moves":2})",
                  "not json", memory(0.4, 3000, 4000), R"({"type":"dropped","t":0.45,"count":5})", error,
                  R"({"type":"bye","t":0.6,"exit_code":1})"});
}

} // namespace

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
        QTest::newRow("exactly the limit") << QList<QByteArray>{limit + "\nok\n"} << QList<QByteArray>{limit, "ok"} << qint64(0);
        QTest::newRow("one byte over") << QList<QByteArray>{limit + "y\nok\n"} << QList<QByteArray>{"ok"} << qint64(1);
        QList<QByteArray> pieces{"first\n"};
        for (int i = 0; i < 100; ++i)
            pieces << QByteArray(1000, 'z'); // 100,000 bytes of one line, in pieces
        pieces << "\nlast\n";
        QTest::newRow("oversized in pieces") << pieces << QList<QByteArray>{"first", "last"} << qint64(1);
        QTest::newRow("two oversized") << QList<QByteArray>{limit + "1\n", limit + "2\nok"} << QList<QByteArray>{"ok"} << qint64(2);
        QTest::newRow("oversized at the end") << QList<QByteArray>{"ok\n", limit, "more"} << QList<QByteArray>{"ok"} << qint64(1);
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
        QCOMPARE(r.message.type, tk::WatchMessage::Type::Hello);
        const tk::WatchHello &h = r.message.hello;
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
        QVERIFY(cpu.message.hello.cuda.isEmpty());
    }

    void moveIsAMoveReport()
    {
        const WatchParser::Result r = WatchParser::parse(move(7));
        QVERIFY2(r.ok(), qPrintable(r.reason));
        QCOMPARE(r.message.type, tk::WatchMessage::Type::Move);
        const MoveReport &m = r.message.move;
        QCOMPARE(m.moveId, qint64(7));
        QVERIFY(m.watched());
        QCOMPARE(m.at, 1.52);
        QCOMPARE(m.api, QStringLiteral("Tensor.to"));
        QCOMPARE(m.sourceName, QStringLiteral("x"));
        QCOMPARE(m.fromDevice, QStringLiteral("cpu"));
        QCOMPARE(m.toDevice, QStringLiteral("cuda:0"));
        QCOMPARE(m.bytes, qint64(24));
        QCOMPARE(m.shape, (QList<qint64>{2, 3}));
        QCOMPARE(m.dtype, QStringLiteral("float32"));
        QVERIFY(m.pinned);
        QVERIFY(m.nonBlocking);
        QVERIFY(m.timed);
        QCOMPARE(m.seconds, 0.000041);
        QCOMPARE(m.timing, QStringLiteral("wall"));
        QCOMPARE(m.step, 3);
        QCOMPARE(m.file, QStringLiteral("/home/u/train.py"));
        QCOMPARE(m.line, 12);
        QCOMPARE(m.meaning, tk::TransferMeaning::Reassign);
        QVERIFY(!m.inPlace);
        QVERIFY(m.gigabytesPerSecond() > 0);

        // Not timed yet; a module moves in place; a null name is no name.
        const WatchParser::Result later = WatchParser::parse(
            R"({"type":"move","t":2,"id":8,"api":"Module.to","kind":"module","class":"Linear","name":null,"from":"cpu","to":"cuda:0","bytes":1024,"seconds":null,"timing":"cuda_events"})");
        QVERIFY2(later.ok(), qPrintable(later.reason));
        QVERIFY(!later.message.move.timed);
        QVERIFY(later.message.move.inPlace);
        QCOMPARE(later.message.move.className, QStringLiteral("Linear"));
        QVERIFY(later.message.move.sourceName.isEmpty());
        QVERIFY(later.message.move.describe().contains(QStringLiteral("not known yet")));
        QVERIFY(WatchParser::parse(move(9, "x", 1, "null")).message.move.describe().contains(QStringLiteral("not known yet")));
        QVERIFY(!m.describe().contains(QStringLiteral("not known yet")));
    }

    void errorIsAnOpError()
    {
        const WatchParser::Result r = WatchParser::parse(kError);
        QVERIFY2(r.ok(), qPrintable(r.reason));
        const OpError &e = r.message.error;
        QCOMPARE(e.kind, OpError::Kind::DeviceMismatch);
        QVERIFY(e.message.startsWith(QStringLiteral("Expected all tensors to be on the same device")));
        QCOMPARE(e.devices, (QStringList{"cuda:0", "cpu"})); // in the message's order
        QCOMPARE(e.codeLine, QStringLiteral("output = model(x)"));
        QCOMPARE(e.exceptionType, QStringLiteral("RuntimeError"));
        QCOMPARE(e.sourceFile, QStringLiteral("/home/u/train.py"));
        QCOMPARE(e.sourceLine, 31);
        QVERIFY(!e.caught);
        // The traceback as Python prints it, outermost frame first.
        const QString expected = QStringLiteral(
            "Traceback (most recent call last):\n"
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
        QCOMPARE(other.message.error.kind, OpError::Kind::Other);
        QVERIFY(other.message.error.caught);
    }

    void otherTypes()
    {
        const WatchParser::Result t = WatchParser::parse(kTensors);
        QVERIFY2(t.ok(), qPrintable(t.reason));
        QCOMPARE(t.message.cards.size(), 2);
        const tk::WatchCard &model = t.message.cards[1];
        QCOMPARE(model.name, QStringLiteral("model"));
        QCOMPARE(model.kind, QStringLiteral("module"));
        QCOMPARE(model.className, QStringLiteral("Sequential"));
        QCOMPARE(model.device, QStringLiteral("cuda:0"));
        QCOMPARE(model.bytes, qint64(37124));
        QCOMPARE(model.params, qint64(9281));
        QCOMPARE(model.line, 14);
        QCOMPARE(t.message.cards[0].shape, (QList<qint64>{2, 3}));
        QCOMPARE(t.message.cards[0].dtype, QStringLiteral("float32"));

        const WatchParser::Result m = WatchParser::parse(memory(2.1, 1048576, 412340224));
        QVERIFY(m.ok());
        QCOMPARE(m.message.memory.size(), 2);
        QCOMPARE(m.message.memory[0].rss, qint64(412340224));
        QCOMPARE(m.message.memory[0].allocated, qint64(-1));
        QCOMPARE(m.message.memory[1].allocated, qint64(1048576));
        QCOMPARE(m.message.memory[1].reserved, qint64(2097152));

        const WatchParser::Result w = WatchParser::parse(
            R"({"type":"data_wait","t":2.3,"seconds":0.0031,"batch":17,"workers":2,"pin_memory":true,"step":3,"file":"/home/u/train.py","line":20})");
        QVERIFY(w.ok());
        QCOMPARE(w.message.dataWait.seconds, 0.0031);
        QCOMPARE(w.message.dataWait.batch, qint64(17));
        QCOMPARE(w.message.dataWait.workers, qint64(2));
        QVERIFY(w.message.dataWait.pinMemory);
        QCOMPARE(w.message.dataWait.step, qint64(3));
        QCOMPARE(w.message.dataWait.line, 20);

        const WatchParser::Result s = WatchParser::parse(
            R"({"type":"step","t":2.4,"n":3,"optimizer":"Adam","seconds":0.0123,"wait_s":0.0031,"copy_s":0.0008,"bytes":65536,"moves":2,"file":"/home/u/train.py","line":25})");
        QVERIFY(s.ok());
        QCOMPARE(s.message.step.n, qint64(3));
        QCOMPARE(s.message.step.optimizer, QStringLiteral("Adam"));
        QCOMPARE(s.message.step.seconds, 0.0123);
        QCOMPARE(s.message.step.waitSeconds, 0.0031);
        QCOMPARE(s.message.step.copySeconds, 0.0008);
        QCOMPARE(s.message.step.bytes, qint64(65536));
        QCOMPARE(s.message.step.moves, qint64(2));
        QCOMPARE(s.message.step.line, 25);
        QVERIFY(qAbs(s.message.step.otherSeconds() - 0.0084) < 1e-12);

        const WatchParser::Result mt = WatchParser::parse(R"({"type":"move_time","t":1.61,"id":7,"seconds":0.000012})");
        QVERIFY(mt.ok());
        QCOMPARE(mt.message.move.moveId, qint64(7));
        QCOMPARE(mt.message.move.seconds, 0.000012);

        const WatchParser::Result d = WatchParser::parse(R"({"type":"dropped","t":4.0,"count":12})");
        QVERIFY(d.ok());
        QCOMPARE(d.message.count, qint64(12));
        const WatchParser::Result n = WatchParser::parse(R"({"type":"notice","t":0.2,"text":"tensorkitchen: the memory sampler stopped"})");
        QVERIFY(n.ok());
        QCOMPARE(n.message.text, QStringLiteral("tensorkitchen: the memory sampler stopped"));
        const WatchParser::Result b = WatchParser::parse(R"({"type":"bye","t":9.1,"exit_code":3})");
        QVERIFY(b.ok());
        QVERIFY(b.message.hasExitCode);
        QCOMPARE(b.message.exitCode, 3);
        const WatchParser::Result nb = WatchParser::parse(R"({"type":"bye","t":9.1,"exit_code":null})");
        QVERIFY(nb.ok());
        QVERIFY(!nb.message.hasExitCode);
        // Unknown fields are ignored.
        const WatchParser::Result extra = WatchParser::parse(R"({"type":"dropped","t":4.0,"count":1,"future":{"x":[1]}})");
        QVERIFY(extra.ok());
    }

    // --- Limits and rejections: one row per rule.

    void limits_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("rejection"); // Rejection, as int

        const int ok = int(Rejection::None), bad = int(Rejection::Malformed);
        QTest::newRow("shape 16 dims") << withEntries("shape", 16) << ok;
        QTest::newRow("shape 17 dims") << withEntries("shape", 17) << bad;
        QTest::newRow("items 256") << withEntries("items", 256) << ok;
        QTest::newRow("items 257") << withEntries("items", 257) << bad;
        QTest::newRow("traceback 64") << withEntries("traceback", 64) << ok;
        QTest::newRow("traceback 65") << withEntries("traceback", 65) << bad;
        QTest::newRow("memory devices 64") << withEntries("memory devices", 64) << ok;
        QTest::newRow("memory devices 65") << withEntries("memory devices", 65) << bad;
        QTest::newRow("error devices 64") << withEntries("error devices", 64) << ok;
        QTest::newRow("error devices 65") << withEntries("error devices", 65) << bad;
        QTest::newRow("hello devices 64") << withEntries("hello devices", 64) << ok;
        QTest::newRow("hello devices 65") << withEntries("hello devices", 65) << bad;

        QTest::newRow("NaN") << QByteArray(R"({"type":"dropped","t":NaN,"count":1})") << bad;
        QTest::newRow("infinite") << QByteArray(R"({"type":"dropped","t":1e999,"count":1})") << bad;
        QTest::newRow("negative t") << QByteArray(R"({"type":"dropped","t":-1,"count":1})") << bad;
        QTest::newRow("negative count") << QByteArray(R"({"type":"dropped","t":1,"count":-1})") << bad;
        QTest::newRow("fractional count") << QByteArray(R"({"type":"dropped","t":1,"count":1.5})") << bad;
        QTest::newRow("negative bytes") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":-4})") << bad;
        QTest::newRow("negative seconds") << QByteArray(R"({"type":"move_time","t":1,"id":1,"seconds":-0.1})") << bad;
        QTest::newRow("line 0") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":4,"line":0})") << bad;
        QTest::newRow("count as string") << QByteArray(R"({"type":"dropped","t":1,"count":"1"})") << bad;
        QTest::newRow("name as number") << QByteArray(R"({"type":"move","t":1,"id":1,"name":5,"from":"cpu","to":"meta","bytes":4})") << bad;
        QTest::newRow("pinned as number") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":4,"pinned":1})") << bad;
        QTest::newRow("missing bytes") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta"})") << bad;
        QTest::newRow("missing t") << QByteArray(R"({"type":"dropped","count":1})") << bad;
        QTest::newRow("missing type") << QByteArray(R"({"t":1,"count":1})") << bad;
        QTest::newRow("type as number") << QByteArray(R"({"type":3,"t":1})") << bad;
        QTest::newRow("device a path") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"../../etc/passwd","to":"meta","bytes":4})") << bad;
        QTest::newRow("device upper case") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"CUDA:0","to":"meta","bytes":4})") << bad;
        QTest::newRow("device with a command") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu;rm -rf","to":"meta","bytes":4})") << bad;
        QTest::newRow("device xpu:1") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"xpu:1","to":"mps","bytes":4})") << ok;
        QTest::newRow("items not objects") << QByteArray(R"({"type":"tensors","t":1,"items":[1,2]})") << bad;
        QTest::newRow("a JSON array") << QByteArray(R"([{"type":"dropped","t":1,"count":1}])") << bad;
        QTest::newRow("not JSON") << QByteArray("hello world") << bad;
        QTest::newRow("empty line") << QByteArray("") << bad;
        QTest::newRow("unknown type") << QByteArray(R"({"type":"telemetry","t":1})") << int(Rejection::Unknown);
    }

    void limits()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, rejection);
        const WatchParser::Result r = WatchParser::parse(line);
        QVERIFY2(int(r.rejection) == rejection, qPrintable(r.reason));
        QCOMPARE(r.reason.isEmpty(), r.ok()); // a rejection says why
    }

    void stringsAreCut()
    {
        const QString longName(5000, QLatin1Char('n'));
        const WatchParser::Result r = WatchParser::parse(
            QStringLiteral(R"({"type":"notice","t":1,"text":"%1"})").arg(longName).toUtf8());
        QVERIFY(r.ok());
        QCOMPARE(r.message.text.size(), WatchParser::kMaxString);
        QCOMPARE(r.message.text, longName.left(WatchParser::kMaxString));
    }

    void malformedAndUnknownAreCountedAndSkipped()
    {
        WatchedProgram p;
        feedAll(p, {hello(), "garbage", R"({"type":"telemetry","t":1})", R"({"type":"dropped","t":1,"count":"x"})",
                    move(1), QByteArray(70000, 'x'), move(2), R"({"type":"dropped","t":2,"count":12})",
                    R"({"type":"dropped","t":3,"count":3})"});
        QCOMPARE(p.state(), WatchedProgram::State::Running);
        QCOMPARE(p.counters().malformed, qint64(2));
        QCOMPARE(p.counters().unknown, qint64(1));
        QCOMPARE(p.counters().oversized, qint64(1));
        QCOMPARE(p.counters().dropped, qint64(15)); // summed
        QCOMPARE(p.moves().size(), 2);              // the stream went on
    }

    // --- Order.

    void helloFirst()
    {
        WatchedProgram p;
        QSignalSpy refused(&p, &WatchedProgram::refused);
        QSignalSpy hellos(&p, &WatchedProgram::helloReceived);
        feedAll(p, {move(1), hello(), move(2)});
        QCOMPARE(p.state(), WatchedProgram::State::Refused);
        QCOMPARE(refused.size(), 1);
        QVERIFY(p.refusal().contains(QStringLiteral("move")));
        QCOMPARE(hellos.size(), 0);
        QVERIFY(p.moves().isEmpty());
        QCOMPARE(p.counters().ignored, qint64(2)); // nothing after the refusal is taken
    }

    void malformedBeforeHelloIsSkipped()
    {
        WatchedProgram p;
        feedAll(p, {"{", hello(), move(1)});
        QCOMPARE(p.state(), WatchedProgram::State::Running);
        QCOMPARE(p.counters().malformed, qint64(1));
        QCOMPARE(p.moves().size(), 1);
    }

    void secondHelloRefused()
    {
        WatchedProgram p;
        QSignalSpy refused(&p, &WatchedProgram::refused);
        QSignalSpy moves(&p, &WatchedProgram::movesArrived);
        feedAll(p, {hello(), move(1), hello(), move(2)});
        QCOMPARE(p.state(), WatchedProgram::State::Refused);
        QCOMPARE(refused.size(), 1);
        QVERIFY(p.refusal().contains(QStringLiteral("second time")));
        // The move before the second hello was sent; the one after it was not taken.
        QCOMPARE(moves.size(), 1);
        QCOMPARE(moves.at(0).at(0).value<QList<MoveReport>>().size(), 1);
        QCOMPARE(p.moves().size(), 1);
    }

    void versionAndPid_data()
    {
        QTest::addColumn<QByteArray>("first");
        QTest::addColumn<qint64>("expectedPid");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("v1") << hello(4242, 1) << qint64(0) << true;
        QTest::newRow("v2") << hello(4242, 2) << qint64(0) << false;
        QTest::newRow("v0") << hello(4242, 0) << qint64(0) << false;
        QTest::newRow("pid matches") << hello(4242) << qint64(4242) << true;
        QTest::newRow("pid differs") << hello(4242) << qint64(4243) << false;
    }

    void versionAndPid()
    {
        QFETCH(QByteArray, first);
        QFETCH(qint64, expectedPid);
        QFETCH(bool, accepted);
        WatchedProgram p;
        p.setExpectedPid(expectedPid);
        feedAll(p, {first});
        QCOMPARE(p.state() == WatchedProgram::State::Running, accepted);
        QCOMPARE(p.refusal().isEmpty(), accepted);
    }

    void endWithoutHelloIsRefused()
    {
        WatchedProgram p;
        p.feed("garbage\n\x01\x02");
        p.finishInput();
        QCOMPARE(p.state(), WatchedProgram::State::Refused);
        QVERIFY(!p.refusal().isEmpty());
        QCOMPARE(p.counters().malformed, qint64(2));
    }

    void byeAndDisconnect()
    {
        WatchedProgram bye;
        QSignalSpy ended(&bye, &WatchedProgram::ended);
        feedAll(bye, {hello(), R"({"type":"bye","t":9.1,"exit_code":0})"});
        QCOMPARE(bye.state(), WatchedProgram::State::Ended);
        QVERIFY(bye.endedByBye());
        QVERIFY(bye.hasExitCode());
        QCOMPARE(ended.size(), 1);
        bye.finishInput();
        QCOMPARE(ended.size(), 1); // once

        WatchedProgram cut;
        feedAll(cut, {hello(), move(1)});
        QVERIFY(cut.isRunning());
        cut.finishInput();
        QCOMPARE(cut.state(), WatchedProgram::State::Ended);
        QVERIFY(!cut.endedByBye());
    }

    // --- What the program keeps.

    void moveTimeUpdatesItsMove()
    {
        WatchedProgram p;
        QSignalSpy timed(&p, &WatchedProgram::moveTimed);
        feedAll(p, {hello(), move(3, "a", 1, "null"), move(5, "b", 1, "null"), move(9, "c", 1, "null")});
        QVERIFY(!p.move(5)->timed);
        feedAll(p, {R"({"type":"move_time","t":1.61,"id":5,"seconds":0.25})",
                    R"({"type":"move_time","t":1.62,"id":4,"seconds":0.5})"});
        QCOMPARE(p.move(5)->seconds, 0.25);
        QVERIFY(p.move(5)->timed);
        QVERIFY(!p.move(3)->timed);
        QVERIFY(!p.move(9)->timed);
        QCOMPARE(timed.size(), 1);
        QCOMPARE(timed.at(0).at(0).value<MoveReport>().sourceName, QStringLiteral("b"));
        QCOMPARE(p.counters().unmatched, qint64(1)); // id 4 never came

        // A move_time before its batch went out: the batch carries the time.
        WatchedProgram q;
        QSignalSpy batches(&q, &WatchedProgram::movesArrived);
        QSignalSpy qtimed(&q, &WatchedProgram::moveTimed);
        q.feed(lines({hello(), move(1, "x", 1, "null"), R"({"type":"move_time","t":1.61,"id":1,"seconds":0.125})"}));
        q.flush();
        QCOMPARE(qtimed.size(), 0);
        QCOMPARE(batches.at(0).at(0).value<QList<MoveReport>>().at(0).seconds, 0.125);
    }

    void movesWithOldIdsAreRefused()
    {
        WatchedProgram p;
        feedAll(p, {hello(), move(5), move(5), move(2), move(6)});
        QCOMPARE(p.moves().size(), 2);
        QCOMPARE(p.counters().malformed, qint64(2));
    }

    void movesComeInBatches()
    {
        WatchedProgram p;
        QStringList order;
        QList<int> sizes;
        connect(&p, &WatchedProgram::movesArrived, this, [&](const QList<MoveReport> &m) {
            order << QStringLiteral("moves");
            sizes << int(m.size());
        });
        connect(&p, &WatchedProgram::stepArrived, this, [&] { order << QStringLiteral("step"); });
        p.feed(lines({hello(), move(1), move(2), move(3)}));
        p.feed(lines({move(4)})); // another read in the same turn joins the batch
        QVERIFY(sizes.isEmpty());  // nothing before the event loop turns
        QTRY_COMPARE_WITH_TIMEOUT(sizes, QList<int>{4}, 2000);
        // A step sends the moves before it first.
        p.feed(lines({move(5), R"({"type":"step","t":2.4,"n":1})"}));
        QCOMPARE(order, (QStringList{"moves", "moves", "step"}));
        QCOMPARE(p.moveCount(), qint64(5));
    }

    void signalsCanBeQueued()
    {
        WatchedProgram p;
        QList<MoveReport> got;
        OpError error;
        tk::WatchStep step;
        connect(&p, &WatchedProgram::movesArrived, this, [&](const QList<MoveReport> &m) { got = m; }, Qt::QueuedConnection);
        connect(&p, &WatchedProgram::errorArrived, this, [&](const OpError &e) { error = e; }, Qt::QueuedConnection);
        connect(&p, &WatchedProgram::stepArrived, this, [&](const tk::WatchStep &s) { step = s; }, Qt::QueuedConnection);
        feedAll(p, {hello(), move(1, "qx"), R"({"type":"step","t":2.4,"n":7})", kError});
        QTRY_COMPARE_WITH_TIMEOUT(error.kind, OpError::Kind::DeviceMismatch, 2000);
        QCOMPARE(got.size(), 1);
        QCOMPARE(got.at(0).sourceName, QStringLiteral("qx"));
        QCOMPARE(step.n, qint64(7));
    }

    void errorsArrive()
    {
        WatchedProgram p;
        QSignalSpy errors(&p, &WatchedProgram::errorArrived);
        feedAll(p, {hello(), kError});
        QCOMPARE(errors.size(), 1);
        const OpError e = errors.at(0).at(0).value<OpError>();
        QCOMPARE(e.devices, (QStringList{"cuda:0", "cpu"}));
        QVERIFY(e.details.contains(QStringLiteral("line 31, in main")));
        QCOMPARE(p.errors().size(), 1);
    }

    void memoryPeakPerDevice()
    {
        WatchedProgram p;
        QSignalSpy changed(&p, &WatchedProgram::memoryChanged);
        feedAll(p, {hello(), memory(1, 1000, 9000), memory(2, 5000, 7000), memory(3, 2000, 8000),
                    R"({"type":"memory","t":4,"devices":[{"device":"meta","allocated":1}]})"});
        QCOMPARE(changed.size(), 4);
        const tk::WatchDevice *gpu = p.device(QStringLiteral("cuda:0"));
        QVERIFY(gpu);
        QCOMPARE(gpu->allocated, qint64(2000));
        QCOMPARE(gpu->peakAllocated, qint64(5000));
        QCOMPARE(gpu->peakReserved, qint64(10000));
        QCOMPARE(gpu->name, QStringLiteral("NVIDIA H200")); // hello's facts stay
        QCOMPARE(gpu->used(), qint64(2000));
        const tk::WatchDevice *cpu = p.device(QStringLiteral("cpu"));
        QCOMPARE(cpu->rss, qint64(8000));
        QCOMPARE(cpu->peakRss, qint64(9000));
        QCOMPARE(cpu->peakUsed(), qint64(9000));
        QCOMPARE(p.devices().size(), 3); // a device only memory named is added after hello's
        QCOMPARE(p.devices().at(2).device, QStringLiteral("meta"));
    }

    void cardsReplacedByTheNextSample()
    {
        WatchedProgram p;
        QSignalSpy changed(&p, &WatchedProgram::cardsChanged);
        feedAll(p, {hello(), kTensors});
        QCOMPARE(p.cards().size(), 2);
        feedAll(p, {R"({"type":"tensors","t":2.5,"items":[{"name":"y","kind":"tensor","device":"cpu","bytes":8}]})"});
        QCOMPARE(changed.size(), 2);
        QCOMPARE(p.cards().size(), 1);
        QCOMPARE(p.cards().at(0).name, QStringLiteral("y"));
        feedAll(p, {R"({"type":"tensors","t":3,"items":[]})"});
        QVERIFY(p.cards().isEmpty());
    }

    void stepsAndWaits()
    {
        WatchedProgram p;
        QSignalSpy waits(&p, &WatchedProgram::dataWaitsArrived);
        feedAll(p, {hello(), R"({"type":"data_wait","t":1,"seconds":0.5,"batch":0})",
                    R"({"type":"data_wait","t":1.1,"seconds":0.25,"batch":1})",
                    R"({"type":"step","t":2,"n":1,"seconds":1,"wait_s":0.75,"copy_s":0.1,"bytes":10,"moves":1})",
                    R"({"type":"step","t":3,"n":2,"seconds":1})"});
        QCOMPARE(waits.size(), 1); // both waits in one batch, sent before the step
        QCOMPARE(waits.at(0).at(0).value<QList<tk::WatchDataWait>>().size(), 2);
        QCOMPARE(p.dataWaits().size(), 2);
        QCOMPARE(p.steps().size(), 2);
        QCOMPARE(p.steps().at(0).waitSeconds, 0.75);
        QVERIFY(qAbs(p.steps().at(0).otherSeconds() - 0.15) < 1e-12);
    }

    // --- The local server, with real sockets.

    void socketPathFollowsTheEnvironment()
    {
        const QByteArray oldCustom = qgetenv("TENSORKITCHEN_SOCKET");
        const QByteArray oldRuntime = qgetenv("XDG_RUNTIME_DIR");
        qputenv("TENSORKITCHEN_SOCKET", "/some/where.sock");
        QCOMPARE(WatchServer::socketPath(), QStringLiteral("/some/where.sock"));
        qunsetenv("TENSORKITCHEN_SOCKET");
        qputenv("XDG_RUNTIME_DIR", "/run/user/1000");
        QCOMPARE(WatchServer::socketPath(), QStringLiteral("/run/user/1000/tensor-kitchen/watch.sock"));
        qunsetenv("XDG_RUNTIME_DIR");
        QCOMPARE(WatchServer::socketPath(), QStringLiteral("/tmp/tensor-kitchen-%1/watch.sock").arg(::getuid()));
        if (!oldCustom.isNull())
            qputenv("TENSORKITCHEN_SOCKET", oldCustom);
        if (!oldRuntime.isNull())
            qputenv("XDG_RUNTIME_DIR", oldRuntime);
    }

    void serverMakesAPrivateFolder()
    {
        QTemporaryDir dir;
        const QByteArray oldRuntime = qgetenv("XDG_RUNTIME_DIR");
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir.path()));
        qunsetenv("TENSORKITCHEN_SOCKET");
        {
            WatchServer server;
            QVERIFY2(server.listen(), qPrintable(server.errorString()));
            QCOMPARE(server.path(), dir.path() + QStringLiteral("/tensor-kitchen/watch.sock"));
            struct stat st{};
            QCOMPARE(::stat(QFile::encodeName(dir.path() + QStringLiteral("/tensor-kitchen")).constData(), &st), 0);
            QCOMPARE(int(st.st_mode & 0777), 0700);
            QCOMPARE(::stat(QFile::encodeName(server.path()).constData(), &st), 0);
            QVERIFY(S_ISSOCK(st.st_mode));
            QCOMPARE(int(st.st_mode & 0077), 0); // nobody else may connect
        }
        QVERIFY(!QFileInfo::exists(dir.path() + QStringLiteral("/tensor-kitchen/watch.sock"))); // gone with the server
        if (oldRuntime.isNull())
            qunsetenv("XDG_RUNTIME_DIR");
        else
            qputenv("XDG_RUNTIME_DIR", oldRuntime);
    }

    void staleSocketIsReplacedLiveOneIsNot()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("w.sock"));
        QVERIFY(makeStaleSocket(path));
        WatchServer first;
        QVERIFY2(first.listen(path), qPrintable(first.errorString()));
        WatchServer second;
        QVERIFY(!second.listen(path)); // someone answers there
        QVERIFY(second.errorString().contains(QStringLiteral("Another")));
        QVERIFY(first.isListening());

        const QString plain = dir.filePath(QStringLiteral("plain"));
        QFile f(plain);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep me");
        f.close();
        WatchServer third;
        QVERIFY(!third.listen(plain));
        QCOMPARE(QFileInfo(plain).size(), qint64(7)); // never removed
    }

    void programConnectsAndIsWatched()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QLocalSocket client;
        client.connectToServer(server.path());
        QVERIFY(client.waitForConnected(2000));
        client.write(lines({hello(QCoreApplication::applicationPid()), move(1, "x"), move(2, "y"), kError}));
        QVERIFY(connected.wait(5000));
        WatchedProgram *p = connected.at(0).at(0).value<WatchedProgram *>();
        QVERIFY(p);
        QCOMPARE(p->hello().program, QStringLiteral("train.py"));
        QVERIFY(p->isRunning());
        client.write(lines({R"({"type":"bye","t":9.1,"exit_code":0})"}));
        client.flush();
        QTRY_COMPARE_WITH_TIMEOUT(p->state(), WatchedProgram::State::Ended, 5000);
        QVERIFY(p->endedByBye());
        QCOMPARE(p->moves().size(), 2);
        QCOMPARE(p->moves().at(1).sourceName, QStringLiteral("y"));
        QCOMPARE(p->errors().size(), 1);
        QCOMPARE(server.programs(), QList<WatchedProgram *>{p});
    }

    void disconnectEndsTheProgram()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        auto *client = new QLocalSocket(this);
        client->connectToServer(server.path());
        QVERIFY(client->waitForConnected(2000));
        client->write(lines({hello(QCoreApplication::applicationPid()), move(1)}));
        client->write(move(2)); // the last line has no '\n' when the program dies
        client->flush();
        QVERIFY(connected.wait(5000));
        WatchedProgram *p = connected.at(0).at(0).value<WatchedProgram *>();
        client->disconnectFromServer();
        delete client;
        QTRY_COMPARE_WITH_TIMEOUT(p->state(), WatchedProgram::State::Ended, 5000);
        QVERIFY(!p->endedByBye());
        QCOMPARE(p->moves().size(), 2);
    }

    void helloWithAnotherPidIsRefused()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QSignalSpy refused(&server, &WatchServer::programRefused);
        QLocalSocket client;
        client.connectToServer(server.path());
        QVERIFY(client.waitForConnected(2000));
        const qint64 other = QCoreApplication::applicationPid() + 1;
        client.write(lines({hello(other), move(1)}));
        QVERIFY(refused.wait(5000));
        QCOMPARE(refused.at(0).at(0).toLongLong(), QCoreApplication::applicationPid());
        QVERIFY(refused.at(0).at(1).toString().contains(QString::number(other)));
        QCOMPARE(connected.size(), 0);
        QVERIFY(server.programs().isEmpty());
        // The server hangs up on it.
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), QLocalSocket::UnconnectedState, 5000);
    }

    void twoProgramsStayApart()
    {
        QTemporaryDir dir;
        WatchServer server;
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QLocalSocket a, b;
        a.connectToServer(server.path());
        b.connectToServer(server.path());
        QVERIFY(a.waitForConnected(2000));
        QVERIFY(b.waitForConnected(2000));
        const qint64 pid = QCoreApplication::applicationPid();
        a.write(lines({hello(pid), move(1, "fromA"), move(2, "fromA")}));
        b.write(lines({hello(pid), move(1, "fromB")})); // ids are per stream
        QTRY_COMPARE_WITH_TIMEOUT(connected.size(), 2, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(server.programs().at(0)->moves().size() + server.programs().at(1)->moves().size(), 3, 5000);
        for (WatchedProgram *p : server.programs()) {
            const QList<MoveReport> moves = p->moves();
            QVERIFY(!moves.isEmpty());
            const QString name = moves.first().sourceName;
            QCOMPARE(moves.size(), name == QLatin1String("fromA") ? 2 : 1);
            for (const MoveReport &m : moves)
                QCOMPARE(m.sourceName, name); // never the other's
        }
        QVERIFY(server.programs().at(0) != server.programs().at(1));
    }

    void aFloodIsReadInTurns()
    {
        QTemporaryDir dir;
        WatchServer server;
        server.setReadBudget(1024);
        server.setBatchMs(0);
        QVERIFY(server.listen(dir.filePath(QStringLiteral("w.sock"))));
        QSignalSpy connected(&server, &WatchServer::programConnected);
        QLocalSocket client;
        client.connectToServer(server.path());
        QVERIFY(client.waitForConnected(2000));
        QList<QByteArray> flood{hello(QCoreApplication::applicationPid())};
        for (int i = 1; i <= 2000; ++i)
            flood << move(i);
        client.write(lines(flood));
        QVERIFY(connected.wait(5000));
        WatchedProgram *p = connected.at(0).at(0).value<WatchedProgram *>();
        int largest = 0;
        int batches = 0;
        connect(p, &WatchedProgram::movesArrived, this, [&](const QList<MoveReport> &m) {
            largest = qMax(largest, int(m.size()));
            ++batches;
        });
        QTRY_COMPARE_WITH_TIMEOUT(p->moveCount(), qint64(2000), 20000);
        // 1,024 bytes a turn hold at most 1024 / (a move line's length) + 1 whole lines; a
        // batch may span the few turns before its zero timer fires, never the whole flood.
        const int perTurn = 1024 / int(move(1000).size()) + 1;
        QVERIFY2(largest <= 3 * perTurn, qPrintable(QString::number(largest)));
        QVERIFY2(batches >= 2000 / (3 * perTurn), qPrintable(QString::number(batches)));
    }

    // --- Replay.

    // recording() as a file in `dir`; empty when it could not be written.
    static QString writeRecording(const QTemporaryDir &dir)
    {
        const QString path = dir.filePath(QStringLiteral("run.tkwatch"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(recording()) != recording().size())
            return {};
        return path;
    }

    void replayAsFastAsPossibleGivesTheSameState()
    {
        QTemporaryDir dir;
        const QString path = writeRecording(dir);
        QVERIFY(!path.isEmpty());

        WatchedProgram direct;
        direct.feed(recording());
        direct.finishInput();

        WatchReplay replay;
        QVERIFY2(replay.open(path), qPrintable(replay.errorString()));
        replay.setSpeed(0);
        QSignalSpy finished(&replay, &WatchReplay::finished);
        QSignalSpy failed(&replay, &WatchReplay::failed);
        replay.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(failed.size(), 0);
        const WatchedProgram *p = replay.program();
        QCOMPARE(p->state(), direct.state());
        QCOMPARE(p->state(), WatchedProgram::State::Ended);
        QCOMPARE(p->exitCode(), 1);
        QCOMPARE(p->moves().size(), 2);
        QCOMPARE(p->moves().size(), direct.moves().size());
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(p->moves()[i].sourceName, direct.moves()[i].sourceName);
            QCOMPARE(p->moves()[i].seconds, direct.moves()[i].seconds);
        }
        QCOMPARE(p->moves()[1].seconds, 0.5); // the move_time was applied
        QCOMPARE(p->cards().size(), direct.cards().size());
        QCOMPARE(p->steps().size(), 1);
        QCOMPARE(p->dataWaits().size(), 1);
        QCOMPARE(p->errors().size(), 1);
        QCOMPARE(p->counters().malformed, qint64(1));
        QCOMPARE(p->counters().malformed, direct.counters().malformed);
        QCOMPARE(p->counters().dropped, qint64(5));
        QCOMPARE(p->device(QStringLiteral("cuda:0"))->peakAllocated, qint64(3000));
        QCOMPARE(p->device(QStringLiteral("cpu"))->peakRss, direct.device(QStringLiteral("cpu"))->peakRss);
    }

    void replayAtRealPaceTakesTheRecordingsTime()
    {
        QTemporaryDir dir;
        const QString path = writeRecording(dir); // t from 0 to 0.6 s
        QVERIFY(!path.isEmpty());
        for (double speed : {1.0, 4.0}) {
            WatchReplay replay;
            QVERIFY(replay.open(path));
            replay.setSpeed(speed);
            QSignalSpy finished(&replay, &WatchReplay::finished);
            QElapsedTimer clock;
            clock.start();
            replay.start();
            QVERIFY(finished.wait(10000));
            const double seconds = clock.elapsed() / 1000.0;
            QVERIFY2(seconds >= 0.6 / speed * 0.9, qPrintable(QString::number(seconds)));
            QVERIFY2(seconds < 0.6 / speed + 1.5, qPrintable(QString::number(seconds)));
            QCOMPARE(replay.program()->state(), WatchedProgram::State::Ended);
        }
    }

    void replayPausesAndStops()
    {
        QTemporaryDir dir;
        const QString path = writeRecording(dir);
        QVERIFY(!path.isEmpty());
        WatchReplay replay;
        QVERIFY(replay.open(path));
        QSignalSpy finished(&replay, &WatchReplay::finished);
        replay.start();
        QTRY_VERIFY_WITH_TIMEOUT(replay.program()->moveCount() >= 1, 5000); // t = 0.1
        replay.pause();
        const qint64 moves = replay.program()->moveCount();
        QTest::qWait(800); // past the recording's end, had it not been paused
        QCOMPARE(replay.program()->moveCount(), moves);
        QVERIFY(replay.program()->isRunning());
        QCOMPARE(finished.size(), 0);
        replay.stop();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(replay.program()->state(), WatchedProgram::State::Ended);
        QVERIFY(!replay.program()->endedByBye());
    }

    void corruptRecordingsFailClearly_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<qint64>("malformed");
        QByteArray noise;
        for (int i = 0; i < 100000; ++i)
            noise += char((i * 7919) % 251);
        QTest::newRow("noise") << noise << qint64(-1);
        QTest::newRow("empty") << QByteArray() << qint64(0);
        QTest::newRow("no hello") << lines({move(1), move(2)}) << qint64(0);
        QTest::newRow("cut in its hello") << hello().left(40) << qint64(1);
    }

    void corruptRecordingsFailClearly()
    {
        QFETCH(QByteArray, contents);
        QFETCH(qint64, malformed);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.tkwatch"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(contents);
        f.close();
        WatchReplay replay;
        QVERIFY(replay.open(path));
        replay.setSpeed(0);
        QSignalSpy failed(&replay, &WatchReplay::failed);
        QSignalSpy finished(&replay, &WatchReplay::finished);
        replay.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(failed.size(), 1);
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QCOMPARE(replay.program()->state(), WatchedProgram::State::Refused);
        if (malformed >= 0)
            QCOMPARE(replay.program()->counters().malformed, malformed);
        else
            QVERIFY(replay.program()->counters().malformed + replay.program()->counters().oversized > 0);
    }

    void replayRefusesWhatIsNotAFile()
    {
        QTemporaryDir dir;
        WatchReplay replay;
        QVERIFY(!replay.open(dir.path()));
        QVERIFY(replay.errorString().contains(QStringLiteral("not a file")));
        QVERIFY(!replay.open(dir.filePath(QStringLiteral("missing.tkwatch"))));
        QVERIFY(!replay.errorString().isEmpty());
    }

    void replayReadsAtMostItsCap()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.tkwatch"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QList<QByteArray> many{hello()};
        for (int i = 1; i <= 1000; ++i)
            many << move(i);
        f.write(lines(many));
        f.close();
        WatchReplay replay;
        QVERIFY(replay.open(path));
        replay.setSpeed(0);
        replay.setMaxBytes(20000);
        QSignalSpy notice(&replay, &WatchReplay::notice);
        QSignalSpy finished(&replay, &WatchReplay::finished);
        replay.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(notice.size(), 1);
        QCOMPARE(replay.bytesRead(), qint64(20000));
        QVERIFY(replay.program()->moveCount() > 10);
        QVERIFY(replay.program()->moveCount() < 1000);
    }
};

QTEST_GUILESS_MAIN(TestWatchProtocol)
#include "tst_watchprotocol.moc"
