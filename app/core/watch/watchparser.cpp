#include "core/watch/watchparser.h"

#include "core/watch/watchfields.h"
#include "core/watch/watchwindow.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>
#include <climits>
#include <cmath>

namespace tk {

namespace {

const QLatin1String kT("t");

// hello's and a later devices message's list: each device named, its memory and capability.
void readDevices(WatchFields &f, QList<WatchDevice> &devices, WatchFields::Need need)
{
    for (const QJsonValue &v : f.array(QLatin1String("devices"), need, WatchParser::kMaxDevices)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("devices"));
        WatchFields d(o);
        WatchDevice dev;
        dev.device = d.device(QLatin1String("device"));
        dev.name = d.name(QLatin1String("name"));
        dev.total = d.count(QLatin1String("total"), WatchFields::Optional, -1);
        dev.capability = d.text(QLatin1String("capability"));
        f.take(d, QLatin1String("devices"));
        devices.append(dev);
    }
}

// A step's `calls`: the user's lines that waited for a device (or pinned) in it, with their counts.
void readCalls(WatchFields &f, qint64 step, double t, QList<WatchCall> &calls)
{
    for (const QJsonValue &v : f.array(QLatin1String("calls"), WatchFields::Optional, WatchParser::kMaxCalls)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("calls"));
        WatchFields d(o);
        WatchCall s;
        s.step = step;
        s.at = t;
        s.what = d.text(QLatin1String("what"), WatchFields::Required).left(32);
        s.device = d.text(QLatin1String("device")).left(32);
        s.count = d.integer(QLatin1String("n"), WatchFields::Required, 0, 1);
        s.seconds = d.number(QLatin1String("seconds"), WatchFields::Optional, 0, 0);
        d.location(&s.file, &s.line, &s.cell);
        f.take(d, QLatin1String("calls"));
        calls.append(s);
    }
}

// A step's `gpu_idle`: {"seconds", "file", "line", "cell"} (the watcher's CUDA events).
void readGpuIdle(WatchFields &f, WatchStep &s)
{
    const QJsonValue v = f.value(QLatin1String("gpu_idle"), WatchFields::Optional);
    if (v.isUndefined())
        return;
    if (!v.isObject()) {
        f.fail(WatchParser::tr("the field “%1” must be an object").arg(QLatin1String("gpu_idle")));
        return;
    }
    const QJsonObject o = v.toObject(); // WatchFields keeps a reference
    WatchFields g(o);
    s.gpuIdleSeconds = g.number(QLatin1String("seconds"), WatchFields::Required, 0, 0);
    g.location(&s.gpuIdleFile, &s.gpuIdleLine, &s.gpuIdleCell);
    f.take(g, QLatin1String("gpu_idle"));
}

void readHello(WatchFields &f, WatchHello &h)
{
    h.version = WatchFields::small(f.integer(QLatin1String("v"), WatchFields::Required, 0, 0));
    h.pid = f.integer(QLatin1String("pid"), WatchFields::Required, 0, 1);
    h.program = f.name(QLatin1String("program"));
    const QJsonValue argv = f.value(QLatin1String("argv"), WatchFields::Optional);
    if (!argv.isUndefined() && !argv.isArray())
        f.fail(WatchParser::tr("the field “argv” must be an array"));
    const QJsonArray args = argv.toArray();
    for (qsizetype i = 0; i < args.size() && i < WatchParser::kMaxArgv; ++i)
        h.argv.append(f.textOf(args.at(i), QLatin1String("argv")));
    h.python = f.text(QLatin1String("python"));
    h.torch = f.text(QLatin1String("torch"));
    h.cuda = f.text(QLatin1String("cuda"));
    h.cudaCount = WatchFields::small(f.count(QLatin1String("cuda_count"), WatchFields::Optional, -1));
    readDevices(f, h.devices, WatchFields::Optional);
    h.rank = WatchFields::small(f.integer(QLatin1String("rank"), WatchFields::Optional, -1, 0));
    h.worldSize = WatchFields::small(f.integer(QLatin1String("world_size"), WatchFields::Optional, 0, 1));
    h.localRank = WatchFields::small(f.integer(QLatin1String("local_rank"), WatchFields::Optional, -1, 0));
    h.backend = f.text(QLatin1String("backend"));
    h.group = f.name(QLatin1String("group"));
    h.device = f.device(QLatin1String("device"), WatchFields::Optional);
    h.threads = WatchFields::small(f.count(QLatin1String("threads")));
    h.parallel = f.text(QLatin1String("parallel"));
    h.executable = f.name(QLatin1String("executable"));
    h.cwd = f.name(QLatin1String("cwd"));
    h.script = f.name(QLatin1String("script"));
    h.module = f.name(QLatin1String("module"));
}

