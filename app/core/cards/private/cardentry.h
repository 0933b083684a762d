#pragma once
// Core-internal: includes torch.

#include "core/kitchen/cardinfo.h"

#include <memory>
#include <torch/torch.h>

namespace tk {

// One card of the workspace as the core holds it: a tensor, or a model, an optimizer or a loss,
// with the CardInfo the UI is sent.
struct CardEntry
{
    // The learning rate of the kitchen's optimizer cards (the code log writes it too).
    static constexpr double kOptimizerLr = 0.01;

    at::Tensor tensor; // a tensor card's tensor; a model's first weight
    torch::nn::Sequential module{nullptr};
    std::shared_ptr<torch::optim::Optimizer> optimizer;
    int modelId = -1; // the model an optimizer works on
    // A model, optimizer or loss made in the PyTorch console: the Python object itself (a
    // PyObject reference released under the GIL), described by ObjectCards.
    std::shared_ptr<void> object;
    CardInfo info;

    bool isTensor() const { return info.kind == QLatin1String("tensor"); }
    bool isPythonObject() const { return bool(object); }
};

} // namespace tk
