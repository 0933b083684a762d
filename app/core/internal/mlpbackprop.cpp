#include "internal/mlpbackprop.h"

#include <ATen/ExpandUtils.h>

namespace tk {

bool MlpBackprop::fits(const torch::nn::Sequential &model)
{
    const auto modules = model->children();
    if (modules.empty() || modules.size() % 2 == 0)
        return false;
    for (size_t i = 0; i < modules.size(); ++i) {
        const bool linear = modules[i]->as<torch::nn::Linear>() != nullptr;
        const bool relu = modules[i]->as<torch::nn::ReLU>() != nullptr;
        if (i % 2 == 0 ? !linear : !relu)
            return false;
        if (linear && !modules[i]->as<torch::nn::Linear>()->bias.defined())
            return false;
    }
    return true;
}

MlpBackprop::MlpBackprop(const torch::nn::Sequential &model)
{
    TORCH_CHECK(fits(model), "MlpBackprop takes Linear, ReLU, …, Linear");
    for (const auto &m : model->children())
        if (auto *linear = m->as<torch::nn::Linear>()) {
            m_weights.push_back(linear->weight);
            m_biases.push_back(linear->bias);
        }
}

at::Tensor MlpBackprop::step(const at::Tensor &x, const at::Tensor &y)
{
    // The same kernels without autograd's bookkeeping; nothing here needs a graph.
    at::AutoDispatchBelowADInplaceOrView belowAutograd;
    const size_t layers = m_weights.size();
    m_inputs.resize(layers);
    // Forward, as at::linear runs a 2-D input with a bias: addmm(b, h, W.t()).
    at::Tensor z;
    m_inputs[0] = x;
    for (size_t i = 0; i < layers; ++i) {
        z = at::addmm(m_biases[i], m_inputs[i], m_weights[i].t());
        if (i + 1 < layers)
            m_inputs[i + 1] = at::relu(z);
    }
    // F.cross_entropy: nll_loss(log_softmax(z, 1)), mean over the batch.
    const at::Tensor logProbs = at::log_softmax(z, 1, z.scalar_type());
    const auto [loss, totalWeight] =
        at::nll_loss_forward(logProbs, y, c10::nullopt, at::Reduction::Mean, -100);
    // Backward from d loss = 1: NllLossBackward0, LogSoftmaxBackward0, then per layer
    // AddmmBackward0 (bias: the broadcast grad summed over the batch, as the engine's
    // sum_to does; weight: grad.t().mm(input), mm_mat2_backward's branch for W.t(); input:
    // grad.mm(W), mm_mat1_backward's) and ReluBackward0 (threshold_backward on the result).
    at::Tensor grad = at::_log_softmax_backward_data(
        at::nll_loss_backward(at::ones_like(loss), logProbs, y, c10::nullopt, at::Reduction::Mean, -100,
                              totalWeight),
        logProbs, 1, logProbs.scalar_type());
    for (size_t i = layers; i-- > 0;) {
        at::Tensor biasGrad = m_biases[i].mutable_grad().view({1, m_biases[i].size(0)});
        at::sum_out(biasGrad, grad, {0}, /*keepdim=*/true);
        at::Tensor weightGrad = m_weights[i].mutable_grad();
        at::mm_out(weightGrad, grad.t(), m_inputs[i]);
        if (i > 0)
            grad = at::threshold_backward(grad.mm(m_weights[i]), m_inputs[i], 0);
    }
    return loss;
}

} // namespace tk
