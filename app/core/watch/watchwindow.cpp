#include "core/watch/watchwindow.h"

#include "core/watch/watchfields.h"

#include <QHash>
#include <QJsonArray>
#include <QStringList>
#include <climits>
#include <cmath>
#include <iterator>
#include <optional>

namespace tk {

namespace {

const QLatin1String kType("type");

// The columns of each site type's events (_protocol.COLUMNS); those in micros are whole
// microseconds on the wire and seconds in the message.
struct Column
{
    QLatin1String name;
    bool micros;
};
const Column kMoveColumns[] = {{QLatin1String("seconds"), true}};
const Column kWaitColumns[] = {{QLatin1String("seconds"), true}, {QLatin1String("batch"), false}};
const Column kStepColumns[]
    = {{QLatin1String("seconds"), true},      {QLatin1String("wait_s"), true}, {QLatin1String("copy_s"), true},
       {QLatin1String("bytes"), false},       {QLatin1String("moves"), false}, {QLatin1String("collective_s"), true},
       {QLatin1String("collectives"), false}, {QLatin1String("calls"), false}, {QLatin1String("gpu_idle"), false}};

class Expander
{
public:
    explicit Expander(const QJsonObject &window) : m_window(window), m_f(m_window) { }

    WatchParser::Result run();

private:
    bool fail(const QString &reason)
    {
        if (m_reason.isEmpty())
            m_reason = reason;
        return false;
    }
    bool readSites();
    // A type's columns, each checked to hold one entry per event of that type.
    bool readColumns(const QString &type, const Column *columns, qsizetype count, qsizetype events);
    bool event(qsizetype index, qint64 site, const QJsonValue &dt);
    // The site a value names, or -1 (and the failure) when it names none.
    qsizetype siteIndex(const QJsonValue &index);
    // A site's fields (all but its "type" for call and place sites).
    bool site(const QJsonValue &index, const char *want, QJsonObject *out);
    bool micros(const QJsonValue &v, QLatin1String name, double *seconds);
    bool calls(const QJsonValue &v, QJsonObject &step);
    bool gpuIdle(const QJsonValue &v, QJsonObject &step);
    bool take(QJsonObject &&object, qsizetype event);
    void put(WatchMessage &&message);

    // The fast way: an event's message is its site's, read once as a message of that site
    // alone with neutral per-event values, with the event's own values set on a copy. Taken
    // only where every value of the event is plain (whole µs, counts, calls of call sites);
    // anything else goes the slow way above, whose rejection names the field.
    const WatchMessage *templateOf(qsizetype site, const QString &type);
    const WatchCall *callOf(const QJsonValue &site);
    const WatchStep *placeOf(const QJsonValue &site);
    bool fastEvent(qsizetype site, const QString &type);
    bool fastColumn(WatchStep &s, QList<WatchCall> &calls, QLatin1String name, const QJsonValue &v);

    struct Given
    {
        Column column;
        QJsonArray values;
    };

