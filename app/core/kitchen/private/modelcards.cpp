#include "core/kitchen/private/modelcards.h"

#include "core/cards/private/modelfactory.h"
#include "core/kitchen/pythoncode.h"

namespace tk {

ModelCards::ModelCards(CardTable &cards, const MemoryGuard &memory, ActionLog &actions)
    : m_cards(cards), m_memory(memory), m_actions(actions)
{ }

Outcome ModelCards::createModel(int width, int depth, const QString &name, quint64 seed)
{
    const QString n = name.isEmpty() ? m_cards.freeName(QStringLiteral("model")) : name.trimmed();
    if (auto e = m_cards.checkNewName(n))
        return m_actions.fail(*e, false);
    if (width < 1 || depth < 1 || width > 65536 || depth > 64)
        return m_actions.fail(OpError::invalid(tr("A model needs a width of 1…65536 and a depth of 1…64.")), false);
    const QString code = PythonCode::mlp(n, width, depth, seed);
    const qint64 params
        = qint64(2) * width + width + qint64(depth - 1) * (qint64(width) * width + width) + qint64(width) * 2 + 2;
    if (auto e = m_memory.check(params * 4, QStringLiteral("cpu"), tr("the model %1").arg(n), code))
        return m_actions.fail(*e);
    try {
        CardEntry e;
        e.module = ModelFactory::mlp(width, depth, seed);
        e.tensor = e.module->parameters().front();
        e.info.name = n;
        e.info.kind = QStringLiteral("model");
        const int id = m_cards.insert(std::move(e));
        m_actions.ok(code);
        return Outcome::forCard(id);
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {QStringLiteral("cpu")}, code);
    }
}

Outcome ModelCards::createOptimizer(int modelId, const QString &kind, const QString &name)
{
    CardEntry *model = m_cards.find(modelId);
    if (!model || !model->module)
        return m_actions.fail(OpError::invalid(tr("An optimizer needs a model card to work on.")), false);
    const QString n = name.isEmpty() ? m_cards.freeName(QStringLiteral("optimizer")) : name.trimmed();
    if (auto e = m_cards.checkNewName(n))
        return m_actions.fail(*e, false);
    const auto optimizerKind = ModelFactory::optimizerFromName(kind);
    if (!optimizerKind)
        return m_actions.fail(OpError::invalid(tr("Unknown optimizer “%1”: use sgd or adam.").arg(kind)), false);
    const QString code
        = PythonCode::optimizer(n, ModelFactory::name(*optimizerKind), model->info.name, CardEntry::kOptimizerLr);
    CardEntry e;
    e.optimizer = ModelFactory::optimizer(*optimizerKind, model->module->parameters(), CardEntry::kOptimizerLr);
    e.modelId = modelId;
    e.info.name = n;
    e.info.kind = QStringLiteral("optimizer");
    const int id = m_cards.insert(std::move(e));
    m_actions.ok(code);
    return Outcome::forCard(id);
}

Outcome ModelCards::createLoss(const QString &name)
{
    const QString n = name.isEmpty() ? m_cards.freeName(QStringLiteral("loss_fn")) : name.trimmed();
    if (auto e = m_cards.checkNewName(n))
        return m_actions.fail(*e, false);
    CardEntry e;
    e.info.name = n;
    e.info.kind = QStringLiteral("loss");
    const int id = m_cards.insert(std::move(e));
    m_actions.ok(PythonCode::loss(n));
    return Outcome::forCard(id);
}

QList<quintptr> ModelCards::parameterKeys(int id) const
{
    QList<quintptr> keys;
    auto it = m_cards.entries.find(id);
    if (it != m_cards.entries.end() && it->second.module)
        for (const auto &p : it->second.module->parameters())
            keys << quintptr(p.unsafeGetTensorImpl());
    return keys;
}

} // namespace tk
