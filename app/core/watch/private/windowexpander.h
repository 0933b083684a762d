#pragma once

// The expansion of one `window` message into the events it stands for (WatchWindow::expand):
// the slow way, each event built as a JSON object and parsed whole (windowexpander.cpp), and
// the fast way, each event a copy of its site's message read once (windowexpanderfast.cpp).
#include "core/watch/watchfields.h"
#include "core/watch/watchparser.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <cmath>
#include <optional>

namespace tk::window {

inline const QLatin1String kType("type");

// The columns of each site type's events (_protocol.COLUMNS); those in micros are whole
// microseconds on the wire and seconds in the message.
struct Column
{
    QLatin1String name;
    bool micros;
};
inline const Column kMoveColumns[] = {{QLatin1String("seconds"), true}};
inline const Column kWaitColumns[] = {{QLatin1String("seconds"), true}, {QLatin1String("batch"), false}};
inline const Column kStepColumns[]
    = {{QLatin1String("seconds"), true},      {QLatin1String("wait_s"), true}, {QLatin1String("copy_s"), true},
       {QLatin1String("bytes"), false},       {QLatin1String("moves"), false}, {QLatin1String("collective_s"), true},
       {QLatin1String("collectives"), false}, {QLatin1String("calls"), false}, {QLatin1String("gpu_idle"), false}};

// A whole number ≥ 0 and ≤ max sent as a JSON number, or false.
inline bool whole(const QJsonValue &v, double max, double *out)
{
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d != std::floor(d) || d > max)
        return false;
    *out = d;
    return true;
}
inline constexpr double kMaxMicros = 1e15; // as micros() takes them
inline constexpr double kMaxCount = 9007199254740992.0; // 2^53, as WatchFields::integerOf

class WindowExpander
{
public:
    explicit WindowExpander(const QJsonObject &window) : m_window(window), m_f(m_window) { }

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
    template<typename T, typename Take>
    const T *siteAs(const QJsonValue &index, QLatin1String kind, QHash<qsizetype, std::optional<T>> &cache, Take take);
    bool fastEvent(qsizetype site, const QString &type, int kind);
    bool fastColumn(WatchStep &s, QList<WatchCall> &calls, QLatin1String name, const QJsonValue &v);

    struct Given
    {
        Column column;
        QJsonArray values;
    };

    // A site type's index in WatchWindow::siteTypes() (move, data_wait, step, call, place):
    // what each event's columns and counts are found by, without hashing its type's name.
    static constexpr int kKinds = 5;
    static int kindOf(const QString &type);

    const QJsonObject m_window;
    WatchFields m_f;
    QList<QJsonObject> m_sites;
    QStringList m_siteTypes; // each site's "type"
    QList<int> m_siteKinds; // and its kind
    QList<Given> m_columns[kKinds]; // per kind, the columns sent
    qsizetype m_taken[kKinds] = {}; // per kind, the events expanded so far
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

} // namespace tk::window
