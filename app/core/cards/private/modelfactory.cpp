#include "core/cards/private/modelfactory.h"

#include <functional>

namespace tk {

namespace {

// Module's parameter table, which nn.Module._apply reaches as self._parameters in Python.
// LibTorch keeps it protected; a pointer to it formed through a derived class is allowed.
struct ParameterTable : torch::nn::Module
{
    static torch::OrderedDict<std::string, at::Tensor> &of(torch::nn::Module &m)
    {
        return m.*(&ParameterTable::parameters_);
    }
};

// Every Linear's weight and bias replaced by make(old), in the table and in the members that
// forward() reads. The app's models hold Linear and ReLU layers only.
void replaceParameters(const torch::nn::Sequential &model, const std::function<at::Tensor(const at::Tensor &)> &make)
{
    torch::NoGradGuard noGrad;
    for (const auto &child : model->children()) {
        auto *lin = child->as<torch::nn::Linear>();
        if (!lin)
            continue;
        auto &table = ParameterTable::of(*lin);
        for (at::Tensor *member : {&lin->weight, &lin->bias}) {
            if (!member->defined())
                continue;
            const bool grad = member->requires_grad();
            at::Tensor next = make(*member);
            next.set_requires_grad(grad);
            const std::string key = member == &lin->weight ? "weight" : "bias";
            table[key] = next;
            *member = next;
        }
    }
}

} // namespace

std::mutex &ModelFactory::globalGeneratorMutex()
{
    static std::mutex m;
    return m;
}

torch::nn::Sequential ModelFactory::mlp(int width, int depth, uint64_t seed)
{
    std::vector<std::pair<int64_t, int64_t>> layers;
    int64_t in = 2;
    for (int i = 0; i < depth; ++i) {
        layers.emplace_back(in, width);
        layers.emplace_back(0, 0);
        in = width;
    }
    layers.emplace_back(in, 2);
    const std::lock_guard<std::mutex> lock(globalGeneratorMutex());
    torch::manual_seed(seed);
    return build(layers);
}

torch::nn::Sequential ModelFactory::fromLayers(const std::vector<std::pair<int64_t, int64_t>> &layers)
{
    const std::lock_guard<std::mutex> lock(globalGeneratorMutex());
    return build(layers);
}

torch::nn::Sequential ModelFactory::build(const std::vector<std::pair<int64_t, int64_t>> &layers)
{
    torch::nn::Sequential model;
    for (const auto &[in, out] : layers) {
        if (in == 0)
            model->push_back(torch::nn::ReLU());
        else
            model->push_back(torch::nn::Linear(in, out));
    }
    return model;
}

torch::nn::Sequential ModelFactory::clone(const torch::nn::Sequential &model)
{
    const std::lock_guard<std::mutex> lock(globalGeneratorMutex());
    const auto params = model->parameters();
    if (!params.empty() && params.front().is_meta()) {
        std::vector<std::pair<int64_t, int64_t>> layers;
        for (const auto &child : model->children()) {
            const auto *lin = child->as<torch::nn::Linear>();
            layers.emplace_back(lin ? lin->options.in_features() : 0, lin ? lin->options.out_features() : 0);
        }
        torch::nn::Sequential copy = build(layers);
        toMeta(copy);
        return copy;
    }
    return torch::nn::Sequential(std::dynamic_pointer_cast<torch::nn::SequentialImpl>(model->clone()));
}

void ModelFactory::toMeta(const torch::nn::Sequential &model)
{
    replaceParameters(model, [](const at::Tensor &t) { return t.to(at::kMeta); });
}

std::unique_ptr<torch::optim::Optimizer> ModelFactory::optimizer(Optimizer kind, const std::vector<at::Tensor> &params,
                                                                 double lr)
{
    if (kind == Optimizer::Sgd)
        return std::make_unique<torch::optim::SGD>(params, torch::optim::SGDOptions(lr).momentum(0.9));
    return std::make_unique<torch::optim::Adam>(params, torch::optim::AdamOptions(lr));
}

std::optional<ModelFactory::Optimizer> ModelFactory::optimizerFromName(const QString &name)
{
    if (name == QLatin1String("sgd"))
        return Optimizer::Sgd;
    if (name == QLatin1String("adam"))
        return Optimizer::Adam;
    return std::nullopt;
}

ModelFactory::Optimizer ModelFactory::kindOf(const torch::optim::Optimizer &optimizer)
{
    return dynamic_cast<const torch::optim::SGD *>(&optimizer) ? Optimizer::Sgd : Optimizer::Adam;
}

QString ModelFactory::name(Optimizer kind)
{
    return kind == Optimizer::Sgd ? QStringLiteral("sgd") : QStringLiteral("adam");
}

} // namespace tk
