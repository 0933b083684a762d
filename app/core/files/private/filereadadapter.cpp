#include "core/files/private/filereadadapter.h"

#include <QMutexLocker>
#include <algorithm>

namespace tk {

size_t FileReadAdapter::read(uint64_t pos, void *buf, size_t n, const char *) const
{
    if (pos >= m_size)
        return 0;
    n = std::min<size_t>(n, m_size - size_t(pos));
    QMutexLocker lock(&m_mutex);
    if (!m_file.seek(qint64(pos)))
        return 0;
    const bool watched = m_sink && pos == m_watchPos && n >= m_watchSize;
    const Sink sink = watched ? std::move(m_sink) : Sink();
    if (watched)
        m_sink = {};
    char *out = static_cast<char *>(buf);
    size_t done = 0;
    while (done < n) { // QFile may hand back less than asked (a signal)
        const qint64 want = qint64(std::min<size_t>(n - done, watched ? kPiece : size_t(1) << 30));
        const qint64 got = m_file.read(out + done, want);
        if (got <= 0)
            break;
        if (sink)
            sink(out + done, size_t(got));
        done += size_t(got);
    }
    if (sink)
        sink(nullptr, 0);
    return done;
}

void FileReadAdapter::watch(uint64_t pos, size_t n, Sink sink)
{
    QMutexLocker lock(&m_mutex);
    m_watchPos = pos;
    m_watchSize = n;
    m_sink = std::move(sink);
}

} // namespace tk
