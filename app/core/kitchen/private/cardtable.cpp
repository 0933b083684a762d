#include "core/kitchen/private/cardtable.h"

#include "core/kitchen/private/tensorsummary.h"

namespace tk {

int CardTable::idOf(const QString &name) const
{
    for (const auto &[id, e] : entries)
        if (e.info.name == name)
            return id;
    return -1;
}

int CardTable::insert(CardEntry e)
{
    const int id = nextId++;
    e.info.id = id;
    refreshInfo(e);
    entries.emplace(id, std::move(e));
    refreshStorageIds();
    return id;
}

int CardTable::add(const QString &name, at::Tensor t)
{
    CardEntry e;
    e.tensor = std::move(t);
    e.info.name = name;
    return insert(std::move(e));
}

int CardTable::addSummarised(const QString &name, at::Tensor t, CardInfo info)
{
    CardEntry e;
    e.tensor = std::move(t);
    e.info = std::move(info);
    e.info.name = name;
    const int id = nextId++;
    e.info.id = id;
    e.info.revision = ++revision;
    entries.emplace(id, std::move(e));
    return id;
}

void CardTable::refreshInfo(CardEntry &e)
{
    if (e.object) {
        if (objects)
            objects->describe(e);
    } else if (e.module)
        fillModelInfo(e);
    else if (e.optimizer || e.info.kind == QLatin1String("loss"))
        fillHelperInfo(e);
    else
        TensorSummary::fill(e.info, e.tensor);
    e.info.revision = ++revision;
}

void CardTable::fillModelInfo(CardEntry &e)
{
    TensorSummary::fill(e.info, e.tensor); // the heat map shows the first layer's weights
    qint64 params = 0, bytes = 0;
    QStringList layers;
    for (const auto &child : e.module->children()) {
        if (auto *lin = child->as<torch::nn::Linear>())
            layers << QStringLiteral("Linear(%1→%2)").arg(lin->options.in_features()).arg(lin->options.out_features());
        else
            layers << QString::fromStdString(child->name())
                          .remove(QStringLiteral("torch::nn::"))
                          .remove(QStringLiteral("Impl"));
    }
    for (const auto &p : e.module->parameters()) {
        params += p.numel();
        bytes += p.numel() * static_cast<qint64>(p.element_size());
    }
    e.info.kind = QStringLiteral("model");
    e.info.bytes = e.info.storageBytes = bytes;
    e.info.numel = params;
    e.info.shape.clear();
    e.info.summary = tr("nn.Sequential: %1 · parameters: %n · moves in place", nullptr, int(params))
                         .arg(layers.join(QLatin1Char(' ')));
}

void CardTable::fillHelperInfo(CardEntry &e)
{
    e.info.bytes = e.info.storageBytes = e.info.numel = 0;
    e.info.shape.clear();
    e.info.hasStats = false;
    e.info.heat.clear();
    e.info.heatRows = e.info.heatCols = 0;
    e.info.dtype = QString();
    if (e.optimizer) {
        auto it = entries.find(e.modelId);
        const CardEntry *model = it == entries.end() ? nullptr : &it->second;
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

bool CardTable::storageSharedByOthers(const void *key, int exceptId) const
{
    for (const auto &[id, e] : entries)
        if (id != exceptId && StorageIdentity::keyOf(e) == key)
            return true;
    return false;
}

} // namespace tk
