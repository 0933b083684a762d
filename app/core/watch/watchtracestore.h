#pragma once

#include "core/watch/private/recenttexts.h"

#include <QByteArray>
#include <QCborValue>
#include <QHash>
#include <QJsonValue>
#include <QLatin1String>
#include <QList>
#include <QString>

namespace tk {

// A trace's events as compact CBOR, kept until they are written out (WatchTrace): keys and
// the strings that repeat (a file, a device, an API) are indices into the store's tables
// (CBOR's "stringref" tag), and the events lie one after another in blocks of 1 MiB, so that
// no buffer is copied whole as it grows. A move is ~90 bytes, not the ~280 of its JSON.
class WatchTraceStore
{
public:
    // A string given by its index in the string table.
    static constexpr QCborTag kStringRef = QCborTag(25);
    static constexpr qsizetype kChunkBytes = qsizetype(1) << 20;
    static constexpr qsizetype kMaxStrings = 4096;

    // A key's or a repeated string's index in its table (a string: -1 once the table is full,
    // then it is written in the event itself). Keys are literals: the store keeps their views.
    qint64 keyRef(const char *key);
    qint64 stringRef(const QString &text);
    // An event's CBOR, kept; its index.
    qsizetype store(const QByteArray &event);
    // The event at `index` as JSON, its keys and strings taken back from the tables.
    QJsonValue event(qsizetype index) const;
    qsizetype size() const { return m_slots.size(); }
    qint64 bytes() const { return m_bytes; }

private:
    QJsonValue plain(const QCborValue &v) const;

    struct Slot
    {
        qint32 chunk;
        qint32 begin;
        qint32 size;
    };
    QList<QByteArray> m_chunks;
    QList<Slot> m_slots; // where each event lies in m_chunks
    qint64 m_bytes = 0;
    QHash<QLatin1String, qint64> m_keys;
    QList<QString> m_keyNames;
    QHash<QString, qint64> m_strings;
    QList<QString> m_stringList;
    // The refs given lately: a window's events repeat a few sites' keys (a move has ~20) and
    // texts, which were hashed again for every event (a tenth of a long recording's opening).
    // Keys are literals, known by their address in the slot it picks.
    struct RecentKey
    {
        const char *key = nullptr;
        qint64 ref = -1;
    };
    RecentKey m_recentKeys[RecentTexts<qint64>::kSlots];
    RecentTexts<qint64> m_recentStrings;
};

} // namespace tk
