#include "core/races/trainer.h"

#include "core/devices/deviceregistry.h"
#include "core/cards/private/modelfactory.h"
#include "core/races/private/preparedspirals.h"
#include "core/devices/private/torchutil.h"

#include <ATen/CPUGeneratorImpl.h>
#include <chrono>
#include <optional>
#include <cmath>
#include <torch/cuda.h>

namespace tk {

QString placementName(TrainPlacement p)
{
    switch (p) {
    case TrainPlacement::PerBatch:
        return QStringLiteral("per-batch");
    case TrainPlacement::Preload:
        return QStringLiteral("preload");
    case TrainPlacement::Pinned:
        return QStringLiteral("pinned");
    case TrainPlacement::DataLoader:
        return QStringLiteral("dataloader");
    }
    return {};
}

bool placementFromName(const QString &name, TrainPlacement *p)
{
    for (TrainPlacement x :
         {TrainPlacement::PerBatch, TrainPlacement::Preload, TrainPlacement::Pinned, TrainPlacement::DataLoader}) {
        if (placementName(x) == name) {
            *p = x;
            return true;
        }
    }
    return false;
}

namespace {

// Two interleaved spirals, one per class, scaled into [-1, 1]².
void makeSpirals(const TrainConfig &c, at::Tensor *x, at::Tensor *y)
{
    auto gen = at::detail::createCPUGenerator(c.seed);
    const int64_t perClass = std::max(1, c.points / 2);
    const double turns = 3.0 * M_PI;
    std::vector<at::Tensor> xs, ys;
    for (int k = 0; k < 2; ++k) {
        const at::Tensor t = torch::sqrt(torch::rand({perClass}, gen)) * turns;
        const at::Tensor angle = t + k * M_PI;
        const at::Tensor px = t * torch::cos(angle) / turns + torch::randn({perClass}, gen) * c.noise;
        const at::Tensor py = t * torch::sin(angle) / turns + torch::randn({perClass}, gen) * c.noise;
        xs.push_back(torch::stack({px, py}, 1));
        ys.push_back(torch::full({perClass}, k, torch::kInt64));
    }
    *x = torch::cat(xs).to(torch::kFloat32).contiguous();
    *y = torch::cat(ys).contiguous();
}

} // namespace

using PreparedLoader = torch::data::StatelessDataLoader<
    torch::data::datasets::MapDataset<PreparedSpirals, torch::data::transforms::Stack<>>,
    torch::data::samplers::SequentialSampler>;

struct Trainer::Private
{
    TrainConfig config;
    TrainLane lane;
    int laneIndex = 0;
    c10::Device device = torch::kCPU;
    torch::nn::Sequential model{nullptr};
    // What a PyTorch program runs: autograd builds the graph in the forward, the engine runs
    // the backward, and LibTorch's own optimizer steps each parameter (the race measures
    // PyTorch, overheads and all; it does not beat it).
    std::unique_ptr<torch::optim::Optimizer> optimizer;
    bool graphSeen = false; // the last loss came out of an autograd graph
    at::Tensor x, y; // host dataset
    at::Tensor xDevice, yDevice; // preload
    at::Tensor xPinned, yPinned; // pinned staging buffers
    at::Tensor order; // this epoch's permutation (host)
    int cursor = 0;
    int epoch = 0;
    // DataLoader placement
    std::shared_ptr<std::atomic<int64_t>> prepNanos = std::make_shared<std::atomic<int64_t>>(0);
    std::unique_ptr<PreparedLoader> loader;
    std::optional<torch::data::Iterator<torch::data::Example<>>> batches;
    int steps = 0;
    double wall = 0;

    void sync() const
    {
        if (device.is_cuda())
            torch::cuda::synchronize(device.index() < 0 ? 0 : device.index());
    }

    // The next batch from the DataLoader, a new epoch when one ends (the same order: the
    // sampler is sequential over one seeded shuffle).
    torch::data::Example<> nextBatch()
    {
        if (batches)
            ++*batches;
        if (!batches || *batches == loader->end())
            batches = loader->begin();
        return **batches;
    }

