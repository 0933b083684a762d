#include "core/kitchen/requestprogress.h"

namespace tk {

void RequestProgress::advance(qint64 done, qint64 total)
{
    if (done <= m_lastDone) // only what rose
        return;
    const bool first = m_lastDone < 0;
    const bool last = done >= total;
    const bool enough = total > 0 && (done - m_lastDone) * 100 >= total;
    if (!first && !last && !enough && m_since.isValid() && m_since.elapsed() < kInterval)
        return;
    m_lastDone = done;
    m_since.start();
    m_report(done, total);
}

} // namespace tk
