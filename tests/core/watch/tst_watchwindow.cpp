// The watch protocol's `window` (docs/watch-protocol.md): a recording the watcher wrote, read
// by the app as python/tensorkitchen/_protocol.py expands it (tests/fixtures/window); its
// rejections; and the protocol's constants and columns, declared in _protocol.py, read here as
// the app reads them. Qt Core only: no LibTorch, no display.
#include "support/testsupport.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchparser.h"
#include "core/watch/watchtrace.h"
#include "core/watch/watchwindow.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTest>

using tk::WatchMessage;
using tk::WatchParser;
using tk::WatchWindow;

namespace {

QString fixture(const char *name)
{
    return qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/tests/fixtures/window/") + QLatin1String(name);
}

QList<QByteArray> lines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> out = f.readAll().split('\n');
    if (!out.isEmpty() && out.constLast().isEmpty())
        out.removeLast();
    return out;
}

// Every field the app keeps of a message, as text: two messages read alike read the same here.
QString facts(const WatchMessage &m)
{
    QStringList f{WatchMessage::typeName(m.type()), QString::number(m.t, 'f', 6)};
    const auto place = [&f](const QString &file, int line, int cell) {
        f << file << QString::number(line) << QString::number(cell);
    };
    switch (m.type()) {
    case WatchMessage::Type::Move: {
        const tk::MoveReport &r = m.move();
        f << QString::number(r.program.id) << r.program.api << r.program.className << r.sourceName << r.fromDevice
          << r.toDevice << QString::number(r.bytes) << QString::number(r.program.sourceBytes) << r.program.dtype
          << QString::number(r.program.pinned) << QString::number(r.program.nonBlocking) << QString::number(r.timed)
          << QString::number(r.seconds, 'g', 9) << r.timing << QString::number(r.program.step)
          << QString::number(r.inPlace);
        for (qint64 d : r.program.shape)
            f << QString::number(d);
        place(r.program.file, r.program.line, r.program.cell);
        break;
    }
    case WatchMessage::Type::MoveTime:
        f << QString::number(m.as<tk::message::MoveTime>().moveId)
          << QString::number(m.as<tk::message::MoveTime>().seconds, 'g', 9);
        break;
    case WatchMessage::Type::DataWait: {
        const tk::WatchDataWait &w = m.dataWait();
        f << QString::number(w.seconds, 'g', 9) << QString::number(w.batch) << QString::number(w.workers)
          << QString::number(w.pinMemory) << w.dataset << QString::number(w.datasetBytes) << QString::number(w.step);
        place(w.file, w.line, w.cell);
        break;
    }
    case WatchMessage::Type::Step: {
        const tk::WatchStep &s = m.step();
        f << QString::number(s.n) << s.optimizer << QString::number(s.seconds, 'g', 9)
          << QString::number(s.waitSeconds, 'g', 9) << QString::number(s.copySeconds, 'g', 9)
          << QString::number(s.bytes) << QString::number(s.moves) << QString::number(s.collectiveSeconds, 'g', 9)
          << QString::number(s.collectives) << QString::number(s.gpuIdleSeconds, 'g', 9);
        place(s.file, s.line, s.cell);
        place(s.gpuIdleFile, s.gpuIdleLine, s.gpuIdleCell);
        for (const tk::WatchCall &c : m.as<tk::message::Step>().calls) {
            f << c.what << c.device << QString::number(c.count) << QString::number(c.seconds, 'g', 9)
              << QString::number(c.step);
            place(c.file, c.line, c.cell);
        }
        break;
    }
    default:
        break; // the other types are never in a window: compared by their type and t
    }
    return f.join(QLatin1Char('|'));
}

QStringList read(const QList<QByteArray> &input)
{
    QStringList out;
    for (const QByteArray &line : input) {
        const WatchParser::Result r = WatchParser::parse(line);
        if (!r.ok())
            return {QStringLiteral("rejected: ") + r.reason};
        r.forEach([&out](const WatchMessage &m) { out << facts(m); });
    }
    return out;
}

