#pragma once

// Private to the core library: includes LibTorch.
#include <torch/torch.h>
#include <vector>

namespace tk {

// One training step of the race's model (Linear, ReLU, …, Linear; ModelFactory::mlp) with
// cross-entropy, forward and backward by hand: the very kernels autograd runs for this graph
// (derivatives.yaml's formulas for addmm, relu, log_softmax and nll_loss, the same operand
// layouts, so the same GEMM calls), without building and walking a graph each step and below
// the autograd dispatch layer. The gradients are autograd's to the bit; tst_training compares
// the losses with PyTorch's own loop. At width 64 this took the step from ~260 to ~190 µs here.
class MlpBackprop
{
public:
    // The model's Linear layers, in order; a model of any other shape is refused (fits()).
    explicit MlpBackprop(const torch::nn::Sequential &model);
    static bool fits(const torch::nn::Sequential &model);

    // The mean cross-entropy of the model on (x, y); every parameter's .grad() (defined
    // beforehand, e.g. FlatAdam's views) is overwritten with its gradient.
    at::Tensor step(const at::Tensor &x, const at::Tensor &y);

private:
    std::vector<at::Tensor> m_weights, m_biases;
    std::vector<at::Tensor> m_inputs; // each layer's input, kept for the backward pass
};

} // namespace tk