    const QJsonObject m_window;
    WatchFields m_f;
    QList<QJsonObject> m_sites;
    QHash<QString, QList<Given>> m_columns; // per type, the columns sent
    QHash<QString, qsizetype> m_taken; // per type, the events expanded so far
    QString m_reason;
    double m_t = 0;
    qint64 m_step = 0; // n0, then each step's n: a move's and a wait's `step`
    qint64 m_nextId = -1; // id0, then one more per move
    WatchParser::Result m_out;
    bool m_first = true;
    // Per site index, read once: nullopt until read; a message (or nothing, when the site
    // cannot be read alone: then its events go the slow way).
    QList<std::optional<std::optional<WatchMessage>>> m_templates;
    QHash<qsizetype, std::optional<WatchCall>> m_calls;
    QHash<qsizetype, std::optional<WatchStep>> m_places;
};

// A whole number ≥ 0 and ≤ max sent as a JSON number, or false.
bool whole(const QJsonValue &v, double max, double *out)
{
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d != std::floor(d) || d > max)
        return false;
    *out = d;
    return true;
}
constexpr double kMaxMicros = 1e15; // as micros() takes them
constexpr double kMaxCount = 9007199254740992.0; // 2^53, as WatchFields::integerOf

WatchParser::Result Expander::run()
{
    m_t = m_f.number(QLatin1String("t0"), WatchFields::Required, 0, 0);
    const double end = m_f.number(QLatin1String("t"), WatchFields::Required, 0, 0);
    m_step = m_f.count(QLatin1String("n0"), WatchFields::Required);
    m_nextId = m_f.count(QLatin1String("id0"), WatchFields::Optional, -1);
    const QJsonArray order = m_f.array(QLatin1String("site"), WatchFields::Required, INT_MAX);
    const QJsonArray dts = m_f.array(QLatin1String("dt"), WatchFields::Required, INT_MAX);
    const QJsonArray times = m_f.array(QLatin1String("times"), WatchFields::Optional, INT_MAX);
    if (!m_f.ok())
        fail(m_f.reason());
    else if (order.size() != dts.size())
        fail(WatchWindow::tr("“site” and “dt” differ in length"));
    else if (readSites()) {
        // How many events of each type, for the columns' lengths.
        QHash<QString, qsizetype> counts;
        for (const QJsonValue &v : order) {
            const qsizetype at = siteIndex(v);
            if (at < 0)
                break;
            ++counts[m_sites.at(at).value(kType).toString()];
        }
        if (m_reason.isEmpty()
            && readColumns(QStringLiteral("move"), kMoveColumns, std::size(kMoveColumns), counts.value("move"))
            && readColumns(QStringLiteral("data_wait"), kWaitColumns, std::size(kWaitColumns),
                           counts.value("data_wait"))
            && readColumns(QStringLiteral("step"), kStepColumns, std::size(kStepColumns), counts.value("step"))) {
            for (qsizetype i = 0; i < order.size(); ++i)
                if (!event(i, qint64(order.at(i).toDouble()), dts.at(i)))
                    break;
        }
    }
    for (qsizetype i = 0; m_reason.isEmpty() && i < times.size(); ++i) {
        const QJsonArray pair = times.at(i).toArray();
        if (pair.size() != 2) {
            fail(WatchWindow::tr("“times” entry %1 is not [id, µs]").arg(i));
            break;
        }
        double id = 0, us = 0;
        if (whole(pair.at(0), kMaxCount, &id) && whole(pair.at(1), kMaxMicros, &us)) {
            WatchMessage m;
            m.t = qMax(end, m_t);
            m.body = message::MoveTime{qint64(id), us / 1e6};
            put(std::move(m));
            continue;
        }
        QJsonObject o{{kType, QLatin1String("move_time")},
                      {QLatin1String("t"), qMax(end, m_t)},
                      {QLatin1String("id"), pair.at(0)}};
        double seconds = 0;
        if (!micros(pair.at(1), QLatin1String("times"), &seconds))
            break;
        o.insert(QLatin1String("seconds"), seconds);
        if (!take(std::move(o), i))
            break;
    }
    if (m_reason.isEmpty() && m_first)
        fail(WatchWindow::tr("a window with no events and no times"));
    if (!m_reason.isEmpty()) {
        WatchParser::Result r;
        r.rejection = WatchParser::Rejection::Malformed;
        r.reason = WatchWindow::tr("window: %1").arg(m_reason);
        return r;
    }
    return std::move(m_out);
}

bool Expander::readSites()
{
    const QJsonArray sites = m_f.array(QLatin1String("sites"), WatchFields::Required, WatchParser::kMaxSites);
    if (!m_f.ok())
        return fail(m_f.reason());
    const QStringList &kinds = WatchWindow::siteTypes();
    for (qsizetype i = 0; i < sites.size(); ++i) {
        const QJsonObject site = sites.at(i).toObject();
        if (!sites.at(i).isObject() || !kinds.contains(site.value(kType).toString()))
            return fail(WatchWindow::tr("site %1 is not an object of a known type").arg(i));
        m_sites.append(site);
    }
    return true;
}

bool Expander::readColumns(const QString &type, const Column *columns, qsizetype count, qsizetype events)
{
    const QJsonValue given = m_window.value(type);
    if (given.isUndefined() || given.isNull()) {
        return true; // no columns: none of its fields sent
    }
    if (!given.isObject())
        return fail(WatchWindow::tr("“%1” must be an object of columns").arg(type));
    const QJsonObject object = given.toObject();
    QList<Given> &out = m_columns[type];
    for (qsizetype c = 0; c < count; ++c) {
        const QJsonValue v = object.value(columns[c].name);
        if (v.isUndefined() || v.isNull())
            continue;
        if (!v.isArray() || v.toArray().size() != events)
            return fail(WatchWindow::tr("the column “%1” of “%2” must hold one entry per %2 (%3)")
                            .arg(columns[c].name)
                            .arg(type)
                            .arg(events));
        out.append(Given{columns[c], v.toArray()});
    }
    return true;
}

qsizetype Expander::siteIndex(const QJsonValue &index)
{
    const double d = index.toDouble(-1);
    if (!index.isDouble() || d < 0 || d >= double(m_sites.size()) || d != qint64(d)) {
        fail(WatchWindow::tr("an event names no site of the window"));
        return -1;
    }
    return qsizetype(d);
}

bool Expander::site(const QJsonValue &index, const char *want, QJsonObject *out)
{
    const qsizetype at = siteIndex(index);
    if (at < 0)
        return false;
    *out = m_sites.at(at);
    if (want && out->value(kType).toString() != QLatin1String(want))
        return fail(WatchWindow::tr("a %1 names a site that is not one").arg(QLatin1String(want)));
    return true;
}

bool Expander::micros(const QJsonValue &v, QLatin1String name, double *seconds)
{
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d != std::floor(d) || d > 1e15)
        return fail(WatchWindow::tr("“%1” must be whole microseconds ≥ 0").arg(name));
    *seconds = d / 1e6;
    return true;
}

