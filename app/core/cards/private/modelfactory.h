#pragma once

// Private to the core library: includes LibTorch.
#include <QString>
#include <memory>
#include <optional>
#include <torch/torch.h>
#include <utility>
#include <vector>

namespace tk {

// Every model and optimizer the app makes — the kitchen's model card, a session's model, an
// undo snapshot's copy, a training lane's model — is made here. nn::Linear draws its first
// weights from LibTorch's global generator (it takes no generator of its own), and so does
// cloning a module; all of that happens under one lock for the whole process, or two threads
// (the kitchen's worker and a race's) would interleave their draws and a seeded model would not
// start from its seed's weights.
class ModelFactory
{
public:
    enum class Optimizer { Sgd, Adam };

    // torch.manual_seed(seed); Sequential(Linear(2, width), ReLU(), … × depth, Linear(width, 2))
    static torch::nn::Sequential mlp(int width, int depth, uint64_t seed);
    // The same kind of model from a list of layers: {in, out} is a Linear, {0, 0} a ReLU. Its
    // weights are drawn unseeded (a session overwrites them at once), under the same lock.
    static torch::nn::Sequential fromLayers(const std::vector<std::pair<int64_t, int64_t>> &layers);
    // A deep copy (Module::clone re-initialises before copying, which draws too). A model on
    // meta is copied layer by layer: Module::clone's set_data() cannot take meta tensors.
    static torch::nn::Sequential clone(const torch::nn::Sequential &model);
    // model.to("meta") as Python does it: every parameter replaced by a new one on meta (shapes,
    // no values), in the same modules. LibTorch's Module::to() moves in place with set_data(),
    // which refuses meta; PyTorch's nn.Module._apply replaces the parameters in that case.
    // Optimizers made earlier keep the old parameters, as in Python.
    static void toMeta(const torch::nn::Sequential &model);

    // SGD with momentum 0.9, or Adam, over `params`.
    static std::unique_ptr<torch::optim::Optimizer> optimizer(Optimizer kind, const std::vector<at::Tensor> &params,
                                                              double lr);
    static std::optional<Optimizer> optimizerFromName(const QString &name); // "sgd", "adam"
    static Optimizer kindOf(const torch::optim::Optimizer &optimizer);
    static QString name(Optimizer kind); // "sgd", "adam"

private:
    static std::mutex &globalGeneratorMutex();
    static torch::nn::Sequential build(const std::vector<std::pair<int64_t, int64_t>> &layers); // lock held
};

} // namespace tk
