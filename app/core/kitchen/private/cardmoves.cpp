#include "core/kitchen/private/cardmoves.h"
#include "core/cards/private/modelfactory.h"

#include "core/devices/private/torchutil.h"
#include "core/kitchen/private/kitchendevice.h"
#include "core/kitchen/private/movepath.h"
#include "core/kitchen/pythoncode.h"

namespace tk {

CardMoves::CardMoves(CardTable &cards, const MemoryGuard &memory, ActionLog &actions)
    : m_cards(cards), m_memory(memory), m_actions(actions)
{ }

Outcome CardMoves::transfer(int id, const QString &device, TransferMeaning meaning, const QString &newName)
{
    CardEntry *src = m_cards.find(id);
    if (!src)
        return m_actions.fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    QString devError;
    const auto dev = KitchenDevice::usable(device, &devError);
    if (!dev)
        return m_actions.fail(OpError::invalid(devError), false);
    const QString x = src->info.name;
    if (!src->isTensor())
        return object(*src, *dev, device.trimmed());
    QString y = x;
    if (meaning == TransferMeaning::NewName) {
        QString tag = torchutil::deviceId(*dev);
        tag.remove(QLatin1Char(':'));
        y = newName.isEmpty() ? m_cards.freeName(x + QLatin1Char('_') + tag) : newName.trimmed();
        if (auto e = m_cards.checkNewName(y))
            return m_actions.fail(*e, false);
    }
    const QString code = PythonCode::transfer(x, device, torchutil::deviceId(*dev), meaning, y);

    const at::Tensor source = src->tensor;
    MoveReport r
        = MoveReport::of(MoveOrigin::Kitchen, x, torchutil::deviceId(source.device()), device.trimmed(),
                         torchutil::deviceId(*dev), source.numel() * static_cast<qint64>(source.element_size()));
    r.kitchen.meaning = meaning;
    r.sourceId = id;
    r.kitchen.resultName = meaning == TransferMeaning::Discard ? QString() : y;
    r.kitchen.codeLine = code;
    if (auto e = MovePath::refuse(m_memory, r, tr("a copy of %1").arg(x)))
        return m_actions.fail(*e);

    at::Tensor result;
    try {
        r.seconds = MovePath::timed(source.device(), *dev, [&] { result = source.to(*dev); });
        r.timing = MovePath::timing();
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {r.fromDevice, r.toDevice}, code);
    }
    r.sameStorage = result.is_same(source);

    Outcome o;
    switch (meaning) {
    case TransferMeaning::Reassign: {
        const void *oldKey = StorageIdentity::keyOf(source);
        r.kitchen.oldReleased = !r.sameStorage && !m_cards.storageSharedByOthers(oldKey, id);
        if (!r.sameStorage) {
            src->tensor = result;
            m_cards.refreshInfo(*src);
            m_cards.refreshStorageIds();
        }
        r.kitchen.resultId = id;
        break;
    }
    case TransferMeaning::NewName:
        r.kitchen.resultId = m_cards.add(y, result);
        break;
    case TransferMeaning::Discard:
        result = at::Tensor(); // the unassigned copy is gone at the end of the statement
        break;
    }
    m_actions.ok(code);
    o.cardId = r.kitchen.resultId;
    o.moves = {r};
    return o;
}

Outcome CardMoves::object(CardEntry &e, const c10::Device &dev, const QString &requested)
{
    // Its bytes once it is known to hold tensors of its own (an optimizer or a loss moves none).
    MoveReport r
        = MoveReport::of(MoveOrigin::Kitchen, e.info.name, e.info.device, requested, torchutil::deviceId(dev), 0);
    r.sourceId = e.info.id;
    r.kitchen.resultId = e.info.id;
    Outcome o;
    o.cardId = e.info.id;
    if (e.object)
        return pythonObject(e, r);
    if (!e.module) {
        // Python's optimizers have no .to() at all, and a loss has nothing to move: no code.
        r.kitchen.noMoveNeeded = true;
        o.moves = {r};
        return o;
    }
    r.kitchen.codeLine = PythonCode::moveModel(e.info.name, requested, r.toDevice);
    r.bytes = e.info.bytes;
    if (auto err = MovePath::refuse(m_memory, r, tr("the model %1").arg(e.info.name)))
        return m_actions.fail(*err);
    try {
        // In place: the same Parameter objects now hold data on dev. To meta, new parameters
        // in the same modules, as Python's model.to("meta") does (Module::to cannot).
        r.seconds = MovePath::timed(e.tensor.device(), dev, [&] {
            if (dev.is_meta())
                ModelFactory::toMeta(e.module);
            else
                e.module->to(dev);
        });
        r.timing = MovePath::timing();
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {r.fromDevice, r.toDevice}, r.kitchen.codeLine);
    }
    r.inPlace = true;
    r.sameStorage = false;
    e.tensor = e.module->parameters().front();
    m_cards.refreshInfo(e);
    // Optimizers over this model follow its parameters, as in PyTorch: nothing to do but look.
    for (auto &[id, other] : m_cards.entries)
        if (other.optimizer && other.modelId == e.info.id)
            m_cards.refreshInfo(other);
    m_cards.refreshStorageIds();
    m_actions.ok(r.kitchen.codeLine);
    o.moves = {r};
    return o;
}

Outcome CardMoves::pythonObject(CardEntry &e, MoveReport r)
{
    Outcome o;
    o.cardId = e.info.id;
    if (e.info.kind != QLatin1String("model")) {
        r.kitchen.noMoveNeeded = true; // an optimizer follows its parameters; a loss holds none
        o.moves = {r};
        return o;
    }
    if (!m_cards.objects)
        return m_actions.fail(
            OpError::invalid(tr("%1 is a Python object and the console is not running.").arg(e.info.name)), false);
    r.kitchen.codeLine = PythonCode::moveModel(e.info.name, r.requestedDevice, r.toDevice);
    r.bytes = e.info.bytes;
    if (auto err = MovePath::refuse(m_memory, r, tr("the model %1").arg(e.info.name)))
        return m_actions.fail(*err);
    QString type, message;
    bool moved = false;
    r.seconds = MovePath::timed(r.fromDevice, r.toDevice,
                                [&] { moved = m_cards.objects->move(e, r.toDevice, &type, &message); });
    r.timing = MovePath::timing();
    if (!moved) {
        OpError err;
        err.kind = OpError::classify(message);
        err.message = message;
        err.devices = QStringList{r.fromDevice, r.toDevice};
        err.codeLine = r.kitchen.codeLine;
        m_actions.failedInPython(r.kitchen.codeLine, type, err);
        o.error = err;
        return o;
    }
    r.inPlace = true;
    m_cards.refreshInfo(e);
    for (auto &[id, other] : m_cards.entries) // its optimizers follow its parameters
        if (other.object && id != e.info.id)
            m_cards.refreshInfo(other);
    m_cards.refreshStorageIds();
    m_actions.ok(r.kitchen.codeLine);
    o.moves = {r};
    return o;
}

} // namespace tk