bool Expander::event(qsizetype index, qint64 siteIndex, const QJsonValue &dtValue)
{
    QJsonObject o = m_sites.at(siteIndex);
    double dt = 0;
    if (!micros(dtValue, QLatin1String("dt"), &dt))
        return false;
    m_t += dt;
    const QString type = o.value(kType).toString();
    if (fastEvent(siteIndex, type))
        return true;
    if (type == QLatin1String("move")) {
        if (m_nextId < 0)
            return fail(WatchWindow::tr("a move in a window without “id0”"));
        o.insert(QLatin1String("id"), m_nextId++);
        o.insert(QLatin1String("step"), m_step);
    } else if (type == QLatin1String("data_wait")) {
        o.insert(QLatin1String("step"), m_step);
    } else if (type == QLatin1String("step")) {
        o.insert(QLatin1String("n"), ++m_step);
    } else {
        return fail(WatchWindow::tr("event %1 names a %2 site").arg(index).arg(type));
    }
    o.insert(QLatin1String("t"), m_t);
    const qsizetype k = m_taken[type]++;
    for (const Given &g : std::as_const(m_columns[type])) {
        const QJsonValue v = g.values.at(k);
        if (v.isNull())
            continue;
        if (g.column.name == QLatin1String("calls")) {
            if (!calls(v, o))
                return false;
        } else if (g.column.name == QLatin1String("gpu_idle")) {
            if (!gpuIdle(v, o))
                return false;
        } else if (g.column.micros) {
            double seconds = 0;
            if (!micros(v, g.column.name, &seconds))
                return false;
            o.insert(g.column.name, seconds);
        } else {
            o.insert(g.column.name, v);
        }
    }
    return take(std::move(o), index);
}

bool Expander::calls(const QJsonValue &v, QJsonObject &step)
{
    const QJsonArray flat = v.toArray();
    if (!v.isArray() || flat.size() % 3 != 0 || flat.size() / 3 > WatchParser::kMaxCalls)
        return fail(
            WatchWindow::tr("a step's “calls” must be [site, n, µs] triples, at most %1").arg(WatchParser::kMaxCalls));
    QJsonArray calls;
    for (qsizetype i = 0; i < flat.size(); i += 3) {
        QJsonObject call;
        if (!site(flat.at(i), "call", &call))
            return false;
        call.remove(kType);
        double seconds = 0;
        if (!micros(flat.at(i + 2), QLatin1String("calls"), &seconds))
            return false;
        call.insert(QLatin1String("n"), flat.at(i + 1));
        call.insert(QLatin1String("seconds"), seconds);
        calls.append(call);
    }
    step.insert(QLatin1String("calls"), calls);
    return true;
}

bool Expander::gpuIdle(const QJsonValue &v, QJsonObject &step)
{
    const QJsonArray pair = v.toArray();
    QJsonObject place;
    double seconds = 0;
    if (!v.isArray() || pair.size() != 2)
        return fail(WatchWindow::tr("a step's “gpu_idle” must be [site, µs]"));
    if (!site(pair.at(0), "place", &place) || !micros(pair.at(1), QLatin1String("gpu_idle"), &seconds))
        return false;
    place.remove(kType);
    place.insert(QLatin1String("seconds"), seconds);
    step.insert(QLatin1String("gpu_idle"), place);
    return true;
}

