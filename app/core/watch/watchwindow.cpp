#include "core/watch/watchwindow.h"

#include "core/watch/watchfields.h"

#include <QJsonArray>
#include <QStringList>
#include <climits>
#include <cmath>
#include <iterator>

namespace tk {

namespace {

const QLatin1String kType("type");

// The columns of a row after [site, dt], per site type (_protocol.ROWS); those in micros are
// whole microseconds on the wire and seconds in the message.
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
    bool row(qsizetype index, const QJsonArray &row);
    // A site's fields (without its "type" for call and place sites) for the message a row makes.
    bool site(const QJsonValue &index, const char *want, QJsonObject *out);
    bool micros(const QJsonValue &v, QLatin1String name, double *seconds);
    bool calls(const QJsonValue &v, QJsonObject &step);
    bool gpuIdle(const QJsonValue &v, QJsonObject &step);
    bool take(QJsonObject &&object, qsizetype row);

    const QJsonObject m_window;
    WatchFields m_f;
    QList<QJsonObject> m_sites;
    QString m_reason;
    double m_t = 0;
    qint64 m_step = 0; // n0, then each step row's n: a move's and a wait's `step`
    qint64 m_nextId = -1; // id0, then one more per move row
    WatchParser::Result m_out;
    bool m_first = true;
};

WatchParser::Result Expander::run()
{
    m_t = m_f.number(QLatin1String("t0"), WatchFields::Required, 0, 0);
    const double end = m_f.number(QLatin1String("t"), WatchFields::Required, 0, 0);
    m_step = m_f.count(QLatin1String("n0"), WatchFields::Required);
    m_nextId = m_f.count(QLatin1String("id0"), WatchFields::Optional, -1);
    const QJsonArray rows = m_f.array(QLatin1String("rows"), WatchFields::Required, INT_MAX);
    const QJsonArray times = m_f.array(QLatin1String("times"), WatchFields::Optional, INT_MAX);
    if (!m_f.ok())
        fail(m_f.reason());
    else if (readSites()) {
        for (qsizetype i = 0; i < rows.size(); ++i)
            if (!rows.at(i).isArray() ? fail(WatchWindow::tr("row %1 is not an array").arg(i))
                                      : !row(i, rows.at(i).toArray()))
                break;
    }
    for (qsizetype i = 0; m_reason.isEmpty() && i < times.size(); ++i) {
        const QJsonArray pair = times.at(i).toArray();
        if (pair.size() != 2) {
            fail(WatchWindow::tr("“times” entry %1 is not [id, µs]").arg(i));
            break;
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
        fail(WatchWindow::tr("a window with no rows and no times"));
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

bool Expander::site(const QJsonValue &index, const char *want, QJsonObject *out)
{
    const double d = index.toDouble(-1);
    if (!index.isDouble() || d < 0 || d >= double(m_sites.size()) || d != qint64(d))
        return fail(WatchWindow::tr("a row names no site of the window"));
    *out = m_sites.at(qsizetype(d));
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

bool Expander::row(qsizetype index, const QJsonArray &row)
{
    QJsonObject o;
    if (row.size() < 2 || !site(row.at(0), nullptr, &o))
        return fail(WatchWindow::tr("row %1 has no site and time").arg(index));
    double dt = 0;
    if (!micros(row.at(1), QLatin1String("dt"), &dt))
        return false;
    m_t += dt;
    const QString type = o.value(kType).toString();
    const Column *columns = nullptr;
    qsizetype count = 0;
    if (type == QLatin1String("move")) {
        columns = kMoveColumns;
        count = std::size(kMoveColumns);
        if (m_nextId < 0)
            return fail(WatchWindow::tr("a move row in a window without “id0”"));
        o.insert(QLatin1String("id"), m_nextId++);
        o.insert(QLatin1String("step"), m_step);
    } else if (type == QLatin1String("data_wait")) {
        columns = kWaitColumns;
        count = std::size(kWaitColumns);
        o.insert(QLatin1String("step"), m_step);
    } else if (type == QLatin1String("step")) {
        columns = kStepColumns;
        count = std::size(kStepColumns);
        o.insert(QLatin1String("n"), ++m_step);
    } else {
        return fail(WatchWindow::tr("row %1 names a %2 site").arg(index).arg(type));
    }
    if (row.size() - 2 > count)
        return fail(WatchWindow::tr("row %1 has more columns than a %2").arg(index).arg(type));
    o.insert(QLatin1String("t"), m_t);
    for (qsizetype c = 0; c < row.size() - 2; ++c) {
        const QJsonValue v = row.at(c + 2);
        const Column &column = columns[c];
        if (v.isNull())
            continue;
        if (column.name == QLatin1String("calls")) {
            if (!calls(v, o))
                return false;
        } else if (column.name == QLatin1String("gpu_idle")) {
            if (!gpuIdle(v, o))
                return false;
        } else if (column.micros) {
            double seconds = 0;
            if (!micros(v, column.name, &seconds))
                return false;
            o.insert(column.name, seconds);
        } else {
            o.insert(column.name, v);
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

bool Expander::take(QJsonObject &&object, qsizetype row)
{
    WatchParser::Result r = WatchParser::parseObject(object);
    if (!r.ok())
        return fail(WatchWindow::tr("row %1: %2").arg(row).arg(r.reason));
    if (m_first) {
        m_out.message = std::move(r.message);
        m_first = false;
    } else {
        m_out.rest.append(std::move(r.message));
    }
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