// An array of one value (a braced QJsonArray of one QJsonArray is a copy of it with clang,
// an array holding it with GCC).
QJsonArray one(const QJsonValue &v)
{
    QJsonArray a;
    a.append(v);
    return a;
}

QByteArray window(const QJsonObject &changes)
{
    // A well-formed window of one wait, one move and one step with a call and a gpu_idle;
    // `changes` replace its fields (null removes one).
    QJsonObject w{{"type", "window"},
                  {"t", 2.5},
                  {"t0", 2.4},
                  {"n0", 3},
                  {"id0", 10},
                  {"sites",
                   QJsonArray{QJsonObject{{"type", "move"},
                                          {"api", "Tensor.to"},
                                          {"kind", "tensor"},
                                          {"from", "cpu"},
                                          {"to", "meta"},
                                          {"bytes", 64}},
                              QJsonObject{{"type", "data_wait"}, {"workers", 0}},
                              QJsonObject{{"type", "step"}, {"optimizer", "SGD"}},
                              QJsonObject{{"type", "call"}, {"what", "item"}, {"device", "cpu"}},
                              QJsonObject{{"type", "place"}, {"file", "/a.py"}, {"line", 3}}}},
                  {"site", QJsonArray{1, 0, 2}},
                  {"dt", QJsonArray{100, 5, 200}},
                  {"move", QJsonObject{{"seconds", QJsonArray{12}}}},
                  {"data_wait", QJsonObject{{"seconds", QJsonArray{30}}, {"batch", QJsonArray{0}}}},
                  {"step",
                   QJsonObject{{"seconds", QJsonArray{350}},
                               {"wait_s", QJsonArray{30}},
                               {"copy_s", QJsonArray{12}},
                               {"bytes", QJsonArray{64}},
                               {"moves", QJsonArray{1}},
                               {"calls", one(QJsonArray{3, 2, 1})},
                               {"gpu_idle", one(QJsonArray{4, 40})}}},
                  {"times", one(QJsonArray{10, 7})}};
    for (auto it = changes.begin(); it != changes.end(); ++it) {
        if (it.value().isNull())
            w.remove(it.key());
        else
            w.insert(it.key(), it.value());
    }
    return QJsonDocument(w).toJson(QJsonDocument::Compact);
}

// One step column of the window above replaced.
QJsonObject stepColumn(const char *name, const QJsonValue &column)
{
    QJsonObject step = QJsonDocument::fromJson(window({})).object().value("step").toObject();
    step.insert(QLatin1String(name), column);
    return QJsonObject{{"step", step}};
}

// _protocol.py's declarations, as its own Python reads them (the module imports nothing of
// torch); empty when there is no Python.
QJsonObject declaration()
{
    const QString python = tk::testsupport::torchPython(false);
    if (python.isEmpty())
        return {};
    QProcess p;
    p.start(python,
            {"-c",
             "import json, sys; sys.path.insert(0, sys.argv[1]); import _protocol as p; "
             "print(json.dumps({'version': p.VERSION, 'max_line': p.MAX_LINE, "
             "'max_string': p.MAX_STRING, 'max_call_lines': p.MAX_CALL_LINES, "
             "'columns': {k: [c + (' µs' if c in p.MICROS else '') for c in v] "
             "for k, v in p.COLUMNS.items()}, 'site_types': list(p.SITE_TYPES), "
             "'messages': p.MESSAGES, 'not_read': sorted(p.NOT_READ)}))",
             qEnvironmentVariable("TK_SOURCE_DIR") + "/python/tensorkitchen"});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

} // namespace

class TestWatchWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A recording the watcher wrote (and a window built by its code for what needs a GPU) reads
    // as the messages Python's expansion of it wrote out: the same in every field, in order.
    void recordingReadsAsPythonExpandsIt()
    {
        const QList<QByteArray> recorded = lines(fixture("window.tkwatch"));
        const QList<QByteArray> expanded = lines(fixture("window.expanded.jsonl"));
        QVERIFY(!recorded.isEmpty() && !expanded.isEmpty());
        int windows = 0;
        for (const QByteArray &line : recorded)
            windows += line.contains("\"type\":\"window\"");
        QVERIFY2(windows >= 2, "the fixture holds the watcher's windows");
        const QStringList fromWindows = read(recorded);
        const QStringList fromMessages = read(expanded);
        QCOMPARE(fromWindows.size(), expanded.size());
        QCOMPARE(fromWindows, fromMessages);
        // What it holds: 5 + 3 steps, the CUDA window's pending moves timed later, its gpu_idle.
        QCOMPARE(fromWindows.filter(QRegularExpression("^step\\|")).size(), 8);
        QCOMPARE(fromWindows.filter(QRegularExpression("^move_time\\|")).size(), 2);
        QVERIFY(fromWindows.filter(QStringLiteral("|/home/u/train.py|13|0")).size() == 1);
    }

    // The timeline of the recording is the timeline of the messages it stands for.
    void timelineIsTheSame()
    {
        tk::WatchTrace fromWindows, fromMessages;
        QString error;
        QVERIFY2(fromWindows.addRecording(fixture("window.tkwatch"), &error), qPrintable(error));
        QVERIFY2(fromMessages.addRecording(fixture("window.expanded.jsonl"), &error), qPrintable(error));
        QVERIFY(fromWindows.eventCount() > 30);
        QCOMPARE(fromWindows.toJson(), fromMessages.toJson());
    }

    void expandsItsEvents()
    {
        const WatchParser::Result r = WatchParser::parse(window({}));
        QVERIFY2(r.ok(), qPrintable(r.reason));
        QList<WatchMessage> all;
        r.forEach([&all](const WatchMessage &m) { all << m; });
        QCOMPARE(all.size(), 4);
        QCOMPARE(all[0].type(), WatchMessage::Type::DataWait);
        QCOMPARE(all[0].t, 2.4001);
        QCOMPARE(all[0].dataWait().seconds, 30e-6);
        QCOMPARE(all[0].dataWait().step, 3);
        QCOMPARE(all[1].type(), WatchMessage::Type::Move);
        QCOMPARE(all[1].move().program.id, 10);
        QCOMPARE(all[1].move().program.step, 3);
        QCOMPARE(all[1].move().seconds, 12e-6);
        QCOMPARE(all[1].move().bytes, 64);
        QCOMPARE(all[2].type(), WatchMessage::Type::Step);
        QCOMPARE(all[2].step().n, 4);
        QCOMPARE(all[2].step().seconds, 350e-6);
        QCOMPARE(all[2].step().bytes, 64);
        QCOMPARE(all[2].as<tk::message::Step>().calls.size(), 1);
        QCOMPARE(all[2].as<tk::message::Step>().calls[0].count, 2);
        QCOMPARE(all[2].as<tk::message::Step>().calls[0].step, 4);
        QCOMPARE(all[2].step().gpuIdleSeconds, 40e-6);
        QCOMPARE(all[2].step().gpuIdleLine, 3);
        QCOMPARE(all[3].type(), WatchMessage::Type::MoveTime);
        QCOMPARE(all[3].as<tk::message::MoveTime>().moveId, 10);
        QCOMPARE(all[3].as<tk::message::MoveTime>().seconds, 7e-6);
    }

    void rejections_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no site") << window({{"site", QJsonArray{1, 9, 2}}}) << "names no site";
        QTest::newRow("site not an index") << window({{"site", QJsonArray{1, "0", 2}}}) << "names no site";
        QTest::newRow("site and dt differ") << window({{"dt", QJsonArray{1, 2}}}) << "differ";
        QTest::newRow("negative dt") << window({{"dt", QJsonArray{1, -1, 2}}}) << "whole microseconds";
        QTest::newRow("fractional µs") << window({{"move", QJsonObject{{"seconds", one(2.5)}}}})
                                       << "whole microseconds";
        QTest::newRow("a column too short")
            << window({{"data_wait", QJsonObject{{"seconds", QJsonArray{}}}}}) << "one entry per data_wait";
        QTest::newRow("a column not an array")
            << window({{"move", QJsonObject{{"seconds", 3}}}}) << "one entry per move";
        QTest::newRow("columns not an object") << window({{"move", QJsonArray{3}}}) << "object of columns";
        QTest::newRow("a call site as an event")
            << window({{"site", QJsonArray{1, 0, 3}}, {"step", QJsonValue()}}) << "a call site";
        QTest::newRow("calls not triples") << window(stepColumn("calls", one(QJsonArray{3, 1}))) << "triples";
        QTest::newRow("calls name a step site") << window(stepColumn("calls", one(QJsonArray{2, 1, 1}))) << "not one";
        QTest::newRow("gpu_idle of a call site") << window(stepColumn("gpu_idle", one(QJsonArray{3, 1}))) << "not one";
        QTest::newRow("a move without id0") << window({{"id0", QJsonValue()}}) << "id0";
        QTest::newRow("empty") << window({{"site", QJsonArray{}},
                                          {"dt", QJsonArray{}},
                                          {"move", QJsonValue()},
                                          {"data_wait", QJsonValue()},
                                          {"step", QJsonValue()},
                                          {"times", QJsonValue()}})
                               << "no events";
        QTest::newRow("a site of no known type")
            << window({{"sites", QJsonArray{QJsonObject{{"type", "hello"}}}}, {"site", one(0)}, {"dt", one(1)}})
            << "known type";
        // An event's message is read as if it had come alone: its site's fields are checked too.
        QTest::newRow("a move site to no device") << window(
            {{"sites",
              QJsonArray{QJsonObject{{"type", "move"}, {"from", "cpu"}, {"to", "not a device!"}, {"bytes", 1}}}},
             {"site", one(0)},
             {"dt", one(1)},
             {"data_wait", QJsonValue()},
             {"step", QJsonValue()},
             {"times", QJsonValue()}}) << "event 0";
        QTest::newRow("a time of no id") << window({{"times", one(one(7))}}) << "times";
        QTest::newRow("no n0") << window({{"n0", QJsonValue()}}) << "n0";
    }

    void rejections()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, reason);
        const WatchParser::Result r = WatchParser::parse(line);
        QCOMPARE(r.rejection, WatchParser::Rejection::Malformed);
        QVERIFY2(r.reason.startsWith(QStringLiteral("window: ")), qPrintable(r.reason));
        QVERIFY2(r.reason.contains(reason), qPrintable(r.reason));
        QVERIFY(r.rest.isEmpty());
    }

    // Every field of every message declared in _protocol.MESSAGES is read by the app under that
    // name and kind: sent with a value of another kind, it makes the reader refuse the line
    // and name the field (a field the app read under another name, or not at all, passes
    // unnoticed, and fails here). The fields in NOT_READ are accepted with any value.
    void everyFieldIsRead()
    {
        const QJsonObject d = declaration();
        QVERIFY(!d.isEmpty());
        const QJsonObject messages = d.value("messages").toObject();
        QSet<QString> notRead;
        for (const QJsonValue &pair : d.value("not_read").toArray())
            notRead.insert(pair[0].toString() + QLatin1Char('.') + pair[1].toString());
        // Values of each kind that the reader takes, and the nested shapes it wants.
        const QHash<QString, QJsonValue> nested{
            {"hello.argv", QJsonArray{"train.py"}},
            {"hello.devices", one(QJsonObject{{"device", "cpu"}, {"total", 8}})},
            {"devices.devices", one(QJsonObject{{"device", "cuda:0"}, {"name", "GPU"}})},
            {"move.shape", QJsonArray{2, 3}},
            {"tensors.items", one(QJsonObject{{"name", "x"}, {"kind", "tensor"}, {"device", "cpu"}})},
            {"memory.devices", one(QJsonObject{{"device", "cpu"}, {"rss", 10}})},
            {"step.calls", one(QJsonObject{{"what", "item"}, {"n", 1}, {"seconds", 0.001}})},
            {"step.gpu_idle", QJsonObject{{"seconds", 0.001}, {"file", "/a.py"}, {"line", 2}}},
            {"error.devices", QJsonArray{"cpu", "meta"}},
            {"error.traceback", one(QJsonObject{{"file", "/a.py"}, {"line", 2}, {"func", "f"}})},
            {"bye.calls", one(QJsonObject{{"what", "item"}, {"n", 1}})}};
        const QHash<QString, QJsonValue> sample{
            {"int", 1},        {"number", 0.5},         {"string", "x"},          {"bool", true},
            {"device", "cpu"}, {"array", QJsonArray{}}, {"object", QJsonObject{}}};
        const QHash<QString, QJsonValue> wrong{{"int", "x"},  {"number", "x"}, {"string", 5},  {"bool", "x"},
                                               {"device", 5}, {"array", "x"},  {"object", "x"}};
        int checked = 0;
        for (auto type = messages.begin(); type != messages.end(); ++type) {
            if (type.key() == QLatin1String("window"))
                continue; // its columns: declaredOnce and the rejections above
            QJsonObject line{{"type", type.key()}, {"t", 1.0}};
            const QJsonObject fields = type.value().toObject();
            for (auto f = fields.begin(); f != fields.end(); ++f)
                line.insert(f.key(),
                            nested.value(type.key() + QLatin1Char('.') + f.key(), sample.value(f.value().toString())));
            const WatchParser::Result whole = WatchParser::parseObject(line);
            QVERIFY2(whole.ok(), qPrintable(type.key() + ": " + whole.reason));
            for (auto f = fields.begin(); f != fields.end(); ++f) {
                QJsonObject bad = line;
                bad.insert(f.key(), wrong.value(f.value().toString()));
                const WatchParser::Result r = WatchParser::parseObject(bad);
                const QString where = type.key() + QLatin1Char('.') + f.key();
                if (notRead.contains(where)) {
                    QVERIFY2(r.ok(), qPrintable(where + ": " + r.reason));
                    continue;
                }
                QVERIFY2(!r.ok(), qPrintable(where + " sent as another kind was taken: the app does not read it"));
                QVERIFY2(r.reason.contains(QStringLiteral("“%1”").arg(f.key())), qPrintable(where + ": " + r.reason));
                ++checked;
            }
        }
        QVERIFY(checked > 100);
    }

    // The protocol's version, limits and columns are declared once, in _protocol.py: the app's
    // reader must agree with every one of them.
    void declaredOnce()
    {
        const QJsonObject d = declaration();
        QVERIFY(!d.isEmpty());
        QCOMPARE(d.value("version").toInt(), WatchParser::kVersion);
        QCOMPARE(d.value("max_line").toInt(), int(tk::WatchLineReader::kMaxLineBytes));
        QCOMPARE(d.value("max_string").toInt(), WatchParser::kMaxString);
        QVERIFY(d.value("max_call_lines").toInt() <= WatchParser::kMaxCalls);
        const QJsonObject rows = d.value("columns").toObject();
        QCOMPARE(rows.keys(), (QStringList{"data_wait", "move", "step"}));
        for (const QString &type : rows.keys())
            QCOMPARE(rows.value(type).toVariant().toStringList(), WatchWindow::columns(type));
        QCOMPARE(d.value("site_types").toVariant().toStringList(), WatchWindow::siteTypes());
    }
};

QTEST_GUILESS_MAIN(TestWatchWindow)
#include "tst_watchwindow.moc"
