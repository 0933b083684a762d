#include "core/watch/watchtrace.h"

#include "core/watch/watchfindings.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchparser.h"

#include <QBuffer>
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
// they are given, its args a map that the caller fills between begin() and end(). Keys and the
// strings that repeat (a file, a device, an API) are written as their index in the trace's
// tables, numbers that are whole as integers: a move is ~90 bytes, not ~280.
class WatchTrace::Writer
{
public:
    Writer(WatchTrace &trace, const QString &name, bool nameRepeats, Lane lane, double end, double seconds,
           const char *category)
        : m_trace(trace), m_w(&m_event)
    {
        m_w.startMap();
        key("ph");
        appendText(QStringLiteral("X"));
        key("name");
        if (nameRepeats)
            appendText(name);
        else
            m_w.append(name);
        key("pid");
        appendNumber(double(trace.m_pid));
        key("ts");
        appendNumber(micros(std::max(0.0, end - seconds)));
        key("tid");
        m_w.append(int(lane));
        key("dur");
        appendNumber(micros(seconds));
        key("cat");
        appendText(QLatin1String(category));
        key("args");
        m_w.startMap();
    }

    void key(const char *k) { m_w.append(m_trace.m_store.keyRef(k)); }
    void text(const char *k, const QString &v)
    {
        key(k);
        appendText(v);
    }
    void number(const char *k, double v)
    {
        key(k);
        appendNumber(v);
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
            m_w.append(d);
        m_w.endArray();
    }
    // Ends the event; its index.
    qsizetype end()
    {
        m_w.endMap(); // args
        m_w.endMap();
        return m_trace.m_store.store(m_event);
    }

private:
    void appendText(const QString &v)
    {
        const qint64 ref = m_trace.m_store.stringRef(v);
        if (ref < 0) {
            m_w.append(v);
            return;
        }
        m_w.append(WatchTraceStore::kStringRef);
        m_w.append(ref);
    }
    void appendNumber(double v)
    {
        if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 9.0e15)
            m_w.append(qint64(v));
        else
            m_w.append(v);
    }

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
    m_store.store(QCborValue::fromJsonValue(event).toCbor());
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
    const Type type = m.type();
    const bool slice = type == Type::Move || type == Type::Step || type == Type::Collective || type == Type::Cell
        || type == Type::DataWait;
    if (slice && full()) {
        ++m_leftOut; // past the trace's bounds: counted, and said on export
        return;
    }
    switch (type) {
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
        const MoveReport &r = m.move();
        const QString name = QStringLiteral("%1 %2 → %3")
                                 .arg(r.sourceName.isEmpty() ? r.program.api : r.sourceName, r.fromDevice, r.toDevice);
        Writer w(*this, name, true, Moves, m.t, r.seconds, "move");
        w.text("name", r.sourceName);
        w.text("api", r.program.api);
        w.number("bytes", double(r.bytes));
        w.text("from", r.fromDevice);
        w.text("to", r.toDevice);
        w.flag("pinned", r.program.pinned);
        w.flag("non_blocking", r.program.nonBlocking);
        w.text("timing", r.timing);
        w.text("file", r.program.file);
        w.integer("line", r.program.line);
        if (!r.program.dtype.isEmpty())
            w.text("dtype", r.program.dtype);
        if (!r.program.shape.isEmpty())
            w.shape("shape", r.program.shape);
        if (!r.program.className.isEmpty())
            w.text("class", r.program.className);
        if (r.program.step >= 0)
            w.integer("step", r.program.step);
        if (r.program.cell > 0)
            w.integer("cell", r.program.cell);
        if (!r.timed)
            w.flag("timed", false); // CUDA events pending: its move_time comes later
        const qsizetype at = w.end();
        if (!r.timed)
            m_pendingMoves.insert(r.program.id, at);
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
        const WatchStep &s = m.step();
        Writer w(*this, QStringLiteral("step %1").arg(s.n), false, Steps, m.t, s.seconds, "step");
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
        const WatchCollective &c = m.collective();
        Writer w(*this, c.op, true, Collectives, m.t, c.seconds, "collective");
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
        const WatchStep &s = m.step();
        Writer w(*this, QStringLiteral("cell [%1]").arg(s.n), false, Cells, m.t, s.seconds, "cell");
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
        const WatchDataWait &d = m.dataWait();
        Writer w(*this, QStringLiteral("next(loader) batch %1").arg(d.batch), false, DataWaits, m.t, d.seconds,
                 "data_wait");
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
    QJsonObject e = m_store.event(index).toObject();
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
    QByteArray json;
    QBuffer buffer(&json);
    buffer.open(QIODevice::WriteOnly);
    write(&buffer, traces);
    return json;
}

bool WatchTrace::write(QIODevice *out, const QList<const WatchTrace *> &traces)
{
    // Written as it is made, a block at a time: a trace of 500,000 events is ~130 MB of JSON,
    // never held whole.
    qint64 leftOut = 0;
    QByteArray block = QByteArrayLiteral("{\"traceEvents\":[");
    const auto flush = [&](qsizetype atLeast) {
        if (block.size() < atLeast)
            return true;
        const bool ok = out->write(block) == block.size();
        block.clear();
        return ok;
    };
    bool first = true;
    for (const WatchTrace *t : traces) {
        leftOut += t->m_leftOut;
        for (qsizetype i = 0; i < t->m_store.size(); ++i) {
            if (!first)
                block += ',';
            first = false;
            block += t->eventJson(i);
            if (!flush(WatchTraceStore::kChunkBytes))
                return false;
        }
    }
    QJsonObject other{{QStringLiteral("tool"), QStringLiteral("Tensor Kitchen")},
                      {QStringLiteral("source"), QStringLiteral("tensorkitchen watch stream")}};
    if (leftOut > 0)
        other[QStringLiteral("events_left_out")] = double(leftOut);
    block += QByteArrayLiteral("],\"displayTimeUnit\":\"ms\",\"otherData\":");
    block += QJsonDocument(other).toJson(QJsonDocument::Compact);
    block += '}';
    return flush(0);
}

} // namespace tk
