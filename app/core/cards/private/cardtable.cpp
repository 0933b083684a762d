#include "core/cards/private/cardtable.h"

#include "core/cards/private/tensorsummary.h"
#include "core/kitchen/tensorspec.h"

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

std::optional<OpError> CardTable::checkNewName(const QString &name, int exceptId) const
{
    if (!TensorSpec::isValidName(name))
        return OpError::invalid(tr("“%1” is not a usable name: use letters, digits and _, not starting with a "
                                   "digit, and not a Python keyword.")
                                    .arg(name));
    const int other = idOf(name);
    if (other >= 0 && other != exceptId)
        return OpError::invalid(tr("There is already a card named %1.").arg(name));
    return std::nullopt;
}

QString CardTable::freeName(const QString &base) const
{
    if (base.isEmpty()) {
        // The short names PyTorch examples use first, then t1, t2, …
        for (const char *n : {"x", "y", "w", "a", "b", "c", "u", "v"})
            if (idOf(QLatin1String(n)) < 0)
                return QLatin1String(n);
        return freeName(QStringLiteral("t"));
    }
    if (idOf(base) < 0 && TensorSpec::isValidName(base))
        return base;
    for (int i = 1;; ++i) {
        const QString candidate = base + QString::number(i);
        if (idOf(candidate) < 0)
            return candidate;
    }
}

QString CardTable::freeNameBesides(const QString &base, const QString &taken) const
{
    QString name = freeName(base);
    for (int k = 1; name == taken; ++k)
        name = freeName(base + QString::number(k));
    return name;
}

void CardTable::remove(const QList<int> &ids)
{
    for (int id : ids)
        entries.erase(id);
    refreshStorageIds();
}

} // namespace tk
