#include "core/watch/watchtrace.h"

#include "core/watch/watchfindings.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchparser.h"

#include <QCborStreamReader>
#include <QCborValue>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

namespace tk {

namespace {

double micros(double seconds) { return std::isfinite(seconds) ? seconds * 1e6 : 0; }

} // namespace

QJsonObject WatchTrace::event(const char *phase, const QString &name, double t) const
{
    return QJsonObject{{QStringLiteral("ph"), QLatin1String(phase)},
                       {QStringLiteral("name"), name},
                       {QStringLiteral("pid"), double(m_pid)},
                       {QStringLiteral("ts"), micros(std::max(0.0, t))}};
}

// One complete slice ("X") written as CBOR into the trace's buffer: its fields in the order
// they are given, its args a map that the caller fills between begin() and end().
class WatchTrace::Writer
{
public:
    Writer(WatchTrace &trace, const QString &name, Lane lane, double end, double seconds, const char *category)
        : m_trace(trace), m_w(&m_event)
    {
        m_w.startMap();
        key("ph");
        m_w.append(QLatin1String("X"));
        key("name");
        m_w.append(name);
        key("pid");
        m_w.append(double(trace.m_pid));
        key("ts");
        m_w.append(micros(std::max(0.0, end - seconds)));
        key("tid");
        m_w.append(int(lane));
        key("dur");
        m_w.append(micros(seconds));
        key("cat");
        m_w.append(QLatin1String(category));
        key("args");
        m_w.startMap();
    }