MoveReport readMove(WatchFields &f, double t)
{
    // Read in the protocol's order (the first field that is wrong is the one named).
    const qint64 id = f.count(QLatin1String("id"), WatchFields::Required, -1);
    const QString api = f.text(QLatin1String("api"));
    const QString kind = f.text(QLatin1String("kind"));
    const QString className = f.name(QLatin1String("class"));
    const QString name = f.name(QLatin1String("name"));
    const QString from = f.device(QLatin1String("from"));
    const QString to = f.device(QLatin1String("to")); // "cuda" alone was resolved by the watcher
    MoveReport r = MoveReport::of(MoveOrigin::Watched, name, from, to, to,
                                  f.count(QLatin1String("bytes"), WatchFields::Required));
    r.program.id = id;
    r.program.at = t;
    r.program.api = api;
    r.inPlace = kind == QLatin1String("module"); // Module.to() moves its parameters in place
    r.program.className = className;
    r.program.shape = f.shape();
    r.program.dtype = f.text(QLatin1String("dtype"));
    r.program.sourceBytes = f.count(QLatin1String("source_bytes"));
    r.program.pinned = f.flag(QLatin1String("pinned"));
    r.program.nonBlocking = f.flag(QLatin1String("non_blocking"));
    const QJsonValue seconds = f.value(QLatin1String("seconds"), WatchFields::Optional);
    r.timed = !seconds.isUndefined();
    r.seconds = r.timed ? f.numberOf(seconds, QLatin1String("seconds"), 0, 0) : 0;
    r.timing = f.text(QLatin1String("timing"));
    r.program.step = WatchFields::small(f.count(QLatin1String("step"), WatchFields::Optional, -1));
    f.location(&r.program.file, &r.program.line, &r.program.cell);
    return r;
}

void readCards(WatchFields &f, QList<WatchCard> &cards)
{
    for (const QJsonValue &v : f.array(QLatin1String("items"), WatchFields::Required, WatchParser::kMaxItems)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("items"));
        WatchFields c(o);
        WatchCard card;
        card.name = c.name(QLatin1String("name"));
        card.kind = c.text(QLatin1String("kind"));
        card.className = c.name(QLatin1String("class"));
        card.device = c.device(QLatin1String("device"));
        card.shape = c.shape();
        card.dtype = c.text(QLatin1String("dtype"));
        card.bytes = c.count(QLatin1String("bytes"));
        card.params = c.count(QLatin1String("params"), WatchFields::Optional, -1);
        card.graphNodes = c.count(QLatin1String("graph"), WatchFields::Optional, -1);
        card.assignedLine = WatchFields::small(c.integer(QLatin1String("assigned"), WatchFields::Optional, 0, 1));
        c.location(&card.file, &card.line, &card.cell);
        f.take(c, QLatin1String("items"));
        if (!f.ok())
            return;
        cards.append(card);
    }
}

