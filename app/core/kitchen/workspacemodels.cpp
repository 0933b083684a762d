// Workspace: the model, its optimizer and its loss as cards, and the lesson that forgets to
// move the model (the tensor actions are in workspace.cpp).
#include "core/kitchen/private/workspaceprivate.h"

#include "core/devices/deviceregistry.h"
#include "core/kitchen/private/modelfactory.h"
#include "core/kitchen/pythoncode.h"

namespace tk {

Outcome Workspace::createModel(int width, int depth, const QString &name, quint64 seed)
{
    const QString n = name.isEmpty() ? freeName(QStringLiteral("model")) : name.trimmed();
    if (auto e = d->cards.checkNewName(n))
        return d->actions.fail(*e, false);
    if (width < 1 || depth < 1 || width > 65536 || depth > 64)
        return d->actions.fail(OpError::invalid(tr("A model needs a width of 1…65536 and a depth of 1…64.")), false);
    const QString code = PythonCode::mlp(n, width, depth, seed);
    const qint64 params
        = qint64(2) * width + width + qint64(depth - 1) * (qint64(width) * width + width) + qint64(width) * 2 + 2;
    if (auto e = d->memory.check(params * 4, QStringLiteral("cpu"), tr("the model %1").arg(n), code))
        return d->actions.fail(*e);
    try {
        CardEntry e;
        e.module = ModelFactory::mlp(width, depth, seed);
        e.tensor = e.module->parameters().front();
        e.info.name = n;
        e.info.kind = QStringLiteral("model");
        const int id = d->cards.insert(std::move(e));
        d->actions.ok(code);
        return Outcome::forCard(id);
    } catch (...) {
        return d->actions.failTorch(std::current_exception(), {QStringLiteral("cpu")}, code);
    }
}

Outcome Workspace::createOptimizer(int modelId, const QString &kind, const QString &name)
{
    CardEntry *model = d->cards.find(modelId);
    if (!model || !model->module)
        return d->actions.fail(OpError::invalid(tr("An optimizer needs a model card to work on.")), false);
    const QString n = name.isEmpty() ? freeName(QStringLiteral("optimizer")) : name.trimmed();
    if (auto e = d->cards.checkNewName(n))
        return d->actions.fail(*e, false);
    const auto optimizerKind = ModelFactory::optimizerFromName(kind);
    if (!optimizerKind)
        return d->actions.fail(OpError::invalid(tr("Unknown optimizer “%1”: use sgd or adam.").arg(kind)), false);
    const QString code
        = PythonCode::optimizer(n, ModelFactory::name(*optimizerKind), model->info.name, CardEntry::kOptimizerLr);
    CardEntry e;
    e.optimizer = ModelFactory::optimizer(*optimizerKind, model->module->parameters(), CardEntry::kOptimizerLr);
    e.modelId = modelId;
    e.info.name = n;
    e.info.kind = QStringLiteral("optimizer");
    const int id = d->cards.insert(std::move(e));
    d->actions.ok(code);
    return Outcome::forCard(id);
}

Outcome Workspace::createLoss(const QString &name)
{
    const QString n = name.isEmpty() ? freeName(QStringLiteral("loss_fn")) : name.trimmed();
    if (auto e = d->cards.checkNewName(n))
        return d->actions.fail(*e, false);
    CardEntry e;
    e.info.name = n;
    e.info.kind = QStringLiteral("loss");
    const int id = d->cards.insert(std::move(e));
    d->actions.ok(PythonCode::loss(n));
    return Outcome::forCard(id);
}

QList<quintptr> Workspace::parameterKeys(int id) const
{
    QList<quintptr> keys;
    auto it = d->cards.entries.find(id);
    if (it != d->cards.entries.end() && it->second.module)
        for (const auto &p : it->second.module->parameters())
            keys << quintptr(p.unsafeGetTensorImpl());
    return keys;
}

Outcome Workspace::forgetToMoveTheModel()
{
    int model = idOf(QStringLiteral("model"));
    if (model < 0 || !d->cards.find(model)->module) {
        const Outcome m = createModel(16, 1, freeName(QStringLiteral("model")));
        if (!m.ok())
            return m;
        model = m.cardId;
    }
    const QString modelDevice = d->cards.find(model)->info.device;
    // The data goes where the model is not: the GPU if there is one, else meta.
    QString other
        = modelDevice == QLatin1String("cpu") ? DeviceRegistry::resolve(QStringLiteral("cuda")) : QStringLiteral("cpu");
    if (other == modelDevice)
        other = QStringLiteral("meta");
    TensorSpec spec;
    spec.factory = TensorSpec::Factory::Randn;
    spec.shape = {8, 2};
    spec.device = other;
    spec.name = freeName(QStringLiteral("x"));
    const Outcome x = create(spec);
    if (!x.ok())
        return x;
    return combine(Operation::Forward, model, x.cardId, freeName(QStringLiteral("out")));
}

} // namespace tk
