#include "core/watch/private/windowexpander.h"

#include "core/watch/watchwindow.h"

#include <climits>
#include <iterator>

namespace tk::window {

WatchParser::Result WindowExpander::run()
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
        // How many events of each kind, for the columns' lengths.
        qsizetype counts[kKinds] = {};
        for (const QJsonValue &v : order) {
            const qsizetype at = siteIndex(v);
            if (at < 0)
                break;
            ++counts[m_siteKinds.at(at)];
        }
        if (m_reason.isEmpty()
            && readColumns(QStringLiteral("move"), kMoveColumns, std::size(kMoveColumns), counts[kindOf("move")])
            && readColumns(QStringLiteral("data_wait"), kWaitColumns, std::size(kWaitColumns),
                           counts[kindOf("data_wait")])
            && readColumns(QStringLiteral("step"), kStepColumns, std::size(kStepColumns), counts[kindOf("step")])) {
            // As many messages as events: a list grown by doubling held up to twice that (a
            // window of 2,400 events, 1.5 MiB where 1 MiB is needed).
            m_out.rest.reserve(order.size() + times.size());
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

bool WindowExpander::readSites()
{
    const QJsonArray sites = m_f.array(QLatin1String("sites"), WatchFields::Required, WatchParser::kMaxSites);
    if (!m_f.ok())
        return fail(m_f.reason());
    for (qsizetype i = 0; i < sites.size(); ++i) {
        const QJsonObject site = sites.at(i).toObject();
        const QString type = site.value(kType).toString();
        const int kind = kindOf(type);
        if (!sites.at(i).isObject() || kind < 0)
            return fail(WatchWindow::tr("site %1 is not an object of a known type").arg(i));
        m_sites.append(site);
        m_siteTypes.append(type);
        m_siteKinds.append(kind);
    }
    return true;
}

int WindowExpander::kindOf(const QString &type) { return int(WatchWindow::siteTypes().indexOf(type)); }

bool WindowExpander::readColumns(const QString &type, const Column *columns, qsizetype count, qsizetype events)
{
    const QJsonValue given = m_window.value(type);
    if (given.isUndefined() || given.isNull()) {
        return true; // no columns: none of its fields sent
    }
    if (!given.isObject())
        return fail(WatchWindow::tr("“%1” must be an object of columns").arg(type));
    const QJsonObject object = given.toObject();
    QList<Given> &out = m_columns[kindOf(type)];
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

qsizetype WindowExpander::siteIndex(const QJsonValue &index)
{
    const double d = index.toDouble(-1);
    if (!index.isDouble() || d < 0 || d >= double(m_sites.size()) || d != qint64(d)) {
        fail(WatchWindow::tr("an event names no site of the window"));
        return -1;
    }
    return qsizetype(d);
}

bool WindowExpander::site(const QJsonValue &index, const char *want, QJsonObject *out)
{
    const qsizetype at = siteIndex(index);
    if (at < 0)
        return false;
    *out = m_sites.at(at);
    if (want && out->value(kType).toString() != QLatin1String(want))
        return fail(WatchWindow::tr("a %1 names a site that is not one").arg(QLatin1String(want)));
    return true;
}

bool WindowExpander::micros(const QJsonValue &v, QLatin1String name, double *seconds)
{
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d != std::floor(d) || d > 1e15)
        return fail(WatchWindow::tr("“%1” must be whole microseconds ≥ 0").arg(name));
    *seconds = d / 1e6;
    return true;
}

bool WindowExpander::event(qsizetype index, qint64 siteIndex, const QJsonValue &dtValue)
{
    double dt = 0;
    if (!micros(dtValue, QLatin1String("dt"), &dt))
        return false;
    m_t += dt;
    const QString &type = m_siteTypes.at(siteIndex);
    const int kind = m_siteKinds.at(siteIndex);
    if (fastEvent(siteIndex, type, kind))
        return true;
    QJsonObject o = m_sites.at(siteIndex);
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
    const qsizetype k = m_taken[kind]++;
    for (const Given &g : std::as_const(m_columns[kind])) {
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

bool WindowExpander::calls(const QJsonValue &v, QJsonObject &step)
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

bool WindowExpander::gpuIdle(const QJsonValue &v, QJsonObject &step)
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

bool WindowExpander::take(QJsonObject &&object, qsizetype event)
{
    WatchParser::Result r = WatchParser::parseObject(object);
    if (!r.ok())
        return fail(WatchWindow::tr("event %1: %2").arg(event).arg(r.reason));
    put(std::move(r.message));
    return true;
}

void WindowExpander::put(WatchMessage &&message)
{
    if (m_first) {
        m_out.message = std::move(message);
        m_first = false;
    } else {
        m_out.rest.append(std::move(message));
    }
}

} // namespace tk::window
