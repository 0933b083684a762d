#pragma once
// Core-internal: the Workspace's state, shared by workspace.cpp (actions, undo) and
// workspacefiles.cpp (sessions, .pt files). Includes torch; never include from ui/.

#include "workspace.h"

#include "deviceregistry.h"
#include "modelfactory.h"
#include "tensorsummary.h"
#include "torchutil.h"

#include <QLocale>
#include <map>
#include <optional>
#include <set>
#include <vector>
#include <torch/torch.h>

namespace tk {

namespace wsdetail {

inline QString sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 2, QLocale::DataSizeIecFormat);
}

// `2, 3` as Python call arguments; `(5,)` when a tuple is needed for one dimension.
inline QString pyShapeArgs(const QList<qint64> &shape) { return TensorSpec::shapeText(shape); }
inline QString pyShapeTuple(const QList<qint64> &shape)
{
    return shape.size() == 1 ? QStringLiteral("(%1,)").arg(shape.first())
                             : QStringLiteral("(%1)").arg(TensorSpec::shapeText(shape));
}

inline std::vector<int64_t> toSizes(const QList<qint64> &shape)
{
    return std::vector<int64_t>(shape.begin(), shape.end());
}

inline const void *storageKey(const at::Tensor &t)
{
    return t.has_storage() ? static_cast<const void *>(t.storage().unsafeGetStorageImpl())
                           : static_cast<const void *>(t.unsafeGetTensorImpl());
}

} // namespace wsdetail

using namespace wsdetail;

struct Workspace::Private
{
    struct Entry
    {
        at::Tensor tensor;                 // a tensor card's tensor; a model's first weight
        torch::nn::Sequential module{nullptr};
        std::shared_ptr<torch::optim::Optimizer> optimizer;
        int modelId = -1;                  // the model an optimizer works on
        CardInfo info;

        // What "same storage" means for this card: a model is one object wherever it lives.
        const void *key() const
        {
            if (module)
                return module.ptr().get();
            if (optimizer)
                return optimizer.get();
            if (!tensor.defined())
                return this;
            return storageKey(tensor);
        }
        bool isTensor() const { return info.kind == QLatin1String("tensor"); }
    };

    std::map<int, Entry> entries;
    std::map<const void *, int> storageIds; // live storages only
    int nextId = 1;
    int nextStorageId = 1;
    int revision = 0;
    bool precheck = true;
    CodeLog log;

    // Undo: the whole workspace as it was before an action. Tensors are shared handles (a
    // snapshot costs no copy, but keeps the old storage alive while it is in the history);
    // models are cloned because model.to() changes them in place.
    struct Snapshot
    {
        std::map<int, Entry> entries;
        CodeLog log;
    };
    std::optional<Snapshot> pending;
    std::vector<Snapshot> undoStack, redoStack;
    static constexpr size_t kUndoDepth = 20;
    // The learning rate of the kitchen's optimizer cards (the code log writes it too).
    static constexpr double kOptimizerLr = 0.01;

    Snapshot snapshot() const
    {
        Snapshot s;
        s.log = log;
        for (const auto &[id, e] : entries) {
            Entry copy = e;
            if (e.module) {
                copy.module = ModelFactory::clone(e.module);
                copy.tensor = copy.module->parameters().front();
            }
            s.entries.emplace(id, std::move(copy));
        }
        return s;
    }

    void restore(Snapshot s)
    {
        entries = std::move(s.entries);
        log = std::move(s.log);
        // An optimizer is rebuilt over its restored model's parameters (its state is not kept).
        for (auto &[id, e] : entries) {
            if (!e.optimizer)
                continue;
            auto it = entries.find(e.modelId);
            if (it == entries.end() || !it->second.module)
                continue;
            e.optimizer = ModelFactory::optimizer(ModelFactory::kindOf(*e.optimizer),
                                                  it->second.module->parameters(), kOptimizerLr);
        }
        for (auto &[id, e] : entries)
            refreshInfo(e);
        refreshStorageIds();
    }

