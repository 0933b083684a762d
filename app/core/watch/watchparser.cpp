#include "core/watch/watchparser.h"

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

// Reads the fields of one JSON object, keeping the first reason a field was wrong. Absent and
// null read the same (the protocol sends null for "not known"); a present field of the wrong
// JSON type rejects the whole line.
class Fields
{
public:
    enum Need { Optional, Required };

    explicit Fields(const QJsonObject &object) : m_object(object) {}

    bool ok() const { return m_reason.isEmpty(); }
    const QString &reason() const { return m_reason; }
    void fail(const QString &reason)
    {
        if (m_reason.isEmpty())
            m_reason = reason;
    }

    // A field as it was sent, or undefined when absent or null (with Required: a failure).
    QJsonValue value(QLatin1String key, Need need)
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull()) {
            if (need == Required)
                fail(WatchParser::tr("the field “%1” is missing").arg(key));
            return QJsonValue(QJsonValue::Undefined);
        }
        return v;
    }

    QString text(QLatin1String key, Need need = Optional) { return textOf(value(key, need), key); }

    QString textOf(const QJsonValue &v, QLatin1String key)
    {
        if (v.isUndefined())
            return {};
        if (!v.isString()) {
            fail(WatchParser::tr("the field “%1” must be a string").arg(key));
            return {};
        }
        return cut(v.toString());
    }

    static QString cut(QString s)
    {
        if (s.size() > WatchParser::kMaxString) {
            s.truncate(WatchParser::kMaxString);
            // Never leave half of a surrogate pair behind.
            if (s.back().isHighSurrogate())
                s.chop(1);
        }
        return s;
    }

    double number(QLatin1String key, Need need, double fallback, double minimum = -HUGE_VAL)
    {
        const QJsonValue v = value(key, need);
        if (v.isUndefined())
            return fallback;
        return numberOf(v, key, minimum, fallback);
    }

    double numberOf(const QJsonValue &v, QLatin1String key, double minimum, double fallback)
    {
        const double d = v.toDouble();
        if (!v.isDouble() || !std::isfinite(d)) {
            fail(WatchParser::tr("the field “%1” must be a finite number").arg(key));
            return fallback;
        }
        if (d < minimum) {
            fail(WatchParser::tr("the field “%1” must not be below %2").arg(key).arg(minimum));
            return fallback;
        }
        return d;
    }

    // An integer sent as a JSON number: whole, finite, exact in a double, at least `minimum`.
    qint64 integer(QLatin1String key, Need need, qint64 fallback, qint64 minimum)
    {
        const QJsonValue v = value(key, need);
        if (v.isUndefined())
            return fallback;
        return integerOf(v, key, minimum, fallback);
    }

    qint64 integerOf(const QJsonValue &v, QLatin1String key, qint64 minimum, qint64 fallback)
    {
        constexpr double kExact = 9007199254740992.0; // 2^53
        const double d = v.toDouble();
        if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || std::fabs(d) > kExact) {
            fail(WatchParser::tr("the field “%1” must be an integer").arg(key));
            return fallback;
        }
        const qint64 i = qint64(d);
        if (i < minimum) {
            fail(WatchParser::tr("the field “%1” must not be below %2").arg(key).arg(minimum));
            return fallback;
        }
        return i;
    }

    qint64 count(QLatin1String key, Need need = Optional, qint64 fallback = 0)
    {
        return integer(key, need, fallback, 0);
    }

    bool flag(QLatin1String key, bool fallback = false)
    {
        const QJsonValue v = value(key, Optional);
        if (v.isUndefined())
            return fallback;
        if (!v.isBool()) {
            fail(WatchParser::tr("the field “%1” must be true or false").arg(key));
            return fallback;
        }
        return v.toBool();
    }

    QString device(QLatin1String key, Need need = Required) { return deviceOf(value(key, need), key); }

    QString deviceOf(const QJsonValue &v, QLatin1String key)
    {
        if (v.isUndefined())
            return {};
        const QString d = v.isString() ? v.toString() : QString();
        if (!WatchParser::isDevice(d)) {
            fail(WatchParser::tr("the field “%1” is not a device").arg(key));
            return {};
        }
        return d;
    }

    // An array of at most `limit` entries; a longer one rejects the line.
    QJsonArray array(QLatin1String key, Need need, int limit)
    {
        const QJsonValue v = value(key, need);
        if (v.isUndefined())
            return {};
        if (!v.isArray()) {
            fail(WatchParser::tr("the field “%1” must be an array").arg(key));
            return {};
        }
        const QJsonArray a = v.toArray();
        if (a.size() > limit) {
            fail(WatchParser::tr("the field “%1” has %2 entries; at most %3 are allowed")
                     .arg(key).arg(a.size()).arg(limit));
            return {};
        }
        return a;
    }

    QJsonObject objectOf(const QJsonValue &v, QLatin1String key)
    {
        if (!v.isObject()) {
            fail(WatchParser::tr("the entries of “%1” must be objects").arg(key));
            return {};
        }
        return v.toObject();
    }

    QList<qint64> shape()
    {
        QList<qint64> dims;
        for (const QJsonValue &d : array(QLatin1String("shape"), Optional, WatchParser::kMaxShape))
            dims.append(integerOf(d, QLatin1String("shape"), 0, 0));
        return dims;
    }

    // The user's source location: `file` and `line` ≥ 1 (0 here when not sent), and in a
    // notebook the `cell` (execution count ≥ 1) that file is.
    void location(QString *file, int *line, int *cell)
    {
        *file = text(QLatin1String("file"));
        *line = small(integer(QLatin1String("line"), Optional, 0, 1));
        *cell = small(integer(QLatin1String("cell"), Optional, 0, 1));
    }

    static int small(qint64 v) { return int(qBound(qint64(INT_MIN), v, qint64(INT_MAX))); }

    // Folds a nested object's failure into this one, naming where it was.
    void take(const Fields &inner, QLatin1String where)
    {
        if (!inner.ok())
            fail(WatchParser::tr("in “%1”: %2").arg(where, inner.reason()));
    }

