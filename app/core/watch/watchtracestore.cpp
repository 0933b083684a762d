#include "core/watch/watchtracestore.h"

#include <QCborArray>
#include <QCborMap>
#include <QJsonArray>
#include <QJsonObject>
#include <algorithm>

namespace tk {

qint64 WatchTraceStore::keyRef(const char *key)
{
    RecentKey &recent = m_recentKeys[RecentTexts<qint64>::slotOf(key)];
    if (recent.key == key)
        return recent.ref;
    const QLatin1String k(key);
    qint64 ref;
    if (const auto it = m_keys.constFind(k); it != m_keys.constEnd()) {
        ref = *it;
    } else {
        ref = m_keyNames.size();
        m_keyNames.append(QString(k));
        m_keys.insert(k, ref); // keys are literals: the view stays valid
    }
    recent = RecentKey{key, ref};
    return ref;
}

qint64 WatchTraceStore::stringRef(const QString &text)
{
    if (const qint64 *known = m_recentStrings.find(text))
        return *known;
    qint64 ref;
    if (const auto it = m_strings.constFind(text); it != m_strings.constEnd()) {
        ref = *it;
    } else {
        if (m_stringList.size() >= kMaxStrings)
            return -1; // written in the event itself
        ref = m_stringList.size();
        m_stringList.append(text);
        m_strings.insert(text, ref);
    }
    m_recentStrings.remember(text, ref);
    return ref;
}

qsizetype WatchTraceStore::store(const QByteArray &event)
{
    // Blocks of 1 MiB, not one growing buffer: no copy of everything each time it doubles.
    if (m_chunks.isEmpty() || m_chunks.constLast().size() + event.size() > kChunkBytes) {
        m_chunks.append(QByteArray());
        m_chunks.last().reserve(std::max<qsizetype>(kChunkBytes, event.size()));
    }
    QByteArray &chunk = m_chunks.last();
    m_slots.append(Slot{qint32(m_chunks.size() - 1), qint32(chunk.size()), qint32(event.size())});
    chunk += event;
    m_bytes += event.size();
    return m_slots.size() - 1;
}

QJsonValue WatchTraceStore::plain(const QCborValue &v) const
{
    if (v.isMap()) {
        QJsonObject o;
        const QCborMap map = v.toMap();
        for (auto it = map.constBegin(); it != map.constEnd(); ++it) {
            const QCborValue k = it.key();
            const qint64 ref = k.isInteger() ? k.toInteger() : -1;
            o.insert(ref >= 0 && ref < m_keyNames.size() ? m_keyNames.at(ref) : k.toString(), plain(it.value()));
        }
        return o;
    }
    if (v.isArray()) {
        QJsonArray a;
        for (const QCborValue &x : v.toArray())
            a.append(plain(x));
        return a;
    }
    if (v.isTag() && v.tag() == kStringRef) {
        const qint64 ref = v.taggedValue().toInteger(-1);
        return ref >= 0 && ref < m_stringList.size() ? QJsonValue(m_stringList.at(ref)) : QJsonValue();
    }
    return v.toJsonValue();
}

QJsonValue WatchTraceStore::event(qsizetype index) const
{
    const Slot &slot = m_slots.at(index);
    return plain(QCborValue::fromCbor(m_chunks.at(slot.chunk).constData() + slot.begin, slot.size));
}

} // namespace tk