    Entry *find(int id)
    {
        auto it = entries.find(id);
        return it == entries.end() ? nullptr : &it->second;
    }

    int idOf(const QString &name) const
    {
        for (const auto &[id, e] : entries)
            if (e.info.name == name)
                return id;
        return -1;
    }

    void refreshInfo(Entry &e)
    {
        if (e.module)
            fillModelInfo(e);
        else if (e.optimizer || e.info.kind == QLatin1String("loss"))
            fillHelperInfo(e);
        else
            TensorSummary::fill(e.info, e.tensor);
        e.info.revision = ++revision;
    }

    void fillModelInfo(Entry &e)
    {
        TensorSummary::fill(e.info, e.tensor); // the heat map shows the first layer's weights
        qint64 params = 0, bytes = 0;
        QStringList layers;
        for (const auto &child : e.module->children()) {
            if (auto *lin = child->as<torch::nn::Linear>())
                layers << QStringLiteral("Linear(%1→%2)").arg(lin->options.in_features()).arg(lin->options.out_features());
            else
                layers << QString::fromStdString(child->name()).remove(QStringLiteral("torch::nn::")).remove(QStringLiteral("Impl"));
        }
        for (const auto &p : e.module->parameters()) {
            params += p.numel();
            bytes += p.numel() * static_cast<qint64>(p.element_size());
        }
        e.info.kind = QStringLiteral("model");
        e.info.bytes = e.info.storageBytes = bytes;
        e.info.numel = params;
        e.info.shape.clear();
        e.info.summary = tr("nn.Sequential: %1 · %n parameter(s) · moves in place", nullptr, int(params))
                             .arg(layers.join(QLatin1Char(' ')));
    }

    void fillHelperInfo(Entry &e)
    {
        e.info.bytes = e.info.storageBytes = e.info.numel = 0;
        e.info.shape.clear();
        e.info.hasStats = false;
        e.info.heat.clear();
        e.info.heatRows = e.info.heatCols = 0;
        e.info.dtype = QString();
        if (e.optimizer) {
            auto it = entries.find(e.modelId);
            const Entry *model = it == entries.end() ? nullptr : &it->second;
            // It follows its model's parameters: it sits wherever they are.
            if (model)
                e.info.device = model->info.device;
            e.info.summary = tr("optimizer over %1's parameters · needs no .to(): it follows them")
                                 .arg(model ? model->info.name : tr("a deleted model"));
        } else {
            e.info.device = QStringLiteral("cpu");
            e.info.summary = tr("cross-entropy loss · needs no .to(): it runs wherever its inputs are");
        }
    }

    // Same storage, same mark: views and a same-device to() share one id.
    void refreshStorageIds()
    {
        std::set<const void *> live;
        for (auto &[id, e] : entries)
            live.insert(e.key());
        for (auto it = storageIds.begin(); it != storageIds.end();)
            it = live.count(it->first) ? std::next(it) : storageIds.erase(it);
        for (auto &[id, e] : entries) {
            const void *key = e.key();
            auto found = storageIds.find(key);
            if (found == storageIds.end())
                found = storageIds.emplace(key, nextStorageId++).first;
            if (e.info.storageId != found->second) {
                e.info.storageId = found->second;
                e.info.revision = ++revision;
            }
        }
    }

    int add(const QString &name, at::Tensor t)
    {
        const int id = nextId++;
        Entry e;
        e.tensor = std::move(t);
        e.info.id = id;
        e.info.name = name;
        refreshInfo(e);
        entries.emplace(id, std::move(e));
        refreshStorageIds();
        return id;
    }

    bool storageSharedByOthers(const void *key, int exceptId) const
    {
        for (const auto &[id, e] : entries)
            if (id != exceptId && e.key() == key)
                return true;
        return false;
    }