    at::Tensor nextIndices()
    {
        const int64_t n = x.size(0);
        if (!order.defined() || cursor + config.batch > n) {
            auto gen = at::detail::createCPUGenerator(config.seed + 1000 + epoch++);
            order = torch::randperm(n, gen, torch::TensorOptions().dtype(torch::kInt64));
            cursor = 0;
        }
        const int64_t take = std::min<int64_t>(config.batch, n);
        at::Tensor idx = order.slice(0, cursor, cursor + take);
        cursor += int(take);
        return idx;
    }
};

Trainer::Trainer(const TrainConfig &config, const TrainLane &lane, int laneIndex) : d(std::make_unique<Private>())
{
    d->config = config;
    d->lane = lane;
    d->laneIndex = laneIndex;
}

Trainer::~Trainer() = default;

int Trainer::stepsDone() const { return d->steps; }
double Trainer::prepCpuSeconds() const { return d->prepNanos->load() / 1e9; }

QString Trainer::checkPlacement(const TrainConfig &config, const QString &device)
{
    if (config.placement == TrainPlacement::DataLoader
        && (config.workers < 0 || config.workers > 64 || config.prepCost < 0 || config.prepCost > 10000))
        return tr("The DataLoader takes 0…64 workers and 0…10000 blur passes per sample.");
    if (config.placement != TrainPlacement::Pinned
        && !(config.placement == TrainPlacement::DataLoader && config.pinBatches))
        return {};
    // Ask LibTorch rather than assume: pin_memory() needs a CUDA runtime.
    try {
        (void)torch::ones({1}).pin_memory();
    } catch (const std::exception &e) {
        // LibTorch lists every backend after its first sentence; the first says it all.
        QString said = torchutil::cleanMessage(e.what()).section(QLatin1Char('\n'), 0, 0);
        const int stop = said.indexOf(QLatin1String(". "));
        if (stop > 0)
            said = said.left(stop + 1);
        return tr("Pinned memory is not available here: LibTorch said “%1” Pinned + non_blocking "
                  "only helps copies to a CUDA GPU.")
            .arg(said);
    }
    if (!device.startsWith(QLatin1String("cuda")))
        return tr("Pinned + non_blocking speeds up copies to a GPU; %1 needs no copy.").arg(device);
    return {};
}

bool Trainer::prepare(QString *error)
{
    const TrainConfig &c = d->config;
    if (c.width < 1 || c.depth < 1 || c.batch < 1 || c.steps < 1 || c.points < 2 || !(c.lr > 0)) {
        *error = tr("Width, depth, batch, steps and the dataset size must be at least 1, and the "
                    "learning rate above 0.");
        return false;
    }
    if (c.optimizer != QLatin1String("sgd") && c.optimizer != QLatin1String("adam")) {
        *error = tr("Unknown optimizer “%1”: use sgd or adam.").arg(c.optimizer);
        return false;
    }
    const QString placement = checkPlacement(c, DeviceRegistry::resolve(d->lane.device));
    if (!placement.isEmpty()) {
        *error = placement;
        return false;
    }
    try {
        d->device = c10::Device(DeviceRegistry::resolve(d->lane.device).toStdString());
        if (d->device.is_meta()) {
            *error = tr("The meta device has no values, so nothing can be learned there.");
            return false;
        }
        DeviceRegistry::applyThreads(d->device.is_cpu() ? d->lane.threads : 0);
        makeSpirals(c, &d->x, &d->y);
        d->model = ModelFactory::mlp(c.width, c.depth, c.seed);
        d->model->to(d->device); // in place: the optimizer below sees the moved parameters
        d->optimizer
            = ModelFactory::optimizer(*ModelFactory::optimizerFromName(c.optimizer), d->model->parameters(), c.lr);
        if (c.placement == TrainPlacement::Preload) {
            d->xDevice = d->x.to(d->device);
            d->yDevice = d->y.to(d->device);
        } else if (c.placement == TrainPlacement::DataLoader) {
            // One seeded shuffle; enforce_ordering keeps the batches in the sampler's order
            // however many workers race to prepare them.
            auto gen = at::detail::createCPUGenerator(c.seed + 1000);
            const at::Tensor order = torch::randperm(d->x.size(0), gen, torch::TensorOptions().dtype(torch::kInt64));
            const int64_t batch = std::min<int64_t>(c.batch, d->x.size(0));
            d->loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
                PreparedSpirals(d->x, d->y, order, c.prepCost, d->prepNanos).map(torch::data::transforms::Stack<>()),
                torch::data::DataLoaderOptions()
                    .batch_size(size_t(batch))
                    .workers(size_t(c.workers))
                    .enforce_ordering(true)
                    .drop_last(true));
        } else if (c.placement == TrainPlacement::Pinned) {
            d->xPinned = torch::empty({c.batch, 2}, torch::TensorOptions().pinned_memory(true));
            d->yPinned = torch::empty({c.batch}, torch::TensorOptions().dtype(torch::kInt64).pinned_memory(true));
        }
        d->sync();
        return true;
    } catch (const std::exception &e) {
        *error = torchutil::cleanMessage(e.what());
        return false;
    }
}

