#pragma once

#include "core/watch/watchparser.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <climits>
#include <cmath>

namespace tk {

// Reads the fields of one JSON object, keeping the first reason a field was wrong. Absent and
// null read the same (the protocol sends null for "not known"); a present field of the wrong
// JSON type rejects the whole line.
class WatchFields
{
public:
    enum Need { Optional, Required };

    explicit WatchFields(const QJsonObject &object) : m_object(object) { }

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
    // A name or a path (a tensor's, a program's, a file's): at most kMaxName characters.
    QString name(QLatin1String key, Need need = Optional)
    {
        QString s = text(key, need);
        if (s.size() > WatchParser::kMaxName) {
            s.truncate(WatchParser::kMaxName);
            if (s.back().isHighSurrogate())
                s.chop(1);
        }
        return s;
    }

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
        WatchParser::dropControls(s);
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
                     .arg(key)
                     .arg(a.size())
                     .arg(limit));
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
        location(file, line, cell, QLatin1String("file"), QLatin1String("line"), QLatin1String("cell"));
    }
    // The same, from fields of other names (a data_wait's `loader_file`, …).
    void location(QString *file, int *line, int *cell, QLatin1String fileKey, QLatin1String lineKey,
                  QLatin1String cellKey)
    {
        *file = name(fileKey);
        *line = small(integer(lineKey, Optional, 0, 1));
        *cell = small(integer(cellKey, Optional, 0, 1));
    }

    static int small(qint64 v) { return int(qBound(qint64(INT_MIN), v, qint64(INT_MAX))); }

    // Folds a nested object's failure into this one, naming where it was.
    void take(const WatchFields &inner, QLatin1String where)
    {
        if (!inner.ok())
            fail(WatchParser::tr("in “%1”: %2").arg(where, inner.reason()));
    }

private:
    const QJsonObject &m_object;
    QString m_reason;
};

} // namespace tk
