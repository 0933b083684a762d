#pragma once
// Core-internal: includes torch.

#include "core/cards/private/summarypass.h"
#include "core/kitchen/cardinfo.h"

#include <torch/types.h>

namespace tk {

// Fills a card's statistics, lovely-tensors summary line and heat map from its tensor.
class TensorSummary
{
public:
    static constexpr int kHeatSide = 32; // heat maps are at most 32×32 cells

    // `values`: the tensor's values summarised already, as they were read (complete).
    static void fill(CardInfo &card, const at::Tensor &t, const SummaryPass::Stream *values = nullptr);
    // Only what needs no values (shape, dtype, device, bytes): the statistics and heat map are
    // left pending, the line ending in "…" until fill() makes them. Reads none of the tensor.
    static void fillPending(CardInfo &card, const at::Tensor &t);
    static QString formatNumber(double v); // lovely-tensors style: 1.000, 0., 1.234e+05
    static QString dtypeShort(const QString &dtype); // "f16", "bf16", "f64", "i64", "bool"

private:
    static void fillLayout(CardInfo &card, const at::Tensor &t);
    static void fillLine(CardInfo &card, const at::Tensor &t);
    static void fillStats(CardInfo &card, const at::Tensor &t);
    static void fillHeat(CardInfo &card, const at::Tensor &t);
};

} // namespace tk
