#pragma once

#include "core/watch/private/recenttexts.h"

#include <QSet>
#include <QString>

namespace tk {

// The texts a watched program sends again and again (tensor names, paths, devices, call
// names): one copy each, shared by every move, step and call that names it, within a byte
// budget per program. Past the budget a new text is kept as "…", so that a program cannot make
// the app hold more than the budget in text however many distinct names it sends.
class WatchTextPool
{
public:
    static constexpr qint64 kMaxBytes = qint64(16) << 20;

    // `s` becomes the pool's copy; false when the budget is spent and `s` became "…".
    bool share(QString &s)
    {
        if (s.isEmpty())
            return true;
        if (const QString *pooled = m_recent.find(s)) { // one of the last few texts: not hashed
            s = *pooled;
            return true;
        }
        if (const auto it = m_texts.constFind(s); it != m_texts.cend()) {
            m_recent.remember(s, *it);
            s = *it;
            return true;
        }
        const qint64 bytes = qint64(s.size()) * qint64(sizeof(QChar)) + kOverhead;
        if (m_bytes + bytes > kMaxBytes) {
            s = QStringLiteral("…");
            return false;
        }
        m_bytes += bytes;
        m_texts.insert(s);
        m_recent.remember(s, s);
        return true;
    }
    qint64 bytes() const { return m_bytes; }

private:
    static constexpr qint64 kOverhead = 48; // a QString's header and the set's node, about

    QSet<QString> m_texts;
    qint64 m_bytes = 0;
    RecentTexts<QString> m_recent; // the texts as they came, and their pool's copies
};

} // namespace tk