private:
    const QJsonObject &m_object;
    QString m_reason;
};

const QLatin1String kT("t");

// hello's and a later devices message's list: each device named, its memory and capability.
void readDevices(Fields &f, QList<WatchDevice> &devices, Fields::Need need)
{
    for (const QJsonValue &v : f.array(QLatin1String("devices"), need, WatchParser::kMaxDevices)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("devices"));
        Fields d(o);
        WatchDevice dev;
        dev.device = d.device(QLatin1String("device"));
        dev.name = d.text(QLatin1String("name"));
        dev.total = d.count(QLatin1String("total"), Fields::Optional, -1);
        dev.capability = d.text(QLatin1String("capability"));
        f.take(d, QLatin1String("devices"));
        devices.append(dev);
    }
}

void readHello(Fields &f, WatchMessage &m)
{
    WatchHello &h = m.hello;
    h.version = Fields::small(f.integer(QLatin1String("v"), Fields::Required, 0, 0));
    h.pid = f.integer(QLatin1String("pid"), Fields::Required, 0, 1);
    h.program = f.text(QLatin1String("program"));
    const QJsonValue argv = f.value(QLatin1String("argv"), Fields::Optional);
    if (!argv.isUndefined() && !argv.isArray())
        f.fail(WatchParser::tr("the field “argv” must be an array"));
    const QJsonArray args = argv.toArray();
    for (qsizetype i = 0; i < args.size() && i < WatchParser::kMaxArgv; ++i)
        h.argv.append(f.textOf(args.at(i), QLatin1String("argv")));
    h.python = f.text(QLatin1String("python"));
    h.torch = f.text(QLatin1String("torch"));
    h.cuda = f.text(QLatin1String("cuda"));
    h.cudaCount = Fields::small(f.count(QLatin1String("cuda_count"), Fields::Optional, -1));
    readDevices(f, h.devices, Fields::Optional);
    h.rank = Fields::small(f.integer(QLatin1String("rank"), Fields::Optional, -1, 0));
    h.worldSize = Fields::small(f.integer(QLatin1String("world_size"), Fields::Optional, 0, 1));
    h.backend = f.text(QLatin1String("backend"));
    h.group = f.text(QLatin1String("group"));
    h.device = f.device(QLatin1String("device"), Fields::Optional);
    h.threads = Fields::small(f.count(QLatin1String("threads")));
    h.parallel = f.text(QLatin1String("parallel"));
}

