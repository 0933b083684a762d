#include "core/kitchen/private/tensorfactory.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

namespace tk {

at::Tensor TensorFactory::make(const TensorSpec &spec, c10::ScalarType dtype, const c10::Device &device)
{
    torch::NoGradGuard noGrad;
    const std::vector<int64_t> sizes(spec.shape.begin(), spec.shape.end());
    const auto opts = torch::TensorOptions().dtype(dtype).device(device);
    switch (spec.factory) {
    case TensorSpec::Factory::Ones:
        return torch::ones(sizes, opts);
    case TensorSpec::Factory::Zeros:
        return torch::zeros(sizes, opts);
    case TensorSpec::Factory::Full:
        return torch::full(sizes, spec.fillValue, opts);
    case TensorSpec::Factory::Arange:
        return torch::arange(static_cast<int64_t>(TensorSpec::numel(spec.shape).value_or(0)), opts).reshape(sizes);
    case TensorSpec::Factory::Randn:
    case TensorSpec::Factory::Rand: {
        at::Generator gen = at::detail::createCPUGenerator(spec.seed);
        const auto cpuOpts = opts.device(torch::kCPU);
        const at::Tensor t = spec.factory == TensorSpec::Factory::Randn ? torch::randn(sizes, gen, cpuOpts)
                                                                        : torch::rand(sizes, gen, cpuOpts);
        return t.to(device);
    }
    }
    return {};
}

} // namespace tk
