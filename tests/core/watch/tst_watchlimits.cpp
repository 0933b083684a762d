// The watch protocol's limits and rejections (docs/watch-protocol.md, "Limits the reader
// enforces"): one row per rule, strings cut, and a stream that goes on past what it refused.
// Qt Core only: no LibTorch, no display.
#include "support/watchlines.h"
#include "core/watch/private/stepset.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchparser.h"

#include <QTest>

using tk::WatchedProgram;
using tk::WatchParser;
using namespace tk::testsupport;
using Rejection = WatchParser::Rejection;

class TestWatchLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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
        QTest::newRow("step calls 64") << withEntries("step calls", 64) << ok;
        QTest::newRow("step calls 65") << withEntries("step calls", 65) << bad;
        QTest::newRow("call n 0") << QByteArray(
            R"({"type":"step","t":1,"n":1,"calls":[{"line":1,"what":"item","n":0}]})")
                                  << bad;
        QTest::newRow("call without what")
            << QByteArray(R"({"type":"step","t":1,"n":1,"calls":[{"line":1,"n":1}]})") << bad;
        QTest::newRow("call not an object") << QByteArray(R"({"type":"step","t":1,"n":1,"calls":["item"]})") << bad;
        QTest::newRow("call seconds negative")
            << QByteArray(R"({"type":"step","t":1,"n":1,"calls":[{"what":"item","n":1,"seconds":-1}]})") << bad;

        QTest::newRow("gpu_idle a number") << QByteArray(R"({"type":"step","t":1,"n":2,"gpu_idle":0.5})") << bad;
        QTest::newRow("gpu_idle without seconds")
            << QByteArray(R"({"type":"step","t":1,"n":2,"gpu_idle":{"line":3}})") << bad;
        QTest::newRow("gpu_idle negative")
            << QByteArray(R"({"type":"step","t":1,"n":2,"gpu_idle":{"seconds":-0.1}})") << bad;
        QTest::newRow("gpu_idle line 0") << QByteArray(
            R"({"type":"step","t":1,"n":2,"gpu_idle":{"seconds":0.1,"line":0}})")
                                         << bad;
        QTest::newRow("source_bytes negative")
            << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":4,"source_bytes":-8})")
            << bad;
        QTest::newRow("dataset_bytes as string")
            << QByteArray(R"({"type":"data_wait","t":1,"seconds":0.1,"dataset_bytes":"8"})") << bad;
        QTest::newRow("NaN") << QByteArray(R"({"type":"dropped","t":NaN,"count":1})") << bad;
        QTest::newRow("infinite") << QByteArray(R"({"type":"dropped","t":1e999,"count":1})") << bad;
        QTest::newRow("negative t") << QByteArray(R"({"type":"dropped","t":-1,"count":1})") << bad;
        QTest::newRow("negative count") << QByteArray(R"({"type":"dropped","t":1,"count":-1})") << bad;
        QTest::newRow("fractional count") << QByteArray(R"({"type":"dropped","t":1,"count":1.5})") << bad;
        QTest::newRow("negative bytes") << QByteArray(
            R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":-4})")
                                        << bad;
        QTest::newRow("negative seconds") << QByteArray(R"({"type":"move_time","t":1,"id":1,"seconds":-0.1})") << bad;
        QTest::newRow("line 0") << QByteArray(
            R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":4,"line":0})")
                                << bad;
        QTest::newRow("count as string") << QByteArray(R"({"type":"dropped","t":1,"count":"1"})") << bad;
        QTest::newRow("name as number") << QByteArray(
            R"({"type":"move","t":1,"id":1,"name":5,"from":"cpu","to":"meta","bytes":4})")
                                        << bad;
        QTest::newRow("pinned as number")
            << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":4,"pinned":1})") << bad;
        QTest::newRow("missing bytes") << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta"})") << bad;
        QTest::newRow("missing t") << QByteArray(R"({"type":"dropped","count":1})") << bad;
        QTest::newRow("missing type") << QByteArray(R"({"t":1,"count":1})") << bad;
        QTest::newRow("type as number") << QByteArray(R"({"type":3,"t":1})") << bad;
        QTest::newRow("device a path") << QByteArray(
            R"({"type":"move","t":1,"id":1,"from":"../../etc/passwd","to":"meta","bytes":4})")
                                       << bad;
        QTest::newRow("device upper case")
            << QByteArray(R"({"type":"move","t":1,"id":1,"from":"CUDA:0","to":"meta","bytes":4})") << bad;
        QTest::newRow("device with a command")
            << QByteArray(R"({"type":"move","t":1,"id":1,"from":"cpu;rm -rf","to":"meta","bytes":4})") << bad;
        QTest::newRow("device xpu:1") << QByteArray(
            R"({"type":"move","t":1,"id":1,"from":"xpu:1","to":"mps","bytes":4})")
                                      << ok;
        QTest::newRow("items not objects") << QByteArray(R"({"type":"tensors","t":1,"items":[1,2]})") << bad;
        QTest::newRow("a JSON array") << QByteArray(R"([{"type":"dropped","t":1,"count":1}])") << bad;
        QTest::newRow("not JSON") << QByteArray("hello world") << bad;
        QTest::newRow("empty line") << QByteArray("") << bad;
        QTest::newRow("unknown type") << QByteArray(R"({"type":"telemetry","t":1})") << int(Rejection::Unknown);
        // A DDP rank's optional fields (tensorkitchen.replicas): typed wrongly, the line goes.
        QTest::newRow("rank as string") << QByteArray(R"({"type":"hello","t":0,"v":1,"pid":7,"rank":"0"})") << bad;
        QTest::newRow("negative rank") << QByteArray(R"({"type":"hello","t":0,"v":1,"pid":7,"rank":-1})") << bad;
        QTest::newRow("world_size 0") << QByteArray(R"({"type":"hello","t":0,"v":1,"pid":7,"world_size":0})") << bad;
        QTest::newRow("backend as number") << QByteArray(R"({"type":"hello","t":0,"v":1,"pid":7,"backend":1})") << bad;
        QTest::newRow("hello device a path")
            << QByteArray(R"({"type":"hello","t":0,"v":1,"pid":7,"device":"../x"})") << bad;
        QTest::newRow("threads fractional")
            << QByteArray(R"({"type":"hello","t":0,"v":1,"pid":7,"threads":1.5})") << bad;
        QTest::newRow("step rank fractional") << QByteArray(R"({"type":"step","t":1,"n":1,"rank":0.5})") << bad;
        QTest::newRow("step loss as string") << QByteArray(R"({"type":"step","t":1,"n":1,"loss":"0.6"})") << bad;
        QTest::newRow("step loss NaN") << QByteArray(R"({"type":"step","t":1,"n":1,"loss":NaN})") << bad;
        QTest::newRow("negative forward_s") << QByteArray(R"({"type":"step","t":1,"n":1,"forward_s":-1})") << bad;
        QTest::newRow("allreduce_s as bool") << QByteArray(R"({"type":"step","t":1,"n":1,"allreduce_s":true})") << bad;
        QTest::newRow("negative allreduce_bytes")
            << QByteArray(R"({"type":"step","t":1,"n":1,"allreduce_bytes":-8})") << bad;
        QTest::newRow("samples as string") << QByteArray(R"({"type":"step","t":1,"n":1,"samples":"64"})") << bad;
        QTest::newRow("negative loss is a number") << QByteArray(R"({"type":"step","t":1,"n":1,"loss":-0.5})") << ok;
    }

    void limits()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, rejection);
        const WatchParser::Result r = WatchParser::parse(line);
        QVERIFY2(int(r.rejection) == rejection, qPrintable(r.reason));
        QCOMPARE(r.reason.isEmpty(), r.ok()); // a rejection says why
    }

    // The findings count the steps a line was seen in over the kept 100,000 moves, waits and
    // calls: exactly, whether the steps come in order (a loop's) or not (another thread's).
    void findingsCountDistinctStepsInAnyOrder()
    {
        tk::StepSet inOrder, mixed, other;
        for (qint64 step : {1, 1, 2, 2, 2, 3, 5, 5})
            inOrder.insert(step);
        for (qint64 step : {5, 3, 3, 1, 2, 5, 1, 2})
            mixed.insert(step);
        for (qint64 step : {2, 5, 9, 9})
            other.insert(step);
        QCOMPARE(inOrder.size(), 4);
        QCOMPARE(mixed.size(), 4);
        QCOMPARE(inOrder.commonWith(mixed), 4);
        QCOMPARE(mixed.commonWith(other), 2);
        mixed.insert(4); // after it was sorted, one more out of order
        QCOMPARE(mixed.size(), 5);
        other.unite(mixed);
        QCOMPARE(other.size(), 6); // 1 2 3 4 5 9
        QCOMPARE(other.commonWith(inOrder), 4);

        // A loop seen in every step of a long run, and a line seen in every other one.
        tk::StepSet every, odd;
        for (qint64 step = 1; step <= 100000; ++step) {
            every.insert(step);
            every.insert(step);
            if (step % 2)
                odd.insert(step);
        }
        QCOMPARE(every.size(), 100000);
        QCOMPARE(odd.size(), 50000);
        QCOMPARE(every.commonWith(odd), 50000);
        odd.insert(100002);
        odd.insert(99998); // back in time: sorted in
        QCOMPARE(odd.size(), 50002);
        QCOMPARE(odd.commonWith(every), 50001);
        every.unite(odd);
        QCOMPARE(every.size(), 100001);
    }

    void stringsAreCut()
    {
        const QString longName(5000, QLatin1Char('n'));
        const WatchParser::Result r
            = WatchParser::parse(QStringLiteral(R"({"type":"notice","t":1,"text":"%1"})").arg(longName).toUtf8());
        QVERIFY(r.ok());
        QCOMPARE(r.message.as<tk::message::Notice>().text.size(), WatchParser::kMaxString);
        QCOMPARE(r.message.as<tk::message::Notice>().text, longName.left(WatchParser::kMaxString));
    }

    void malformedAndUnknownAreCountedAndSkipped()
    {
        WatchedProgram p;
        feedAll(p,
                {hello(), "garbage", R"({"type":"telemetry","t":1})", R"({"type":"dropped","t":1,"count":"x"})",
                 move(1), QByteArray(70000, 'x'), move(2), R"({"type":"dropped","t":2,"count":12})",
                 R"({"type":"dropped","t":3,"count":3})"});
        QCOMPARE(p.state(), WatchedProgram::State::Running);
        QCOMPARE(p.counters().malformed, qint64(2));
        QCOMPARE(p.counters().unknown, qint64(1));
        QCOMPARE(p.counters().oversized, qint64(1));
        QCOMPARE(p.counters().dropped, qint64(15)); // summed
        QCOMPARE(p.moves().size(), 2); // the stream went on
    }
};

QTEST_GUILESS_MAIN(TestWatchLimits)
#include "tst_watchlimits.moc"