void readMove(Fields &f, WatchMessage &m, double t)
{
    MoveReport &r = m.move;
    r.moveId = f.count(QLatin1String("id"), Fields::Required, -1);
    r.at = t;
    r.api = f.text(QLatin1String("api"));
    const QString kind = f.text(QLatin1String("kind"));
    r.inPlace = kind == QLatin1String("module"); // Module.to() moves its parameters in place
    r.className = f.text(QLatin1String("class"));
    r.sourceName = f.text(QLatin1String("name"));
    r.resultName = r.sourceName;
    r.meaning = TransferMeaning::Reassign; // the watcher cannot see what the result was bound to
    r.fromDevice = f.device(QLatin1String("from"));
    r.toDevice = f.device(QLatin1String("to"));
    r.requestedDevice = r.toDevice; // "cuda" alone was resolved by the watcher
    r.bytes = f.count(QLatin1String("bytes"), Fields::Required);
    r.shape = f.shape();
    r.dtype = f.text(QLatin1String("dtype"));
    r.pinned = f.flag(QLatin1String("pinned"));
    r.nonBlocking = f.flag(QLatin1String("non_blocking"));
    const QJsonValue seconds = f.value(QLatin1String("seconds"), Fields::Optional);
    r.timed = !seconds.isUndefined();
    r.seconds = r.timed ? f.numberOf(seconds, QLatin1String("seconds"), 0, 0) : 0;
    r.timing = f.text(QLatin1String("timing"));
    r.step = Fields::small(f.count(QLatin1String("step"), Fields::Optional, -1));
    f.location(&r.file, &r.line, &r.cell);
}

void readCards(Fields &f, WatchMessage &m)
{
    for (const QJsonValue &v : f.array(QLatin1String("items"), Fields::Required, WatchParser::kMaxItems)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("items"));
        Fields c(o);
        WatchCard card;
        card.name = c.text(QLatin1String("name"));
        card.kind = c.text(QLatin1String("kind"));
        card.className = c.text(QLatin1String("class"));
        card.device = c.device(QLatin1String("device"));
        card.shape = c.shape();
        card.dtype = c.text(QLatin1String("dtype"));
        card.bytes = c.count(QLatin1String("bytes"));
        card.params = c.count(QLatin1String("params"), Fields::Optional, -1);
        c.location(&card.file, &card.line, &card.cell);
        f.take(c, QLatin1String("items"));
        if (!f.ok())
            return;
        m.cards.append(card);
    }
}

void readMemory(Fields &f, WatchMessage &m)
{
    for (const QJsonValue &v : f.array(QLatin1String("devices"), Fields::Required, WatchParser::kMaxDevices)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("devices"));
        Fields d(o);
        WatchDevice dev;
        dev.device = d.device(QLatin1String("device"));
        dev.rss = d.count(QLatin1String("rss"), Fields::Optional, -1);
        dev.allocated = d.count(QLatin1String("allocated"), Fields::Optional, -1);
        dev.reserved = d.count(QLatin1String("reserved"), Fields::Optional, -1);
        dev.total = d.count(QLatin1String("total"), Fields::Optional, -1);
        f.take(d, QLatin1String("devices"));
        m.memory.append(dev);
    }
}