bool Expander::take(QJsonObject &&object, qsizetype event)
{
    WatchParser::Result r = WatchParser::parseObject(object);
    if (!r.ok())
        return fail(WatchWindow::tr("event %1: %2").arg(event).arg(r.reason));
    put(std::move(r.message));
    return true;
}

void Expander::put(WatchMessage &&message)
{
    if (m_first) {
        m_out.message = std::move(message);
        m_first = false;
    } else {
        m_out.rest.append(std::move(message));
    }
}

const WatchMessage *Expander::templateOf(qsizetype site, const QString &type)
{
    if (m_templates.isEmpty())
        m_templates.resize(m_sites.size());
    auto &slot = m_templates[site];
    if (!slot) {
        QJsonObject o = m_sites.at(site);
        o.insert(QLatin1String("t"), 0);
        if (type == QLatin1String("move")) {
            o.insert(QLatin1String("id"), 0);
        } else if (type == QLatin1String("data_wait")) {
            o.insert(QLatin1String("seconds"), 0);
        } else if (type == QLatin1String("step")) {
            o.insert(QLatin1String("n"), 1);
        }
        // A step site that carries calls or a GPU idle of its own: they would be read here
        // with the template's step and time, so its events go the slow way.
        const bool own = o.contains(QLatin1String("calls")) || o.contains(QLatin1String("gpu_idle"));
        WatchParser::Result r = own ? WatchParser::Result{} : WatchParser::parseObject(o);
        slot.emplace(!own && r.ok() ? std::optional<WatchMessage>(std::move(r.message)) : std::nullopt);
    }
    return *slot ? &**slot : nullptr;
}

const WatchCall *Expander::callOf(const QJsonValue &index)
{
    double d = 0;
    if (!whole(index, double(m_sites.size() - 1), &d))
        return nullptr;
    const qsizetype at = qsizetype(d);
    auto it = m_calls.find(at);
    if (it == m_calls.end()) {
        std::optional<WatchCall> call;
        QJsonObject site = m_sites.at(at);
        if (site.value(kType).toString() == QLatin1String("call")) {
            site.remove(kType);
            site.insert(QLatin1String("n"), 1);
            site.insert(QLatin1String("seconds"), 0);
            const WatchParser::Result r = WatchParser::parseObject({{kType, QLatin1String("step")},
                                                                    {QLatin1String("t"), 0},
                                                                    {QLatin1String("n"), 1},
                                                                    {QLatin1String("calls"), QJsonArray{site}}});
            if (r.ok() && r.message.as<message::Step>().calls.size() == 1)
                call = r.message.as<message::Step>().calls.first();
        }
        it = m_calls.insert(at, call);
    }
    return *it ? &**it : nullptr;
}

const WatchStep *Expander::placeOf(const QJsonValue &index)
{
    double d = 0;
    if (!whole(index, double(m_sites.size() - 1), &d))
        return nullptr;
    const qsizetype at = qsizetype(d);
    auto it = m_places.find(at);
    if (it == m_places.end()) {
        std::optional<WatchStep> place;
        QJsonObject site = m_sites.at(at);
        if (site.value(kType).toString() == QLatin1String("place")) {
            site.remove(kType);
            site.insert(QLatin1String("seconds"), 0);
            const WatchParser::Result r = WatchParser::parseObject({{kType, QLatin1String("step")},
                                                                    {QLatin1String("t"), 0},
                                                                    {QLatin1String("n"), 1},
                                                                    {QLatin1String("gpu_idle"), site}});
            if (r.ok())
                place = r.message.step();
        }
        it = m_places.insert(at, place);
    }
    return *it ? &**it : nullptr;
}

