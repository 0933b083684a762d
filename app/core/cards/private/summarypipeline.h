#pragma once
// Core-internal: includes torch.

#include "core/cards/private/summarypass.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>

namespace tk {

// Summaries of a file's tensors made on a second thread while the loading thread reads the
// next piece: the reader hands over each piece as it lands in its tensor (no copy), the
// helper feeds it to that tensor's SummaryPass::Stream, so the summaries cost little more
// than the reading itself where a second core is free. drain() at the end of each storage's
// read (before the reader can drop its buffer); streams must outlive finish() (the destructor
// calls it).
class SummaryPipeline
{
public:
    SummaryPipeline() = default;
    ~SummaryPipeline() { finish(); }
    SummaryPipeline(const SummaryPipeline &) = delete;
    SummaryPipeline &operator=(const SummaryPipeline &) = delete;

    // `bytes` stays valid and unchanged until drain(); pieces of one stream come in order.
    void feed(SummaryPass::Stream *stream, const char *bytes, size_t n);
    // Waits until every piece handed over has been fed.
    void drain();
    // Waits until every piece handed over has been fed, and stops the helper.
    void finish();

private:
    struct Piece
    {
        SummaryPass::Stream *stream;
        const char *bytes;
        size_t n;
    };
    void run();

    std::mutex m_mutex; // guards m_queue, m_pending and m_done
    std::condition_variable m_wake; // a piece, or done
    std::condition_variable m_drained; // m_pending fell to 0
    std::deque<Piece> m_queue;
    size_t m_pending = 0; // handed over and not fed yet (queued or being fed)
    bool m_done = false;
    std::thread m_thread; // started by the first piece
};

} // namespace tk