void readMemory(WatchFields &f, QList<WatchDevice> &samples)
{
    for (const QJsonValue &v : f.array(QLatin1String("devices"), WatchFields::Required, WatchParser::kMaxDevices)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("devices"));
        WatchFields d(o);
        WatchDevice dev;
        dev.device = d.device(QLatin1String("device"));
        dev.rss = d.count(QLatin1String("rss"), WatchFields::Optional, -1);
        dev.allocated = d.count(QLatin1String("allocated"), WatchFields::Optional, -1);
        dev.reserved = d.count(QLatin1String("reserved"), WatchFields::Optional, -1);
        dev.total = d.count(QLatin1String("total"), WatchFields::Optional, -1);
        f.take(d, QLatin1String("devices"));
        samples.append(dev);
    }
}

void readError(WatchFields &f, OpError &e)
{
    const QString kind = f.text(QLatin1String("kind"));
    e.exceptionType = f.text(QLatin1String("exception"));
    e.message = f.text(QLatin1String("message"), WatchFields::Required);
    // "other" may still be a shape, dtype or memory error the app has a dialog for.
    e.kind = kind == QLatin1String("device_mismatch") ? OpError::Kind::DeviceMismatch : OpError::classify(e.message);
    for (const QJsonValue &v : f.array(QLatin1String("devices"), WatchFields::Optional, WatchParser::kMaxDevices))
        e.devices.append(f.deviceOf(v, QLatin1String("devices")));
    f.location(&e.sourceFile, &e.sourceLine, &e.sourceCell);
    e.codeLine = f.text(QLatin1String("code"));
    e.caught = f.flag(QLatin1String("caught"));
    // The traceback as Python prints it, outermost first: the error dialog's details.
    QString details = QStringLiteral("Traceback (most recent call last):\n");
    for (const QJsonValue &v : f.array(QLatin1String("traceback"), WatchFields::Optional, WatchParser::kMaxTraceback)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("traceback"));
        WatchFields fr(o);
        QString file;
        int line = 0;
        int cell = 0;
        fr.location(&file, &line, &cell);
        const QString func = fr.text(QLatin1String("func"));
        const QString code = fr.text(QLatin1String("code"));
        f.take(fr, QLatin1String("traceback"));
        if (cell > 0) // as IPython prints a cell's frame
            details += QStringLiteral("  Cell In[%1], line %2, in %3\n").arg(cell).arg(line).arg(func);
        else
            details += QStringLiteral("  File \"%1\", line %2, in %3\n").arg(file).arg(line).arg(func);
        if (!code.isEmpty())
            details += QStringLiteral("    %1\n").arg(code);
    }
    details += e.exceptionType.isEmpty() ? e.message : e.exceptionType + QStringLiteral(": ") + e.message;
    e.details = details;
}

} // namespace

void WatchParser::dropControls(QString &s)
{
    s.removeIf([](QChar c) {
        const char16_t u = c.unicode();
        return (u < 0x20 && u != u'\n' && u != u'\t') || (u >= 0x7f && u < 0xa0) || u == 0x061c || u == 0x200e
            || u == 0x200f || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069);
    });
}

bool WatchParser::isDevice(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("\\A[a-z]{1,32}(:[0-9]{1,4})?\\z"));
    return !text.isEmpty() && text.size() <= 37 && pattern.match(text).hasMatch();
}

WatchParser::Result WatchParser::parse(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    Result r;
    if (error.error != QJsonParseError::NoError) {
        r.rejection = Rejection::Malformed;
        r.reason = tr("not JSON: %1").arg(error.errorString());
    } else if (!doc.isObject()) {
        r.rejection = Rejection::Malformed;
        r.reason = tr("not a JSON object");
    } else {
        const QJsonObject object = doc.object();
        if (object.value(QLatin1String("type")) == QLatin1String("window"))
            return WatchWindow::expand(object);
        return parseObject(object);
    }
    return r;
}