bool Expander::fastColumn(WatchStep &s, QList<WatchCall> &calls, QLatin1String name, const QJsonValue &v)
{
    double d = 0;
    if (name == QLatin1String("calls")) {
        const QJsonArray flat = v.toArray();
        if (!v.isArray() || flat.size() % 3 != 0 || flat.size() / 3 > WatchParser::kMaxCalls)
            return false;
        for (qsizetype i = 0; i < flat.size(); i += 3) {
            const WatchCall *site = callOf(flat.at(i));
            double n = 0, us = 0;
            if (!site || !whole(flat.at(i + 1), kMaxCount, &n) || n < 1 || !whole(flat.at(i + 2), kMaxMicros, &us))
                return false;
            WatchCall c = *site;
            c.step = s.n;
            c.at = s.at;
            c.count = qint64(n);
            c.seconds = us / 1e6;
            calls.append(c);
        }
        return true;
    }
    if (name == QLatin1String("gpu_idle")) {
        const QJsonArray pair = v.toArray();
        const WatchStep *place = pair.size() == 2 ? placeOf(pair.at(0)) : nullptr;
        if (!v.isArray() || !place || !whole(pair.at(1), kMaxMicros, &d))
            return false;
        s.gpuIdleSeconds = d / 1e6;
        s.gpuIdleFile = place->gpuIdleFile;
        s.gpuIdleLine = place->gpuIdleLine;
        s.gpuIdleCell = place->gpuIdleCell;
        return true;
    }
    const bool micros = name == QLatin1String("seconds") || name.endsWith(QLatin1String("_s"));
    if (!whole(v, micros ? kMaxMicros : kMaxCount, &d))
        return false;
    if (name == QLatin1String("seconds"))
        s.seconds = d / 1e6;
    else if (name == QLatin1String("wait_s"))
        s.waitSeconds = d / 1e6;
    else if (name == QLatin1String("copy_s"))
        s.copySeconds = d / 1e6;
    else if (name == QLatin1String("collective_s"))
        s.collectiveSeconds = d / 1e6;
    else if (name == QLatin1String("bytes"))
        s.bytes = qint64(d);
    else if (name == QLatin1String("moves"))
        s.moves = qint64(d);
    else if (name == QLatin1String("collectives"))
        s.collectives = qint64(d);
    else
        return false;
    return true;
}

bool Expander::fastEvent(qsizetype site, const QString &type)
{
    const WatchMessage *tmpl = templateOf(site, type);
    if (!tmpl)
        return false;
    const qsizetype k = m_taken.value(type);
    const QList<Given> &given = m_columns[type];
    WatchMessage m = *tmpl;
    m.t = m_t;
    if (auto *r = std::get_if<MoveReport>(&m.body)) {
        if (m_nextId < 0)
            return false;
        for (const Given &g : given) {
            const QJsonValue v = g.values.at(k);
            double us = 0;
            if (v.isNull())
                continue;
            if (g.column.name != QLatin1String("seconds") || !whole(v, kMaxMicros, &us))
                return false;
            r->seconds = us / 1e6;
            r->timed = true;
        }
        r->moveId = m_nextId++;
        r->step = WatchFields::small(m_step);
        r->at = m_t;
    } else if (auto *w = std::get_if<WatchDataWait>(&m.body)) {
        bool timed = false;
        for (const Given &g : given) {
            const QJsonValue v = g.values.at(k);
            double d = 0;
            if (v.isNull())
                continue;
            if (g.column.name == QLatin1String("seconds") && whole(v, kMaxMicros, &d)) {
                w->seconds = d / 1e6;
                timed = true;
            } else if (g.column.name == QLatin1String("batch") && whole(v, kMaxCount, &d)) {
                w->batch = qint64(d);
            } else {
                return false;
            }
        }
        if (!timed)
            return false; // its seconds are required: the slow way says so
        w->step = m_step;
        w->at = m_t;
    } else if (auto *b = std::get_if<message::Step>(&m.body)) {
        if (b->step.isCell)
            return false;
        b->step.n = m_step + 1;
        b->step.at = m_t;
        for (const Given &g : given) {
            const QJsonValue v = g.values.at(k);
            if (!v.isNull() && !fastColumn(b->step, b->calls, g.column.name, v))
                return false;
        }
        ++m_step;
    } else {
        return false;
    }
    ++m_taken[type];
    put(std::move(m));
    return true;
}

} // namespace

const QStringList &WatchWindow::siteTypes()
{
    static const QStringList types{QStringLiteral("move"), QStringLiteral("data_wait"), QStringLiteral("step"),
                                   QStringLiteral("call"), QStringLiteral("place")};
    return types;
}

QStringList WatchWindow::columns(const QString &type)
{
    QStringList out;
    const auto add = [&out](const auto &columns) {
        for (const Column &c : columns)
            out << (c.micros ? QString(c.name) + QStringLiteral(" µs") : QString(c.name));
    };
    if (type == QLatin1String("move"))
        add(kMoveColumns);
    else if (type == QLatin1String("data_wait"))
        add(kWaitColumns);
    else if (type == QLatin1String("step"))
        add(kStepColumns);
    return out;
}

WatchParser::Result WatchWindow::expand(const QJsonObject &window) { return Expander(window).run(); }

} // namespace tk
