#pragma once

// Private to the core library: includes LibTorch.
#include <torch/torch.h>
#include <vector>

namespace tk {

// Adam for a small model whose step is dominated by per-tensor overhead (the training race's
// MLP: 6 tensors, 4.5 k values at width 64). The parameters are moved into one buffer (each
// becomes a view of it, so the model and its modules see no difference) and their gradients
// into another, so an update is 7 kernels on one tensor instead of 8 per parameter, and
// clearing the gradients is one. The arithmetic is PyTorch's single-tensor Adam (what
// torch.optim.Adam runs on the CPU; also LibTorch 1.13's torch::optim::Adam): the same
// operations in the same order with the same scalars, eps added after the bias-corrected
// square root. PyTorch 2 moves the first moment with lerp_, 1.13 with mul_ and add_: each
// build follows its own PyTorch.
class FlatAdam
{
public:
    // All parameters on one device, of one dtype.
    FlatAdam(const std::vector<at::Tensor> &params, double lr, double beta1 = 0.9, double beta2 = 0.999,
             double eps = 1e-8);

    // optimizer.zero_grad(set_to_none=False): the gradients stay views of the one buffer, and
    // backward() adds into them in place.
    void zeroGrad();
    void step();
    int64_t steps() const { return m_step; }

private:
    double m_lr, m_beta1, m_beta2, m_eps;
    int64_t m_step = 0;
    at::Tensor m_params, m_grads; // the flat buffers the parameters and gradients view
    at::Tensor m_expAvg, m_expAvgSq, m_denom;
};

} // namespace tk