    // Checks a device id names a device this machine has. "cuda" follows the idiom.
    std::optional<c10::Device> usableDevice(const QString &id, QString *error) const
    {
        const QString resolved = DeviceRegistry::resolve(id);
        auto dev = torchutil::parseDevice(resolved, error);
        if (!dev)
            return std::nullopt;
        if (!(dev->is_cpu() || dev->is_meta() || dev->is_cuda())) {
            *error = tr("Tensor Kitchen works with cpu, cuda:N and meta, not “%1”.").arg(id);
            return std::nullopt;
        }
        if (dev->is_cuda()) {
            bool found = false;
            DeviceRegistry::device(resolved, &found);
            if (!found) {
                const BuildFacts facts = DeviceRegistry::buildFacts();
                *error = tr("%1 is not available here. %2")
                             .arg(resolved,
                                  facts.cudaDeviceCount > 0
                                      ? tr("This machine has %n GPU(s).", nullptr,
                                           facts.cudaDeviceCount)
                                      : facts.noGpuExplanation());
                return std::nullopt;
            }
        }
        return dev;
    }

    // Refuses, before any allocation, what would not fit in the device's free memory.
    std::optional<OpError> checkFits(qint64 bytes, const QString &device, const QString &what,
                                     const QString &code) const
    {
        if (!precheck)
            return std::nullopt;
        const qint64 free = DeviceRegistry::freeBytes(device);
        if (free < 0 || bytes <= free)
            return std::nullopt;
        OpError e;
        e.kind = OpError::Kind::OutOfMemory;
        e.refusedBeforeAllocation = true;
        e.devices = {DeviceRegistry::resolve(device)};
        e.codeLine = code;
        e.message = tr("Refused before allocating: %1 would need %2 on %3, but only %4 is free. "
                       "Nothing was changed.")
                        .arg(what, sizeText(bytes), DeviceRegistry::resolve(device), sizeText(free));
        return e;
    }

    Outcome fail(const OpError &error, bool logIt = true)
    {
        if (logIt && !error.codeLine.isEmpty()) {
            CodeLine line;
            line.code = error.codeLine;
            line.error = error.message;
            line.refused = error.refusedBeforeAllocation;
            log.append(line);
        }
        Outcome o;
        o.error = error;
        return o;
    }

    Outcome failTorch(std::exception_ptr ex, const QStringList &devices, const QString &code)
    {
        QString pyType;
        OpError e = torchutil::fromException(ex, devices, code, &pyType);
        CodeLine line;
        line.code = code;
        line.errorType = pyType;
        line.error = e.message;
        log.append(line);
        Outcome o;
        o.error = e;
        return o;
    }

    void logOk(const QString &code) { log.append(CodeLine{code, {}, {}, false}); }
    Outcome transferObject(Entry &e, const c10::Device &dev, const QString &requested);

    // model(x), layer by layer. A Linear is computed as x @ W.T + b, which equals F.linear:
    // written out, the bias add runs LibTorch's device check even on meta, where the fused
    // addmm's meta kernel (LibTorch 1.13) lets a cpu weight pass silently. On a GPU both raise
    // the same "Expected all tensors to be on the same device".
    static at::Tensor forward(torch::nn::Sequential &model, at::Tensor x)
    {
        for (const auto &child : model->children()) {
            if (auto *lin = child->as<torch::nn::Linear>())
                x = at::matmul(x, lin->weight.t()) + lin->bias;
            else if (child->as<torch::nn::ReLU>())
                x = torch::relu(x);
            else
                throw std::runtime_error("unsupported layer");
        }
        return x;
    }

    std::optional<OpError> checkNewName(const QString &name, int exceptId = -1) const
    {
        if (!TensorSpec::isValidName(name))
            return OpError::invalid(
                tr("“%1” is not a usable name: use letters, digits and _, not starting with a "
                   "digit, and not a Python keyword.")
                    .arg(name));
        const int other = idOf(name);
        if (other >= 0 && other != exceptId)
            return OpError::invalid(tr("There is already a card named %1.").arg(name));
        return std::nullopt;
    }
};

} // namespace tk
