#pragma once
// Core-internal: includes torch.

#include "core/kitchen/cardinfo.h"

#include <cstdint>
#include <memory>
#include <torch/types.h>

namespace tk {

// A card's statistics and heat map in one read of the values, with no temporary tensor: what
// TensorSummary's LibTorch ops (isnan, isposinf, isneginf, aminmax, a float64 mean, std,
// nan_to_num, adaptive_avg_pool2d) compute in eight passes and up to three times the tensor's
// size in temporaries. Same meanings: flags for NaN and ±Inf, min, max, mean and std (n - 1)
// over the finite values, and the heat map as the 2-D view's adaptive average over at most
// kSide × kSide cells, NaN in a cell marking it, ±Inf counted as max and min.
class SummaryPass
{
public:
    static constexpr int kSide = 32;

    // Whether fill() and Stream take `t`: a contiguous CPU tensor of float32, float64, float16
    // or bfloat16 with at least one element.
    static bool takes(const at::Tensor &t);
    // Fills card.hasNan … heat from `t`, split over LibTorch's threads by rows; false (card
    // untouched) when it does not take `t`.
    static bool fill(CardInfo &card, const at::Tensor &t);

    // The same, fed the tensor's bytes in order while they arrive (a file being read into the
    // tensor: each piece is summarised while it is still in the cache). For a tensor takes()
    // takes; the pieces may split an element.
    class Stream
    {
    public:
        explicit Stream(const at::Tensor &t);
        ~Stream();
        Stream(Stream &&) noexcept;
        void feed(const char *bytes, size_t n);
        bool complete() const; // every byte fed
        void finish(CardInfo &card) const;

    private:
        struct State;
        std::unique_ptr<State> d;
    };
};

} // namespace tk
