#include "core/races/private/preparedspirals.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <ctime>

namespace tk {

namespace {

int64_t threadCpuNanos()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

} // namespace

PreparedSpirals::PreparedSpirals(at::Tensor x, at::Tensor y, at::Tensor order, int passes,
                                 std::shared_ptr<std::atomic<int64_t>> cpuNanos)
    : m_x(x.contiguous()), m_y(y.contiguous()), m_order(order.contiguous()), m_passes(passes),
      m_cpuNanos(std::move(cpuNanos))
{ }

c10::optional<size_t> PreparedSpirals::size() const { return size_t(m_order.size(0)); }

torch::data::Example<> PreparedSpirals::get(size_t index)
{
    const int64_t start = threadCpuNanos();
    const int64_t i = m_order.data_ptr<int64_t>()[index];
    const float px = m_x.data_ptr<float>()[2 * i];
    const float py = m_x.data_ptr<float>()[2 * i + 1];

    // "Decode": render the point as a soft blob; "augment": blur it, pass after pass.
    constexpr int n = kImageSide;
    std::array<float, n * n> image{}, next{};
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const float dx = (c + 0.5f) / n * 2 - 1 - px, dy = (r + 0.5f) / n * 2 - 1 - py;
            image[r * n + c] = std::exp(-(dx * dx + dy * dy) * 8);
        }
    for (int pass = 0; pass < m_passes; ++pass) {
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                float sum = 0;
                for (int dr = -1; dr <= 1; ++dr)
                    for (int dc = -1; dc <= 1; ++dc) {
                        const int rr = std::clamp(r + dr, 0, n - 1), cc = std::clamp(c + dc, 0, n - 1);
                        sum += image[rr * n + cc];
                    }
                next[r * n + c] = sum / 9;
            }
        image.swap(next);
    }
    float mean = 0;
    for (float v : image)
        mean += v;
    mean /= n * n;
    // A nudge of at most ~1e-5: real work feeds the sample, the spirals stay the spirals.
    const float nudge = 1e-5f * mean;
    at::Tensor data = torch::tensor({px + nudge, py - nudge});
    at::Tensor target = torch::tensor(m_y.data_ptr<int64_t>()[i]);
    m_cpuNanos->fetch_add(threadCpuNanos() - start, std::memory_order_relaxed);
    return {data, target};
}

} // namespace tk