    void key(const char *k) { m_w.append(QLatin1String(k)); }
    void text(const char *k, const QString &v)
    {
        key(k);
        m_w.append(v);
    }
    void number(const char *k, double v)
    {
        key(k);
        m_w.append(v);
    }
    void integer(const char *k, int v)
    {
        key(k);
        m_w.append(v);
    }
    void flag(const char *k, bool v)
    {
        key(k);
        m_w.append(v);
    }
    void shape(const char *k, const QList<qint64> &dims)
    {
        key(k);
        m_w.startArray(quint64(dims.size()));
        for (qint64 d : dims)
            m_w.append(double(d));
        m_w.endArray();
    }
    // Ends the event; its index.
    qsizetype end()
    {
        m_w.endMap(); // args
        m_w.endMap();
        m_trace.m_offsets.append(m_trace.m_data.size());
        m_trace.m_data += m_event;
        return m_trace.m_offsets.size() - 1;
    }

private:
    WatchTrace &m_trace;
    QByteArray m_event; // QCborStreamWriter writes a QByteArray from its start: the event's own
    QCborStreamWriter m_w;
};

bool WatchTrace::addRecording(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    const int before = m_processes;
    WatchLineReader reader;
    QList<QByteArray> lines;
    bool hello = false, ended = false;
    const auto take = [&] {
        for (const QByteArray &line : std::as_const(lines)) {
            const WatchParser::Result r = WatchParser::parse(line);
            if (ended || !r.ok())
                continue;
            if (r.message.type() == WatchMessage::Type::Hello) {
                ended = hello; // a second hello: not one stream; what came before stands
                hello = true;
            }
            if (hello && !ended)
                r.forEach([this](const WatchMessage &m) { add(m); });
        }
        lines.clear();
    };
    while (!f.atEnd()) {
        const QByteArray chunk = f.read(1 << 20);
        if (chunk.isEmpty() && f.error() != QFileDevice::NoError) {
            *error = tr("Cannot read %1: %2").arg(path, f.errorString());
            return false;
        }
        reader.feed(chunk, &lines);
        take();
    }
    reader.finish(&lines);
    take();
    if (m_processes == before) {
        *error = tr("%1 is not a Tensor Kitchen recording: it holds no watched program's hello.").arg(path);
        return false;
    }
    return true;
}

void WatchTrace::append(const QJsonObject &event)
{
    if (full()) {
        ++m_leftOut;
        return;
    }
    m_offsets.append(m_data.size());
    m_data += QCborValue::fromJsonValue(event).toCbor();
}

void WatchTrace::metadata(const char *what, int tid, const QJsonObject &args)
{
    QJsonObject m = event("M", QLatin1String(what), 0);
    m.remove(QStringLiteral("ts"));
    if (tid > 0)
        m[QStringLiteral("tid")] = tid;
    m[QStringLiteral("args")] = args;
    append(m);
}

void WatchTrace::add(const WatchMessage &m)
{
    using Type = WatchMessage::Type;
    switch (m.type()) {
    case Type::Hello: {
        const WatchHello &h = m.hello();
        m_pid = h.pid;
        ++m_processes;
        QString name = h.program.isEmpty() ? QStringLiteral("python") : QFileInfo(h.program).fileName();
        if (h.rank >= 0 && h.worldSize > 0)
            name += QStringLiteral(" · rank %1 of %2").arg(h.rank).arg(h.worldSize);
        metadata("process_name", 0, {{QStringLiteral("name"), name}});
        // Ranks in rank order, whatever order their recordings were given in.
        metadata("process_sort_index", 0, {{QStringLiteral("sort_index"), h.rank >= 0 ? h.rank : m_processes}});
        metadata("process_labels", 0,
                 {{QStringLiteral("labels"), QStringLiteral("torch %1, Python %2").arg(h.torch, h.python)}});
        for (auto [lane, label] : {std::pair{Steps, "optimizer steps"}, std::pair{Moves, "device moves"},
                                   std::pair{DataWaits, "DataLoader waits"}, std::pair{Cells, "notebook cells"},
                                   std::pair{Collectives, "torch.distributed collectives"}}) {
            metadata("thread_name", lane, {{QStringLiteral("name"), QLatin1String(label)}});
            metadata("thread_sort_index", lane, {{QStringLiteral("sort_index"), int(lane)}});
        }
        return;
    }
    case Type::Move: {
        if (full()) {
            ++m_leftOut;
            return;
        }
        const MoveReport &r = m.move();
        const QString name
            = QStringLiteral("%1 %2 → %3").arg(r.sourceName.isEmpty() ? r.api : r.sourceName, r.fromDevice, r.toDevice);
        Writer w(*this, name, Moves, m.t, r.seconds, "move");
        w.text("name", r.sourceName);
        w.text("api", r.api);
        w.number("bytes", double(r.bytes));
        w.text("from", r.fromDevice);
        w.text("to", r.toDevice);
        w.flag("pinned", r.pinned);
        w.flag("non_blocking", r.nonBlocking);
        w.text("timing", r.timing);
        w.text("file", r.file);
        w.integer("line", r.line);
        if (!r.dtype.isEmpty())
            w.text("dtype", r.dtype);
        if (!r.shape.isEmpty())
            w.shape("shape", r.shape);
        if (!r.className.isEmpty())
            w.text("class", r.className);
        if (r.step >= 0)
            w.integer("step", r.step);
        if (r.cell > 0)
            w.integer("cell", r.cell);
        if (!r.timed)
            w.flag("timed", false); // CUDA events pending: its move_time comes later
        const qsizetype at = w.end();
        if (!r.timed)
            m_pendingMoves.insert(r.moveId, at);
        return;
    }
    case Type::MoveTime: {
        // A move timed by CUDA events gets its duration afterwards: its slice keeps its end.
        const message::MoveTime &time = m.as<message::MoveTime>();
        const auto it = m_pendingMoves.constFind(time.moveId);
        if (it == m_pendingMoves.constEnd())
            return;
        m_moveTimes.insert(*it, time.seconds);
        m_pendingMoves.erase(it);
        return;
    }
    case Type::Step: {
        if (full()) {
            ++m_leftOut;
            return;
        }
        const WatchStep &s = m.step();
        Writer w(*this, QStringLiteral("step %1").arg(s.n), Steps, m.t, s.seconds, "step");
        w.number("n", double(s.n));
        w.text("optimizer", s.optimizer);
        w.number("wait_s", s.waitSeconds);
        w.number("copy_s", s.copySeconds);
        w.number("bytes", double(s.bytes));
        w.number("moves", double(s.moves));
        w.text("file", s.file);
        w.integer("line", s.line);
        if (s.cell > 0)
            w.integer("cell", s.cell);
        if (s.collectives > 0) {
            w.number("collective_s", s.collectiveSeconds);
            w.number("collectives", double(s.collectives));
        }
        if (s.rank >= 0) {
            w.number("loss", s.loss);
            w.number("allreduce_s", s.allreduceSeconds);
        }
        w.end();
        return;
    }
    case Type::Collective: {
        if (full()) {
            ++m_leftOut;
            return;
        }
        const WatchCollective &c = m.collective();
        Writer w(*this, c.op, Collectives, m.t, c.seconds, "collective");
        w.text("op", c.op);
        w.number("bytes", double(c.bytes));
        w.flag("async", c.asynchronous);
        w.text("file", c.file);
        w.integer("line", c.line);
        if (c.step >= 0)
            w.number("step", double(c.step));
        w.end();
        return;
    }
    case Type::Cell: {
        if (full()) {
            ++m_leftOut;
            return;
        }
        const WatchStep &s = m.step();
        Writer w(*this, QStringLiteral("cell [%1]").arg(s.n), Cells, m.t, s.seconds, "cell");
        w.number("cell", double(s.n));
        w.number("wait_s", s.waitSeconds);
        w.number("copy_s", s.copySeconds);
        w.number("bytes", double(s.bytes));
        w.number("moves", double(s.moves));
        w.flag("error", s.failed);
        w.end();
        return;
    }
    case Type::DataWait: {
        if (full()) {
            ++m_leftOut;
            return;
        }
        const WatchDataWait &d = m.dataWait();
        Writer w(*this, QStringLiteral("next(loader) batch %1").arg(d.batch), DataWaits, m.t, d.seconds, "data_wait");
        w.number("batch", double(d.batch));
        w.flag("pin_memory", d.pinMemory);
        w.text("file", d.file);
        w.integer("line", d.line);
        if (d.workers >= 0)
            w.number("workers", double(d.workers));
        if (d.step >= 0)
            w.number("step", double(d.step));
        if (d.cell > 0)
            w.integer("cell", d.cell);
        w.end();
        return;
    }
    case Type::Memory:
        for (const WatchDevice &d : m.as<message::Memory>().samples) {
            QJsonObject args;
            if (d.allocated >= 0)
                args[QStringLiteral("allocated")] = double(d.allocated);
            if (d.reserved >= 0)
                args[QStringLiteral("reserved")] = double(d.reserved);
            if (d.rss >= 0)
                args[QStringLiteral("rss")] = double(d.rss);
            if (args.isEmpty())
                continue;
            QJsonObject e = event("C", QStringLiteral("memory %1").arg(d.device), m.t);
            e[QStringLiteral("args")] = args;
            append(e);
        }
        return;
    case Type::Error: {
        const OpError &err = m.error();
        QJsonObject e = event("i", err.exceptionType.isEmpty() ? QStringLiteral("error") : err.exceptionType, m.t);
        e[QStringLiteral("s")] = QStringLiteral("p");
        e[QStringLiteral("cat")] = QStringLiteral("error");
        e[QStringLiteral("args")] = QJsonObject{{QStringLiteral("kind"), OpError::kindName(err.kind)},
                                                {QStringLiteral("message"), err.message},
                                                {QStringLiteral("devices"), QJsonArray::fromStringList(err.devices)},
                                                {QStringLiteral("file"), err.sourceFile},
                                                {QStringLiteral("line"), err.sourceLine},
                                                {QStringLiteral("code"), err.codeLine},
                                                {QStringLiteral("caught"), err.caught}};
        if (err.sourceCell > 0) {
            QJsonObject args = e.value(QLatin1String("args")).toObject();
            args[QStringLiteral("cell")] = err.sourceCell;
            e[QStringLiteral("args")] = args;
        }
        append(e);
        return;
    }
    case Type::Devices:
    case Type::Tensors:
    case Type::Dropped:
    case Type::RecordingCapped:
    case Type::Notice:
    case Type::Bye:
        return; // nothing on a timeline
    }
}

void WatchTrace::addFindings(qint64 pid, const QList<WatchFinding> &findings)
{
    for (const WatchFinding &f : findings) {
        const QJsonObject args = WatchFindings::toJson(f);
        append(QJsonObject{{QStringLiteral("ph"), QStringLiteral("i")},
                           {QStringLiteral("s"), QStringLiteral("p")},
                           {QStringLiteral("cat"), QStringLiteral("finding")},
                           {QStringLiteral("name"), QStringLiteral("finding: %1").arg(f.title)},
                           {QStringLiteral("pid"), double(pid)},
                           {QStringLiteral("ts"), micros(std::max(0.0, f.at))},
                           {QStringLiteral("args"), args}});
    }
}

QByteArray WatchTrace::toJson() const { return toJson({this}); }

QByteArray WatchTrace::eventJson(qsizetype index) const
{
    const qsizetype begin = m_offsets.at(index);
    const qsizetype end = index + 1 < m_offsets.size() ? m_offsets.at(index + 1) : m_data.size();
    QJsonObject e = QCborValue::fromCbor(m_data.constData() + begin, end - begin).toJsonValue().toObject();
    const auto timed = m_moveTimes.constFind(index);
    if (timed != m_moveTimes.constEnd()) {
        // A move timed by CUDA events afterwards: its slice keeps its end.
        const double stop = e.value(QLatin1String("ts")).toDouble() + e.value(QLatin1String("dur")).toDouble();
        e[QStringLiteral("dur")] = micros(*timed);
        e[QStringLiteral("ts")] = stop - micros(*timed);
        QJsonObject args = e.value(QLatin1String("args")).toObject();
        args.remove(QStringLiteral("timed"));
        e[QStringLiteral("args")] = args;
    }
    return QJsonDocument(e).toJson(QJsonDocument::Compact);
}

QByteArray WatchTrace::toJson(const QList<const WatchTrace *> &traces)
{
    qint64 leftOut = 0;
    QByteArray events;
    for (const WatchTrace *t : traces) {
        leftOut += t->m_leftOut;
        for (qsizetype i = 0; i < t->m_offsets.size(); ++i) {
            if (!events.isEmpty())
                events += ',';
            events += t->eventJson(i);
        }
    }
    QJsonObject other{{QStringLiteral("tool"), QStringLiteral("Tensor Kitchen")},
                      {QStringLiteral("source"), QStringLiteral("tensorkitchen watch stream")}};
    if (leftOut > 0)
        other[QStringLiteral("events_left_out")] = double(leftOut);
    QByteArray out = QByteArrayLiteral("{\"traceEvents\":[");
    out += events;
    out += QByteArrayLiteral("],\"displayTimeUnit\":\"ms\",\"otherData\":");
    out += QJsonDocument(other).toJson(QJsonDocument::Compact);
    out += '}';
    return out;
}

} // namespace tk
