// A watched program's stream as a Chrome trace: the Trace Event Format's structure (what
// Perfetto and chrome://tracing read), times in microseconds, one process per rank, and the
// bench's `watch --replay … --format trace`.
#include "support/benchrun.h"
#include "support/testsupport.h"
#include "core/watch/watchparser.h"
#include "core/watch/watchtrace.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace tk;

namespace {

// One rank's stream, as a watcher writes it (docs/watch-protocol.md).
QByteArray stream(int pid, int rank)
{
    return QStringLiteral(
               R"({"type":"hello","t":0,"v":1,"pid":%1,"program":"/u/train.py","python":"3.11.2","torch":"2.14.1","rank":%2,"world_size":2,"group":"job7","devices":[{"device":"cpu"}]}
{"type":"memory","t":0.1,"devices":[{"device":"cpu","rss":1000},{"device":"cuda:0","allocated":700,"reserved":800}]}
{"type":"move","t":1.5,"id":1,"api":"Tensor.to","kind":"tensor","name":"x","from":"cpu","to":"cuda:0","bytes":24,"shape":[2,3],"dtype":"float32","pinned":true,"non_blocking":true,"seconds":0.001,"timing":"wall","step":1,"file":"/u/train.py","line":12}
{"type":"move","t":1.6,"id":2,"api":"Tensor.to","kind":"tensor","name":"y","from":"cpu","to":"cuda:0","bytes":8,"seconds":null,"timing":"cuda_events","file":"/u/train.py","line":13}
{"type":"data_wait","t":1.7,"seconds":0.25,"batch":0,"workers":2,"pin_memory":true,"step":1,"file":"/u/train.py","line":20}
{"type":"move_time","t":1.8,"id":2,"seconds":0.002}
{"type":"step","t":2.0,"n":1,"optimizer":"Adam","seconds":2.0,"wait_s":0.25,"copy_s":0.003,"bytes":32,"moves":2,"file":"/u/train.py","line":25}
{"type":"error","t":2.5,"kind":"device_mismatch","exception":"RuntimeError","message":"Expected all tensors to be on the same device","devices":["cuda:0","cpu"],"file":"/u/train.py","line":31,"code":"y = w @ x","caught":false}
{"type":"bye","t":2.6,"exit_code":1}
)")
        .arg(pid)
        .arg(rank)
        .toUtf8();
}

// An event as both writers must agree on it: its phase, name, lane, category, whole µs, and
// its args without the fields one writer leaves out and the other writes empty ("", 0, null).
// An error's `kind` is left out: the app names the kinds of "other" it has dialogs for.
QJsonObject comparable(QJsonObject e)
{
    for (const char *key : {"ts", "dur"})
        if (e.contains(QLatin1String(key)))
            e[QLatin1String(key)] = std::round(e.value(QLatin1String(key)).toDouble());
    QJsonObject args = e.value(QLatin1String("args")).toObject();
    for (const QString &key : args.keys()) {
        const QJsonValue v = args.value(key);
        if (v.isNull() || (v.isString() && v.toString().isEmpty()) || (v.isDouble() && v.toDouble() == 0))
            args.remove(key);
        else if (v.isDouble())
            args[key] = std::round(v.toDouble() * 1e9) / 1e9; // seconds to the ns, counts exactly
    }
    if (e.value(QLatin1String("cat")) == QLatin1String("error"))
        args.remove(QStringLiteral("kind"));
    if (!args.isEmpty() || e.contains(QLatin1String("args")))
        e[QStringLiteral("args")] = args;
    return e;
}

void feed(WatchTrace &trace, const QByteArray &text)
{
    for (const QByteArray &line : text.split('\n')) {
        if (line.isEmpty())
            continue;
        const WatchParser::Result r = WatchParser::parse(line);
        QVERIFY2(r.ok(), qPrintable(r.reason + ": " + line));
        trace.add(r.message);
    }
}

QJsonArray eventsOf(const QByteArray &json)
{
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &e);
    if (e.error != QJsonParseError::NoError || !doc.isObject())
        return {};
    return doc.object().value("traceEvents").toArray();
}

QList<QJsonObject> select(const QJsonArray &events, const QString &phase, qint64 pid = -1)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : events)
        if (v.toObject().value("ph").toString() == phase
            && (pid < 0 || qint64(v.toObject().value("pid").toDouble()) == pid))
            out << v.toObject();
    return out;
}

} // namespace

