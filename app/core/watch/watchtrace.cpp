#include "core/watch/watchtrace.h"

#include "core/watch/watchfindings.h"
#include "core/watch/watchlinereader.h"
#include "core/watch/watchparser.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

namespace tk {

namespace {

double micros(double seconds) { return std::isfinite(seconds) ? seconds * 1e6 : 0; }

QJsonArray shapeJson(const QList<qint64> &shape)
{
    QJsonArray a;
    for (qint64 d : shape)
        a.append(double(d));
    return a;
}

} // namespace

QJsonObject WatchTrace::event(const char *phase, const QString &name, double t) const
{
    return QJsonObject{{QStringLiteral("ph"), QLatin1String(phase)},
                       {QStringLiteral("name"), name},
                       {QStringLiteral("pid"), double(m_pid)},
                       {QStringLiteral("ts"), micros(std::max(0.0, t))}};
}

void WatchTrace::slice(const QString &name, Lane lane, double end, double seconds, const char *category,
                       const QJsonObject &args)
{
    QJsonObject e = event("X", name, end - seconds);
    e[QStringLiteral("tid")] = int(lane);
    e[QStringLiteral("dur")] = micros(seconds);
    e[QStringLiteral("cat")] = QLatin1String(category);
    e[QStringLiteral("args")] = args;
    append(e);
}

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
            if (r.message.type == WatchMessage::Type::Hello) {
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
    m_events.append(QJsonDocument(event).toJson(QJsonDocument::Compact));
    m_bytes += m_events.constLast().size();
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
    switch (m.type) {
    case Type::Hello: {
        const WatchHello &h = m.hello;
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
        const MoveReport &r = m.move;
        const QString name
            = QStringLiteral("%1 %2 → %3").arg(r.sourceName.isEmpty() ? r.api : r.sourceName, r.fromDevice, r.toDevice);
        QJsonObject args{{QStringLiteral("name"), r.sourceName},
                         {QStringLiteral("api"), r.api},
                         {QStringLiteral("bytes"), double(r.bytes)},
                         {QStringLiteral("from"), r.fromDevice},
                         {QStringLiteral("to"), r.toDevice},
                         {QStringLiteral("pinned"), r.pinned},
                         {QStringLiteral("non_blocking"), r.nonBlocking},
                         {QStringLiteral("timing"), r.timing},
                         {QStringLiteral("file"), r.file},
                         {QStringLiteral("line"), r.line}};
        if (!r.dtype.isEmpty())
            args[QStringLiteral("dtype")] = r.dtype;
        if (!r.shape.isEmpty())
            args[QStringLiteral("shape")] = shapeJson(r.shape);
        if (!r.className.isEmpty())
            args[QStringLiteral("class")] = r.className;
        if (r.step >= 0)
            args[QStringLiteral("step")] = r.step;
        if (r.cell > 0)
            args[QStringLiteral("cell")] = r.cell;
        if (!r.timed)
            args[QStringLiteral("timed")] = false; // CUDA events pending: its move_time comes later
        if (!full())
            m_moveEvents.insert(r.moveId, m_events.size());
        slice(name, Moves, m.t, r.seconds, "move", args);
        return;
    }
    case Type::MoveTime: {
        // A move timed by CUDA events gets its duration afterwards: its slice keeps its end.
        const qsizetype at = m_moveEvents.value(m.move.moveId, -1);
        if (at < 0 || at >= m_events.size())
            return;
        QJsonObject e = QJsonDocument::fromJson(m_events.at(at)).object();
        const double end = e.value(QLatin1String("ts")).toDouble() + e.value(QLatin1String("dur")).toDouble();
        e[QStringLiteral("dur")] = micros(m.move.seconds);
        e[QStringLiteral("ts")] = end - micros(m.move.seconds);
        QJsonObject args = e.value(QLatin1String("args")).toObject();
        args.remove(QStringLiteral("timed"));
        e[QStringLiteral("args")] = args;
        m_bytes -= m_events.at(at).size();
        m_events[at] = QJsonDocument(e).toJson(QJsonDocument::Compact);
        m_bytes += m_events.at(at).size();
        return;
    }
    case Type::Step: {
        const WatchStep &s = m.step;
        QJsonObject args{{QStringLiteral("n"), double(s.n)},         {QStringLiteral("optimizer"), s.optimizer},
                         {QStringLiteral("wait_s"), s.waitSeconds},  {QStringLiteral("copy_s"), s.copySeconds},
                         {QStringLiteral("bytes"), double(s.bytes)}, {QStringLiteral("moves"), double(s.moves)},
                         {QStringLiteral("file"), s.file},           {QStringLiteral("line"), s.line}};
        if (s.cell > 0)
            args[QStringLiteral("cell")] = s.cell;
        if (s.collectives > 0) {
            args[QStringLiteral("collective_s")] = s.collectiveSeconds;
            args[QStringLiteral("collectives")] = double(s.collectives);
        }
        if (s.rank >= 0) {
            args[QStringLiteral("loss")] = s.loss;
            args[QStringLiteral("allreduce_s")] = s.allreduceSeconds;
        }
        slice(QStringLiteral("step %1").arg(s.n), Steps, m.t, s.seconds, "step", args);
        return;
    }
    case Type::Collective: {
        const WatchCollective &c = m.collective;
        QJsonObject args{{QStringLiteral("op"), c.op},
                         {QStringLiteral("bytes"), double(c.bytes)},
                         {QStringLiteral("async"), c.asynchronous},
                         {QStringLiteral("file"), c.file},
                         {QStringLiteral("line"), c.line}};
        if (c.step >= 0)
            args[QStringLiteral("step")] = double(c.step);
        slice(c.op, Collectives, m.t, c.seconds, "collective", args);
        return;
    }
    case Type::Cell: {
        const WatchStep &s = m.step;
        const QJsonObject args{{QStringLiteral("cell"), double(s.n)},      {QStringLiteral("wait_s"), s.waitSeconds},
                               {QStringLiteral("copy_s"), s.copySeconds},  {QStringLiteral("bytes"), double(s.bytes)},
                               {QStringLiteral("moves"), double(s.moves)}, {QStringLiteral("error"), s.failed}};
        slice(QStringLiteral("cell [%1]").arg(s.n), Cells, m.t, s.seconds, "cell", args);
        return;
    }
    case Type::DataWait: {
        const WatchDataWait &w = m.dataWait;
        QJsonObject args{{QStringLiteral("batch"), double(w.batch)},
                         {QStringLiteral("pin_memory"), w.pinMemory},
                         {QStringLiteral("file"), w.file},
                         {QStringLiteral("line"), w.line}};
        if (w.workers >= 0)
            args[QStringLiteral("workers")] = double(w.workers);
        if (w.step >= 0)
            args[QStringLiteral("step")] = double(w.step);
        if (w.cell > 0)
            args[QStringLiteral("cell")] = w.cell;
        slice(QStringLiteral("next(loader) batch %1").arg(w.batch), DataWaits, m.t, w.seconds, "data_wait", args);
        return;
    }
    case Type::Memory:
        for (const WatchDevice &d : m.memory) {
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
        const OpError &err = m.error;
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

QByteArray WatchTrace::toJson(const QList<const WatchTrace *> &traces)
{
    qint64 leftOut = 0;
    QList<QByteArray> events;
    for (const WatchTrace *t : traces) {
        leftOut += t->m_leftOut;
        events += t->m_events;
    }
    QJsonObject other{{QStringLiteral("tool"), QStringLiteral("Tensor Kitchen")},
                      {QStringLiteral("source"), QStringLiteral("tensorkitchen watch stream")}};
    if (leftOut > 0)
        other[QStringLiteral("events_left_out")] = double(leftOut);
    // The events are kept as JSON already: joined, not parsed again.
    QByteArray out = QByteArrayLiteral("{\"traceEvents\":[");
    out += events.join(',');
    out += QByteArrayLiteral("],\"displayTimeUnit\":\"ms\",\"otherData\":");
    out += QJsonDocument(other).toJson(QJsonDocument::Compact);
    out += '}';
    return out;
}

} // namespace tk