bool Trainer::step(TrainStep *out, QString *error)
{
    try {
        const TrainConfig &c = d->config;
        if (d->device.is_cpu())
            DeviceRegistry::applyThreads(d->lane.threads);
        d->sync();
        const auto t0 = std::chrono::steady_clock::now();
        at::Tensor idx, xb, yb;
        double wait = 0;
        if (c.placement == TrainPlacement::DataLoader) {
            // The device waits here while the batch is prepared (or taken from a worker).
            torch::data::Example<> batch = d->nextBatch();
            if (c.pinBatches) {
                batch.data = batch.data.pin_memory();
                batch.target = batch.target.pin_memory();
            }
            wait = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            xb = batch.data.to(d->device, /*non_blocking=*/c.pinBatches);
            yb = batch.target.to(d->device, /*non_blocking=*/c.pinBatches);
            idx = batch.target;
        } else {
            idx = d->nextIndices();
        }
        switch (c.placement) {
        case TrainPlacement::DataLoader:
            break;
        case TrainPlacement::PerBatch:
            xb = d->x.index_select(0, idx).to(d->device);
            yb = d->y.index_select(0, idx).to(d->device);
            break;
        case TrainPlacement::Preload: {
            const at::Tensor di = idx.to(d->device);
            xb = d->xDevice.index_select(0, di);
            yb = d->yDevice.index_select(0, di);
            break;
        }
        case TrainPlacement::Pinned: {
            at::Tensor xs = d->xPinned.slice(0, 0, idx.size(0));
            at::Tensor ys = d->yPinned.slice(0, 0, idx.size(0));
            at::index_select_out(xs, d->x, 0, idx);
            at::index_select_out(ys, d->y, 0, idx);
            xb = xs.to(d->device, /*non_blocking=*/true);
            yb = ys.to(d->device, /*non_blocking=*/true);
            break;
        }
        }
        // The step as the exported script writes it: zero_grad, forward, loss, backward, step.
        d->optimizer->zero_grad();
        const at::Tensor loss = torch::nn::functional::cross_entropy(d->model->forward(xb), yb);
        d->graphSeen = loss.grad_fn() != nullptr;
        loss.backward();
        d->optimizer->step();
        const double value = loss.item<double>(); // reading the loss waits for the device
        d->sync();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        d->wall += seconds;
        ++d->steps;
        out->lane = d->laneIndex;
        out->step = d->steps;
        out->loss = value;
        out->stepSeconds = seconds;
        out->wallSeconds = d->wall;
        out->samplesPerSecond = seconds > 0 ? idx.size(0) / seconds : 0;
        out->waitSeconds = wait;
        return true;
    } catch (const std::exception &e) {
        *error = torchutil::cleanMessage(e.what());
        return false;
    }
}

QString Trainer::engine() const
{
    // Read off the objects that ran, not declared: a lane whose loss has no autograd graph or
    // whose optimizer is not LibTorch's own is no longer what a PyTorch program runs.
    const bool optim = dynamic_cast<const torch::optim::Adam *>(d->optimizer.get())
        || dynamic_cast<const torch::optim::SGD *>(d->optimizer.get());
    return d->graphSeen && optim ? QStringLiteral("libtorch-autograd") : QString();
}

QString Trainer::optimizerImplementation() const
{
    // LibTorch's C++ optimizers loop over the parameters one tensor at a time (Python's
    // torch.optim calls this "single-tensor"; it has no foreach or fused path in C++).
    return d->optimizer ? QStringLiteral("single-tensor") : QString();
}

DecisionGrid Trainer::decision() const
{
    DecisionGrid g;
    g.lane = d->laneIndex;
    g.step = d->steps;
    g.size = d->config.gridSize;
    if (!d->model || g.size < 2)
        return g;
    torch::NoGradGuard noGrad;
    const at::Tensor axis = torch::linspace(-g.extent, g.extent, g.size);
    const auto mesh = torch::meshgrid({axis.flip(0), axis}, "ij"); // row 0 = top (+y)
    const at::Tensor points = torch::stack({mesh[1].reshape(-1), mesh[0].reshape(-1)}, 1).to(d->device);
    const at::Tensor p = torch::softmax(d->model->forward(points), 1).select(1, 1).to(torch::kCPU).contiguous();
    g.probability = QVector<float>(p.data_ptr<float>(), p.data_ptr<float>() + p.numel());
    return g;
}

QVector<float> Trainer::datasetPoints(const TrainConfig &config)
{
    at::Tensor x, y;
    makeSpirals(config, &x, &y);
    QVector<float> out;
    out.reserve(int(x.size(0) * 3));
    const float *px = x.data_ptr<float>();
    const int64_t *py = y.data_ptr<int64_t>();
    for (int64_t i = 0; i < x.size(0); ++i)
        out << px[2 * i] << px[2 * i + 1] << float(py[i]);
    return out;
}

} // namespace tk