void readError(Fields &f, WatchMessage &m)
{
    OpError &e = m.error;
    const QString kind = f.text(QLatin1String("kind"));
    e.exceptionType = f.text(QLatin1String("exception"));
    e.message = f.text(QLatin1String("message"), Fields::Required);
    // "other" may still be a shape, dtype or memory error the app has a dialog for.
    e.kind = kind == QLatin1String("device_mismatch") ? OpError::Kind::DeviceMismatch
                                                     : OpError::classify(e.message);
    for (const QJsonValue &v : f.array(QLatin1String("devices"), Fields::Optional, WatchParser::kMaxDevices))
        e.devices.append(f.deviceOf(v, QLatin1String("devices")));
    f.location(&e.sourceFile, &e.sourceLine, &e.sourceCell);
    e.codeLine = f.text(QLatin1String("code"));
    e.caught = f.flag(QLatin1String("caught"));
    // The traceback as Python prints it, outermost first: the error dialog's details.
    QString details = QStringLiteral("Traceback (most recent call last):\n");
    for (const QJsonValue &v : f.array(QLatin1String("traceback"), Fields::Optional, WatchParser::kMaxTraceback)) {
        const QJsonObject o = f.objectOf(v, QLatin1String("traceback"));
        Fields fr(o);
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

bool WatchParser::isDevice(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("\\A[a-z]{1,32}(:[0-9]{1,4})?\\z"));
    return !text.isEmpty() && text.size() <= 37 && pattern.match(text).hasMatch();
}

WatchParser::Result WatchParser::parse(const QByteArray &line)
{
    Result r;
    auto reject = [&r](Rejection why, const QString &reason) {
        r.rejection = why;
        r.reason = reason;
        return r;
    };
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError)
        return reject(Rejection::Malformed, tr("not JSON: %1").arg(error.errorString()));
    if (!doc.isObject())
        return reject(Rejection::Malformed, tr("not a JSON object"));
    const QJsonObject object = doc.object();
    Fields f(object);
    const QString type = f.text(QLatin1String("type"), Fields::Required);
    if (!f.ok())
        return reject(Rejection::Malformed, f.reason());

    using Type = WatchMessage::Type;
    static const QHash<QString, Type> types{
        {QStringLiteral("hello"), Type::Hello},       {QStringLiteral("devices"), Type::Devices},
        {QStringLiteral("move"), Type::Move},
        {QStringLiteral("move_time"), Type::MoveTime}, {QStringLiteral("tensors"), Type::Tensors},
        {QStringLiteral("memory"), Type::Memory},     {QStringLiteral("data_wait"), Type::DataWait},
        {QStringLiteral("step"), Type::Step},         {QStringLiteral("cell"), Type::Cell},
        {QStringLiteral("collective"), Type::Collective},
        {QStringLiteral("error"), Type::Error},
        {QStringLiteral("dropped"), Type::Dropped},   {QStringLiteral("notice"), Type::Notice},
        {QStringLiteral("bye"), Type::Bye},
    };
    const auto found = types.constFind(type);
    if (found == types.constEnd())
        return reject(Rejection::Unknown, tr("unknown type “%1”").arg(type.left(64)));

    WatchMessage &m = r.message;
    m.type = *found;
    m.t = f.number(kT, Fields::Required, 0, 0);
    switch (m.type) {
    case Type::Hello:
        readHello(f, m);
        break;
    case Type::Devices:
        readDevices(f, m.hello.devices, Fields::Required);
        break;
    case Type::Move:
        readMove(f, m, m.t);
        break;
    case Type::MoveTime:
        m.move.moveId = f.count(QLatin1String("id"), Fields::Required, -1);
        m.move.seconds = f.number(QLatin1String("seconds"), Fields::Required, 0, 0);
        m.move.at = m.t;
        break;
    case Type::Tensors:
        readCards(f, m);
        break;
    case Type::Memory:
        readMemory(f, m);
        break;
    case Type::DataWait: {
        WatchDataWait &w = m.dataWait;
        w.at = m.t;
        w.seconds = f.number(QLatin1String("seconds"), Fields::Required, 0, 0);
        w.batch = f.count(QLatin1String("batch"));
        w.workers = f.count(QLatin1String("workers"), Fields::Optional, -1);
        w.pinMemory = f.flag(QLatin1String("pin_memory"));
        w.step = f.count(QLatin1String("step"), Fields::Optional, -1);
        f.location(&w.file, &w.line, &w.cell);
        break;
    }
    case Type::Step: {
        WatchStep &s = m.step;
        s.at = m.t;
        s.n = f.count(QLatin1String("n"), Fields::Required);
        s.optimizer = f.text(QLatin1String("optimizer"));
        s.seconds = f.number(QLatin1String("seconds"), Fields::Optional, 0, 0);
        s.waitSeconds = f.number(QLatin1String("wait_s"), Fields::Optional, 0, 0);
        s.copySeconds = f.number(QLatin1String("copy_s"), Fields::Optional, 0, 0);
        s.bytes = f.count(QLatin1String("bytes"));
        s.moves = f.count(QLatin1String("moves"));
        s.collectiveSeconds = f.number(QLatin1String("collective_s"), Fields::Optional, 0, 0);
        s.collectives = f.count(QLatin1String("collectives"));
        f.location(&s.file, &s.line, &s.cell);
        // A DDP rank's step (tensorkitchen.replicas).
        s.rank = Fields::small(f.integer(QLatin1String("rank"), Fields::Optional, -1, 0));
        s.loss = f.number(QLatin1String("loss"), Fields::Optional, 0);
        s.samples = f.count(QLatin1String("samples"));
        s.forwardSeconds = f.number(QLatin1String("forward_s"), Fields::Optional, 0, 0);
        s.backwardSeconds = f.number(QLatin1String("backward_s"), Fields::Optional, 0, 0);
        s.optimizerSeconds = f.number(QLatin1String("optimizer_s"), Fields::Optional, 0, 0);
        s.allreduceSeconds = f.number(QLatin1String("allreduce_s"), Fields::Optional, 0, 0);
        s.allreduceBytes = f.count(QLatin1String("allreduce_bytes"));
        break;
    }
    case Type::Cell: {
        // A notebook cell that ran (tensorkitchen's IPython extension): its totals.
        WatchStep &s = m.step;
        s.isCell = true;
        s.at = m.t;
        s.n = f.count(QLatin1String("n"), Fields::Required);
        s.seconds = f.number(QLatin1String("seconds"), Fields::Optional, 0, 0);
        s.waitSeconds = f.number(QLatin1String("wait_s"), Fields::Optional, 0, 0);
        s.copySeconds = f.number(QLatin1String("copy_s"), Fields::Optional, 0, 0);
        s.bytes = f.count(QLatin1String("bytes"));
        s.moves = f.count(QLatin1String("moves"));
        s.failed = f.flag(QLatin1String("error"));
        break;
    }
    case Type::Collective: {
        WatchCollective &c = m.collective;
        c.at = m.t;
        c.op = f.text(QLatin1String("op"), Fields::Required);
        c.seconds = f.number(QLatin1String("seconds"), Fields::Required, 0, 0);
        c.bytes = f.count(QLatin1String("bytes"));
        c.asynchronous = f.flag(QLatin1String("async"));
        c.step = f.count(QLatin1String("step"), Fields::Optional, -1);
        f.location(&c.file, &c.line, &c.cell);
        break;
    }
    case Type::Error:
        readError(f, m);
        break;
    case Type::Dropped:
        m.count = f.count(QLatin1String("count"), Fields::Required);
        break;
    case Type::Notice:
        m.text = f.text(QLatin1String("text"), Fields::Required);
        break;
    case Type::Bye: {
        const QJsonValue code = f.value(QLatin1String("exit_code"), Fields::Optional);
        m.hasExitCode = !code.isUndefined();
        if (m.hasExitCode)
            m.exitCode = Fields::small(f.integerOf(code, QLatin1String("exit_code"), INT_MIN, 0));
        break;
    }
    }
    if (!f.ok())
        return reject(Rejection::Malformed, f.reason());
    return r;
}

} // namespace tk
