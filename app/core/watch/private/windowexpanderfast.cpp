// WindowExpander's fast way: each event a copy of its site's message, read once.
#include "core/watch/private/windowexpander.h"

#include "core/watch/watchwindow.h"

namespace tk::window {

const WatchMessage *WindowExpander::templateOf(qsizetype site, const QString &type)
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

// The site at `index` read once as a step message of type `kind` (a call, a GPU idle's place)
// and kept; nullptr when it is not one.
template<typename T, typename Take>
const T *WindowExpander::siteAs(const QJsonValue &index, QLatin1String kind, QHash<qsizetype, std::optional<T>> &cache,
                                Take take)
{
    double d = 0;
    if (!whole(index, double(m_sites.size() - 1), &d))
        return nullptr;
    const qsizetype at = qsizetype(d);
    auto it = cache.find(at);
    if (it == cache.end()) {
        std::optional<T> value;
        QJsonObject site = m_sites.at(at);
        if (site.value(kType).toString() == kind) {
            site.remove(kType);
            value = take(site);
        }
        it = cache.insert(at, value);
    }
    return *it ? &**it : nullptr;
}

const WatchCall *WindowExpander::callOf(const QJsonValue &index)
{
    return siteAs<WatchCall>(index, QLatin1String("call"), m_calls, [](QJsonObject site) -> std::optional<WatchCall> {
        site.insert(QLatin1String("n"), 1);
        site.insert(QLatin1String("seconds"), 0);
        const WatchParser::Result r = WatchParser::parseObject({{kType, QLatin1String("step")},
                                                                {QLatin1String("t"), 0},
                                                                {QLatin1String("n"), 1},
                                                                {QLatin1String("calls"), QJsonArray{site}}});
        if (r.ok() && r.message.as<message::Step>().calls.size() == 1)
            return r.message.as<message::Step>().calls.first();
        return std::nullopt;
    });
}

const WatchStep *WindowExpander::placeOf(const QJsonValue &index)
{
    return siteAs<WatchStep>(index, QLatin1String("place"), m_places, [](QJsonObject site) -> std::optional<WatchStep> {
        site.insert(QLatin1String("seconds"), 0);
        const WatchParser::Result r = WatchParser::parseObject({{kType, QLatin1String("step")},
                                                                {QLatin1String("t"), 0},
                                                                {QLatin1String("n"), 1},
                                                                {QLatin1String("gpu_idle"), site}});
        if (r.ok())
            return r.message.step();
        return std::nullopt;
    });
}

bool WindowExpander::fastColumn(WatchStep &s, QList<WatchCall> &calls, QLatin1String name, const QJsonValue &v)
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

bool WindowExpander::fastEvent(qsizetype site, const QString &type, int kind)
{
    const WatchMessage *tmpl = templateOf(site, type);
    if (!tmpl)
        return false;
    const qsizetype k = m_taken[kind];
    const QList<Given> &given = m_columns[kind];
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
        r->program.id = m_nextId++;
        r->program.step = WatchFields::small(m_step);
        r->program.at = m_t;
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
    ++m_taken[kind];
    put(std::move(m));
    return true;
}

} // namespace tk::window
