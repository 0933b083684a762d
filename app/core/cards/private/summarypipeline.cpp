#include "core/cards/private/summarypipeline.h"

namespace tk {

void SummaryPipeline::feed(SummaryPass::Stream *stream, const char *bytes, size_t n)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_queue.push_back(Piece{stream, bytes, n});
        ++m_pending;
    }
    if (!m_thread.joinable())
        m_thread = std::thread([this] { run(); });
    m_wake.notify_one();
}

void SummaryPipeline::drain()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_drained.wait(lock, [this] { return m_pending == 0; });
}

void SummaryPipeline::finish()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done = true;
    }
    m_wake.notify_one();
    m_thread.join();
    m_done = false;
}

void SummaryPipeline::run()
{
    for (;;) {
        Piece p;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [this] { return m_done || !m_queue.empty(); });
            if (m_queue.empty())
                return; // done, and nothing left
            p = m_queue.front();
            m_queue.pop_front();
        }
        p.stream->feed(p.bytes, p.n);
        std::lock_guard<std::mutex> lock(m_mutex);
        if (--m_pending == 0)
            m_drained.notify_all();
    }
}

} // namespace tk
