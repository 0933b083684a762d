#pragma once

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
        // A window's events are copies of their site's message: their texts share its buffers.
        // A buffer seen lately is known by its address (the entry holds it, so the address
        // cannot be reused for another text), not hashed again: opening a long recording
        // hashed ~20 million texts, a fifth of its time.
        const QChar *data = s.constData();
        for (const Recent &r : m_recent) {
            if (r.source.constData() == data && r.source.size() == s.size()) {
                s = r.pooled;
                return true;
            }
        }
        if (const auto it = m_texts.constFind(s); it != m_texts.cend()) {
            remember(s, *it);
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
        remember(s, s);
        return true;
    }
    qint64 bytes() const { return m_bytes; }

private:
    static constexpr qint64 kOverhead = 48; // a QString's header and the set's node, about

    struct Recent
    {
        QString source; // a text as it came (held: its buffer stays its own)
        QString pooled; // the pool's copy
    };
    void remember(const QString &source, const QString &pooled)
    {
        m_recent[m_nextRecent] = Recent{source, pooled};
        m_nextRecent = (m_nextRecent + 1) % kRecent;
    }

    static constexpr int kRecent = 16; // a few sites' texts
    QSet<QString> m_texts;
    qint64 m_bytes = 0;
    Recent m_recent[kRecent];
    int m_nextRecent = 0;
};

} // namespace tk
