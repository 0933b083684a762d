#include "core/watch/watchlinereader.h"

#include <cstring>

namespace tk {

void WatchLineReader::feed(const char *data, qsizetype size, QList<QByteArray> *lines)
{
    qsizetype pos = 0;
    while (pos < size) {
        const void *hit = std::memchr(data + pos, '\n', size_t(size - pos));
        const qsizetype end = hit ? static_cast<const char *>(hit) - data : size;
        const qsizetype length = end - pos;
        if (m_skipping) {
            // Already counted when it crossed the limit; only its end is looked for.
        } else if (m_buffer.size() + length > m_max) {
            ++m_oversized;
            m_buffer.clear();
            m_skipping = true;
        } else if (hit) {
            if (m_buffer.isEmpty())
                lines->append(QByteArray(data + pos, length));
            else
                lines->append(m_buffer.append(data + pos, length));
            m_buffer.clear();
        } else {
            m_buffer.append(data + pos, length);
        }
        if (hit)
            m_skipping = false;
        pos = end + 1;
    }
}

void WatchLineReader::finish(QList<QByteArray> *lines)
{
    if (!m_skipping && !m_buffer.isEmpty())
        lines->append(m_buffer);
    m_buffer.clear();
    m_skipping = false;
}

qint64 WatchLineReader::takeOversized()
{
    const qint64 n = m_oversized - m_taken;
    m_taken = m_oversized;
    return n;
}

} // namespace tk
