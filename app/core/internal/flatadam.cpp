#include "internal/flatadam.h"

#include <cmath>
#include <torch/version.h>

namespace tk {

FlatAdam::FlatAdam(const std::vector<at::Tensor> &params, double lr, double beta1, double beta2, double eps)
    : m_lr(lr), m_beta1(beta1), m_beta2(beta2), m_eps(eps)
{
    TORCH_CHECK(!params.empty(), "FlatAdam needs parameters");
    torch::NoGradGuard noGrad;
    int64_t total = 0;
    for (const at::Tensor &p : params)
        total += p.numel();
    const auto opts = params.front().options();
    m_params = torch::empty({total}, opts);
    m_grads = torch::zeros({total}, opts);
    int64_t offset = 0;
    for (const at::Tensor &p : params) {
        const int64_t n = p.numel();
        at::Tensor values = m_params.slice(0, offset, offset + n).view(p.sizes());
        values.copy_(p);
        // set_data keeps the Parameter object (the module's, the autograd leaf) and swaps
        // its storage for the view; the gradient is a view of the other buffer.
        at::Tensor(p).set_data(values);
        at::Tensor(p).mutable_grad() = m_grads.slice(0, offset, offset + n).view(p.sizes());
        offset += n;
    }
    m_expAvg = torch::zeros({total}, opts);
    m_expAvgSq = torch::zeros({total}, opts);
    m_denom = torch::empty({total}, opts);
}

void FlatAdam::zeroGrad() { m_grads.zero_(); }

void FlatAdam::step()
{
    torch::NoGradGuard noGrad;
    ++m_step;
    const double biasCorrection1 = 1 - std::pow(m_beta1, double(m_step));
    const double biasCorrection2 = 1 - std::pow(m_beta2, double(m_step));
#if TORCH_VERSION_MAJOR >= 2
    // PyTorch 2's torch.optim.Adam: exp_avg.lerp_(grad, 1 - beta1)
    m_expAvg.lerp_(m_grads, 1 - m_beta1);
#else
    // PyTorch 1.13's: exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    m_expAvg.mul_(m_beta1).add_(m_grads, 1 - m_beta1);
#endif
    // exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    m_expAvgSq.mul_(m_beta2).addcmul_(m_grads, m_grads, 1 - m_beta2);
    // denom = (exp_avg_sq.sqrt() / sqrt(bias_correction2)).add_(eps), into a buffer kept
    at::sqrt_out(m_denom, m_expAvgSq).div_(std::sqrt(biasCorrection2)).add_(m_eps);
    // param.addcdiv_(exp_avg, denom, value=-lr / bias_correction1)
    m_params.addcdiv_(m_expAvg, m_denom, -(m_lr / biasCorrection1));
}

} // namespace tk
