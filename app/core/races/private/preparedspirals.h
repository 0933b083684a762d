#pragma once
// Core-internal: includes torch.

#include <atomic>
#include <memory>
#include <torch/torch.h>

namespace tk {

// The two spirals as a torch::data dataset whose samples cost real CPU work, as decoding and
// augmenting an image does: each sample renders a 32×32 image from its point and blurs it
// `passes` times; the blurred image nudges the point by a tiny amount that depends only on the
// sample, so the work cannot be skipped and a batch is the same whichever thread made it.
// Stateless and thread-safe: the DataLoader's workers each hold a copy.
class PreparedSpirals : public torch::data::datasets::Dataset<PreparedSpirals>
{
public:
    // `order`: the sample behind each index (one shuffle, from the seed). The CPU time spent
    // preparing is added to `cpuNanos`, from whichever thread prepares.
    PreparedSpirals(at::Tensor x, at::Tensor y, at::Tensor order, int passes,
                    std::shared_ptr<std::atomic<int64_t>> cpuNanos);

    torch::data::Example<> get(size_t index) override;
    c10::optional<size_t> size() const override;

    static constexpr int kImageSide = 32;

private:
    at::Tensor m_x, m_y, m_order; // contiguous host tensors: float32 [n, 2], int64 [n], int64 [n]
    int m_passes = 0;
    std::shared_ptr<std::atomic<int64_t>> m_cpuNanos;
};

} // namespace tk