WatchParser::Result WatchParser::parseObject(const QJsonObject &object)
{
    Result r;
    auto reject = [&r](Rejection why, const QString &reason) {
        r.rejection = why;
        r.reason = reason;
        return r;
    };
    WatchFields f(object);
    const QString type = f.text(QLatin1String("type"), WatchFields::Required);
    if (!f.ok())
        return reject(Rejection::Malformed, f.reason());

    using Type = WatchMessage::Type;
    static const QHash<QString, Type> types{
        {QStringLiteral("hello"), Type::Hello},
        {QStringLiteral("devices"), Type::Devices},
        {QStringLiteral("move"), Type::Move},
        {QStringLiteral("move_time"), Type::MoveTime},
        {QStringLiteral("tensors"), Type::Tensors},
        {QStringLiteral("memory"), Type::Memory},
        {QStringLiteral("data_wait"), Type::DataWait},
        {QStringLiteral("step"), Type::Step},
        {QStringLiteral("cell"), Type::Cell},
        {QStringLiteral("collective"), Type::Collective},
        {QStringLiteral("error"), Type::Error},
        {QStringLiteral("dropped"), Type::Dropped},
        {QStringLiteral("notice"), Type::Notice},
        {QStringLiteral("bye"), Type::Bye},
        {QStringLiteral("recording_capped"), Type::RecordingCapped},
    };
    const auto found = types.constFind(type);
    if (found == types.constEnd())
        return reject(Rejection::Unknown, tr("unknown type “%1”").arg(type.left(64)));

    WatchMessage &m = r.message;
    const double t = f.number(kT, WatchFields::Required, 0, 0);
    m.t = t;
    switch (*found) {
    case Type::Hello:
        readHello(f, m.body.emplace<WatchHello>());
        break;
    case Type::Devices:
        readDevices(f, m.body.emplace<message::Devices>().devices, WatchFields::Required);
        break;
    case Type::Move:
        m.body = readMove(f, t);
        break;
    case Type::MoveTime: {
        message::MoveTime &mt = m.body.emplace<message::MoveTime>();
        mt.moveId = f.count(QLatin1String("id"), WatchFields::Required, -1);
        mt.seconds = f.number(QLatin1String("seconds"), WatchFields::Required, 0, 0);
        break;
    }
    case Type::Tensors:
        readCards(f, m.body.emplace<message::Tensors>().cards);
        break;
    case Type::Memory:
        readMemory(f, m.body.emplace<message::Memory>().samples);
        break;
    case Type::DataWait: {
        WatchDataWait &w = m.body.emplace<WatchDataWait>();
        w.at = t;
        w.seconds = f.number(QLatin1String("seconds"), WatchFields::Required, 0, 0);
        w.batch = f.count(QLatin1String("batch"));
        w.workers = f.count(QLatin1String("workers"), WatchFields::Optional, -1);
        w.pinMemory = f.flag(QLatin1String("pin_memory"));
        w.dataset = f.text(QLatin1String("dataset")).left(64);
        w.datasetBytes = f.count(QLatin1String("dataset_bytes"), WatchFields::Optional, -1);
        w.step = f.count(QLatin1String("step"), WatchFields::Optional, -1);
        f.location(&w.file, &w.line, &w.cell);
        f.location(&w.loaderFile, &w.loaderLine, &w.loaderCell, QLatin1String("loader_file"),
                   QLatin1String("loader_line"), QLatin1String("loader_cell"));
        w.loaderSettings = f.text(QLatin1String("loader_settings")).left(64);
        break;
    }
    case Type::Step: {
        message::Step &b = m.body.emplace<message::Step>();
        WatchStep &s = b.step;
        s.at = t;
        s.n = f.count(QLatin1String("n"), WatchFields::Required);
        s.optimizer = f.text(QLatin1String("optimizer"));
        s.seconds = f.number(QLatin1String("seconds"), WatchFields::Optional, 0, 0);
        s.waitSeconds = f.number(QLatin1String("wait_s"), WatchFields::Optional, 0, 0);
        s.copySeconds = f.number(QLatin1String("copy_s"), WatchFields::Optional, 0, 0);
        s.bytes = f.count(QLatin1String("bytes"));
        s.moves = f.count(QLatin1String("moves"));
        s.collectiveSeconds = f.number(QLatin1String("collective_s"), WatchFields::Optional, 0, 0);
        s.collectives = f.count(QLatin1String("collectives"));
        f.location(&s.file, &s.line, &s.cell);
        readCalls(f, s.n, t, b.calls);
        readGpuIdle(f, s);
        // A DDP rank's step (tensorkitchen.replicas).
        s.rank = WatchFields::small(f.integer(QLatin1String("rank"), WatchFields::Optional, -1, 0));
        s.loss = f.number(QLatin1String("loss"), WatchFields::Optional, 0);
        s.samples = f.count(QLatin1String("samples"));
        s.forwardSeconds = f.number(QLatin1String("forward_s"), WatchFields::Optional, 0, 0);
        s.backwardSeconds = f.number(QLatin1String("backward_s"), WatchFields::Optional, 0, 0);
        s.optimizerSeconds = f.number(QLatin1String("optimizer_s"), WatchFields::Optional, 0, 0);
        s.allreduceSeconds = f.number(QLatin1String("allreduce_s"), WatchFields::Optional, 0, 0);
        s.allreduceBytes = f.count(QLatin1String("allreduce_bytes"));
        break;
    }
    case Type::Cell: {
        // A notebook cell that ran (tensorkitchen's IPython extension): its totals.
        WatchStep &s = m.body.emplace<message::Step>().step;
        s.isCell = true;
        s.at = t;
        s.n = f.count(QLatin1String("n"), WatchFields::Required);
        s.seconds = f.number(QLatin1String("seconds"), WatchFields::Optional, 0, 0);
        s.waitSeconds = f.number(QLatin1String("wait_s"), WatchFields::Optional, 0, 0);
        s.copySeconds = f.number(QLatin1String("copy_s"), WatchFields::Optional, 0, 0);
        s.bytes = f.count(QLatin1String("bytes"));
        s.moves = f.count(QLatin1String("moves"));
        s.failed = f.flag(QLatin1String("error"));
        break;
    }
    case Type::Collective: {
        WatchCollective &c = m.body.emplace<WatchCollective>();
        c.at = t;
        c.op = f.text(QLatin1String("op"), WatchFields::Required);
        c.seconds = f.number(QLatin1String("seconds"), WatchFields::Required, 0, 0);
        c.bytes = f.count(QLatin1String("bytes"));
        c.asynchronous = f.flag(QLatin1String("async"));
        c.step = f.count(QLatin1String("step"), WatchFields::Optional, -1);
        f.location(&c.file, &c.line, &c.cell);
        break;
    }
    case Type::Error:
        readError(f, m.body.emplace<OpError>());
        break;
    case Type::Dropped:
        m.body.emplace<message::Dropped>().count = f.count(QLatin1String("count"), WatchFields::Required);
        break;
    case Type::RecordingCapped: {
        WatchRecordingCap &cap = m.body.emplace<WatchRecordingCap>();
        cap.at = t;
        cap.maxBytes = f.integer(QLatin1String("max_bytes"), WatchFields::Required, 1, 1);
        cap.bytes = f.count(QLatin1String("bytes"), WatchFields::Required);
        cap.lines = f.count(QLatin1String("lines"), WatchFields::Required);
        cap.steps = f.count(QLatin1String("steps"), WatchFields::Required);
        break;
    }
    case Type::Notice:
        m.body.emplace<message::Notice>().text = f.text(QLatin1String("text"), WatchFields::Required);
        break;
    case Type::Bye: {
        message::Bye &b = m.body.emplace<message::Bye>();
        const QJsonValue code = f.value(QLatin1String("exit_code"), WatchFields::Optional);
        b.hasExitCode = !code.isUndefined();
        if (b.hasExitCode)
            b.exitCode = WatchFields::small(f.integerOf(code, QLatin1String("exit_code"), INT_MIN, 0));
        // The reads back after the last optimizer step, counted in the step that never ended.
        readCalls(f, WatchFields::small(f.count(QLatin1String("step"), WatchFields::Optional, 0)), t, b.calls);
        break;
    }
    }
    if (!f.ok())
        return reject(Rejection::Malformed, f.reason());
    return r;
}

} // namespace tk