class TestWatchTrace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every event as the Trace Event Format wants it: a known phase, a name, a pid; slices with
    // ts and dur in microseconds; counters with numbers; instants with a scope; metadata names.
    void everyEventIsWellFormed()
    {
        WatchTrace trace;
        feed(trace, stream(4242, 1));
        const QByteArray json = trace.toJson();
        const QJsonDocument doc = QJsonDocument::fromJson(json);
        QVERIFY(doc.isObject());
        QCOMPARE(doc.object().value("displayTimeUnit").toString(), QStringLiteral("ms"));
        const QJsonArray events = eventsOf(json);
        QVERIFY(!events.isEmpty());
        const QSet<QString> metadataNames{"process_name", "process_sort_index", "process_labels", "thread_name",
                                          "thread_sort_index"};
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString ph = e.value("ph").toString();
            QVERIFY2(QSet<QString>({"X", "C", "i", "M"}).contains(ph), qPrintable(ph));
            QVERIFY(!e.value("name").toString().isEmpty());
            QCOMPARE(e.value("pid").toDouble(), 4242.0);
            if (ph == "M") {
                QVERIFY2(metadataNames.contains(e.value("name").toString()), qPrintable(e.value("name").toString()));
                QVERIFY(e.value("args").isObject());
                continue;
            }
            QVERIFY(e.value("ts").isDouble() && e.value("ts").toDouble() >= 0);
            if (ph == "X") {
                QVERIFY(e.value("dur").toDouble() >= 0);
                QVERIFY(QSet<int>({WatchTrace::Steps, WatchTrace::Moves, WatchTrace::DataWaits})
                            .contains(e.value("tid").toInt()));
            }
            if (ph == "C")
                for (const QJsonValue &a : e.value("args").toObject())
                    QVERIFY(a.isDouble());
            if (ph == "i")
                QCOMPARE(e.value("s").toString(), QStringLiteral("p"));
        }
    }

    // What each slice says: the move ends at its message's t (1.5 s) after 1 ms; a move timed
    // later by CUDA events keeps its end and gets its duration; the step spans its seconds.
    void slicesSayWhatHappened()
    {
        WatchTrace trace;
        feed(trace, stream(7, 0));
        const QList<QJsonObject> slices = select(eventsOf(trace.toJson()), "X");
        QCOMPARE(slices.size(), 4); // two moves, a data wait, a step
        const QJsonObject x = slices.at(0);
        QCOMPARE(x.value("name").toString(), QStringLiteral("x cpu → cuda:0"));
        QCOMPARE(x.value("tid").toInt(), int(WatchTrace::Moves));
        QCOMPARE(x.value("ts").toDouble(), 1499000.0);
        QCOMPARE(x.value("dur").toDouble(), 1000.0);
        const QJsonObject args = x.value("args").toObject();
        for (const char *key : {"name", "bytes", "from", "to", "pinned", "non_blocking", "file", "line"})
            QVERIFY2(args.contains(key), key);
        QCOMPARE(args.value("bytes").toInt(), 24);
        QCOMPARE(args.value("pinned").toBool(), true);
        QCOMPARE(args.value("line").toInt(), 12);
        QCOMPARE(args.value("shape").toArray().size(), 2);
        const QJsonObject y = slices.at(1);
        QCOMPARE(y.value("dur").toDouble(), 2000.0);
        QCOMPARE(y.value("ts").toDouble(), 1598000.0);
        QVERIFY(!y.value("args").toObject().contains("timed"));
        const QJsonObject wait = slices.at(2);
        QCOMPARE(wait.value("tid").toInt(), int(WatchTrace::DataWaits));
        QCOMPARE(wait.value("dur").toDouble(), 250000.0);
        QCOMPARE(wait.value("args").toObject().value("workers").toInt(), 2);
        const QJsonObject step = slices.at(3);
        QCOMPARE(step.value("name").toString(), QStringLiteral("step 1"));
        QCOMPARE(step.value("ts").toDouble(), 0.0);
        QCOMPARE(step.value("dur").toDouble(), 2000000.0);
        const QList<QJsonObject> counters = select(eventsOf(trace.toJson()), "C");
        QCOMPARE(counters.size(), 2);
        QCOMPARE(counters.at(1).value("name").toString(), QStringLiteral("memory cuda:0"));
        QCOMPARE(counters.at(1).value("args").toObject().value("allocated").toInt(), 700);
        const QList<QJsonObject> errors = select(eventsOf(trace.toJson()), "i");
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.at(0).value("args").toObject().value("kind").toString(), QStringLiteral("device-mismatch"));
        QCOMPARE(errors.at(0).value("args").toObject().value("line").toInt(), 31);
    }

    // A notebook, as a real kernel recorded it: each cell a slice on a lane of its own, named
    // as Jupyter numbers it, and the moves and the error carry their cell.
    void notebookCellsAreSlices()
    {
        QFile f(qEnvironmentVariable("TK_SOURCE_DIR") + "/tests/fixtures/notebook.tkwatch");
        QVERIFY(f.open(QIODevice::ReadOnly));
        WatchTrace trace;
        feed(trace, f.readAll());
        const QJsonArray events = eventsOf(trace.toJson());
        QStringList cells, moves;
        for (const QJsonObject &x : select(events, "X")) {
            const QJsonObject args = x.value("args").toObject();
            if (x.value("cat").toString() == "cell") {
                QCOMPARE(x.value("tid").toInt(), int(WatchTrace::Cells));
                cells << x.value("name").toString() + (args.value("error").toBool() ? "!" : "");
            } else if (x.value("cat").toString() == "move") {
                moves << QStringLiteral("%1@%2").arg(args.value("name").toString()).arg(args.value("cell").toInt());
            }
        }
        QCOMPARE(cells, (QStringList{"cell [2]", "cell [3]", "cell [4]!"}));
        QCOMPARE(moves, (QStringList{"x@2", "batch@3"}));
        const QList<QJsonObject> errors = select(events, "i");
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.at(0).value("args").toObject().value("cell").toInt(), 4);
    }

    // The ranks of a job: one process each, named with its rank, sorted by it.
    void ranksAreProcessesSideBySide()
    {
        QTemporaryDir dir;
        QStringList files;
        for (int rank : {1, 0}) {
            files << dir.filePath(QStringLiteral("job.rank%1.tkwatch").arg(rank));
            QFile f(files.last());
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(stream(100 + rank, rank));
        }
        QString out, err;
        QCOMPARE(testsupport::runBench({"watch", "--replay", files[0], "--replay", files[1], "--format", "trace"}, &out,
                                       &err),
                 0);
        const QJsonArray events = eventsOf(out.toUtf8());
        for (int rank : {0, 1}) {
            const qint64 pid = 100 + rank;
            QString name;
            int sort = -1;
            for (const QJsonObject &m : select(events, "M", pid)) {
                if (m.value("name") == "process_name")
                    name = m.value("args").toObject().value("name").toString();
                if (m.value("name") == "process_sort_index")
                    sort = m.value("args").toObject().value("sort_index").toInt();
            }
            QCOMPARE(name, QStringLiteral("train.py · rank %1 of 2").arg(rank));
            QCOMPARE(sort, rank);
            QCOMPARE(select(events, "X", pid).size(), 4);
        }
    }

    // The timeline is written twice: here, and by `python -m tensorkitchen --trace`
    // (tensorkitchen/_trace.py). Both must write the same events for every recording under
    // tests/fixtures (findings aside: they are the app's reading, added by the bench and the
    // app's export, not by a recording's own events).
    void everyWriterWritesTheSameEvents()
    {
        const QString python = testsupport::torchPython();
        if (python.isEmpty())
            QSKIP("no Python with torch here: the package's writer cannot run");
        const QString source = qEnvironmentVariable("TK_SOURCE_DIR");
        QStringList fixtures;
        QDirIterator it(source + "/tests/fixtures", {"*.tkwatch"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            fixtures << it.next();
        fixtures.sort();
        QVERIFY(fixtures.size() >= 10);
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PYTHONPATH", source + "/python");
        p.setProcessEnvironment(env);
        p.start(python,
                QStringList{"-c",
                            "import sys\n"
                            "from tensorkitchen import _trace\n"
                            "for i, f in enumerate(sys.argv[2:]):\n"
                            "    _trace.write_trace(f, '%s/%d.json' % (sys.argv[1], i))\n",
                            dir.path()}
                    + fixtures);
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        for (int i = 0; i < fixtures.size(); ++i) {
            WatchTrace trace;
            QString error;
            QVERIFY2(trace.addRecording(fixtures[i], &error), qPrintable(error));
            const QJsonArray app = QJsonDocument::fromJson(trace.toJson()).object().value("traceEvents").toArray();
            QFile f(dir.filePath(QString::number(i) + ".json"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonArray package = QJsonDocument::fromJson(f.readAll()).object().value("traceEvents").toArray();
            QVERIFY2(app.size() > 10, qPrintable(fixtures[i]));
            QCOMPARE(package.size(), app.size());
            for (qsizetype k = 0; k < app.size(); ++k) {
                const QJsonObject a = comparable(app.at(k).toObject()), b = comparable(package.at(k).toObject());
                if (a != b)
                    QFAIL(qPrintable(QStringLiteral("%1, event %2:\napp     %3\npackage %4")
                                         .arg(QFileInfo(fixtures[i]).fileName())
                                         .arg(k)
                                         .arg(QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact)),
                                              QString::fromUtf8(QJsonDocument(b).toJson(QJsonDocument::Compact)))));
            }
        }
    }

    // The trace keeps repeated strings once, in a table of its own, and a string past the
    // table's end in its event: each of 6,000 files and tensor names (more than the table
    // holds) comes back as it was given, and a CUDA-timed move gets its later time.
    void manyDistinctStringsComeBackExact()
    {
        WatchTrace trace;
        QByteArray text = stream(7, 0).split('\n').first() + '\n';
        const int n = 6000;
        for (int i = 0; i < n; ++i)
            text
                += QStringLiteral(
                       R"({"type":"move","t":%1,"id":%2,"api":"Tensor.to","kind":"tensor","name":"t%2","from":"cpu","to":"meta","bytes":%3,"seconds":%4,"timing":"%5","file":"/u/f%2.py","line":%6})"
                       "\n")
                       .arg(1.0 + i)
                       .arg(i)
                       .arg(i * 4)
                       .arg(i == n - 1 ? QStringLiteral("null") : QStringLiteral("0.5"))
                       .arg(i == n - 1 ? QStringLiteral("cuda_events") : QStringLiteral("wall"))
                       .arg(i + 1)
                       .toUtf8();
        text += QByteArray(R"({"type":"move_time","t":9000,"id":5999,"seconds":0.25})") + '\n';
        feed(trace, text);
        const QList<QJsonObject> moves = select(eventsOf(trace.toJson()), QStringLiteral("X"));
        QCOMPARE(moves.size(), n);
        for (int i = 0; i < n; ++i) {
            const QJsonObject args = moves.at(i).value("args").toObject();
            QCOMPARE(args.value("file").toString(), QStringLiteral("/u/f%1.py").arg(i));
            QCOMPARE(args.value("name").toString(), QStringLiteral("t%1").arg(i));
            QCOMPARE(moves.at(i).value("name").toString(), QStringLiteral("t%1 cpu → meta").arg(i));
            QCOMPARE(args.value("bytes").toDouble(), double(i * 4));
            QCOMPARE(args.value("api").toString(), QStringLiteral("Tensor.to"));
        }
        QCOMPARE(moves.constLast().value("dur").toDouble(), 250000.0);
        QCOMPARE(moves.constLast().value("ts").toDouble(), 6000.0 * 1e6 - 250000.0);
        QVERIFY(!moves.constLast().value("args").toObject().contains("timed"));
    }

    void badInputIsRefusedClearly()
    {
        QTemporaryDir dir;
        const QString junk = dir.filePath("junk.tkwatch");
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a recording\n{\"type\":\"step\",\"t\":1}\n");
        f.close();
        QString out, err;
        QCOMPARE(testsupport::runBench({"watch", "--replay", junk, "--format", "trace"}, &out, &err), 3);
        QVERIFY2(err.contains("not a Tensor Kitchen recording"), qPrintable(err));
        QCOMPARE(
            testsupport::runBench({"watch", "--replay", dir.filePath("none.tkwatch"), "--format", "trace"}, &out, &err),
            3);
        QVERIFY2(err.contains("Cannot read"), qPrintable(err));
        QCOMPARE(testsupport::runBench({"watch", "--listen", "--format", "trace"}, &out, &err), 2);
        QVERIFY2(err.contains("--format trace takes recordings"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestWatchTrace)
#include "tst_watchtrace.moc"
