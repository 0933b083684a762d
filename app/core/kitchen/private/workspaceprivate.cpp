#include "core/kitchen/private/workspaceprivate.h"

#include "core/devices/deviceregistry.h"
#include "core/kitchen/private/modelfactory.h"
#include "core/kitchen/private/movepath.h"
#include "core/kitchen/pythoncode.h"
#include "core/kitchen/private/tensorsummary.h"
#include "core/devices/private/torchutil.h"

namespace tk {

void Workspace::Private::restore(WorkspaceHistory::Snapshot s)
{
    if (cards.objects)
        cards.objects->copyObjects(s.entries, true);
    cards.entries = std::move(s.entries);
    log = std::move(s.log);
    for (auto &[id, e] : cards.entries)
        cards.refreshInfo(e);
    cards.refreshStorageIds();
}

std::optional<c10::Device> Workspace::Private::usableDevice(const QString &id, QString *error) const
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
            *error
                = tr("%1 is not available here. %2")
                      .arg(resolved,
                           facts.cudaDeviceCount > 0 ? tr("GPUs on this machine: %n.", nullptr, facts.cudaDeviceCount)
                                                     : facts.noGpuExplanation());
            return std::nullopt;
        }
    }
    return dev;
}

std::optional<OpError> Workspace::Private::checkNewName(const QString &name, int exceptId) const
{
    if (!TensorSpec::isValidName(name))
        return OpError::invalid(tr("“%1” is not a usable name: use letters, digits and _, not starting with a "
                                   "digit, and not a Python keyword.")
                                    .arg(name));
    const int other = cards.idOf(name);
    if (other >= 0 && other != exceptId)
        return OpError::invalid(tr("There is already a card named %1.").arg(name));
    return std::nullopt;
}

Outcome Workspace::Private::fail(const OpError &error, bool logIt)
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

Outcome Workspace::Private::failTorch(std::exception_ptr ex, const QStringList &devices, const QString &code)
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

Outcome Workspace::Private::transferObject(CardEntry &e, const c10::Device &dev, const QString &requested)
{
    // Its bytes once it is known to hold tensors of its own (an optimizer or a loss moves none).
    MoveReport r
        = MoveReport::of(MoveOrigin::Kitchen, e.info.name, e.info.device, requested, torchutil::deviceId(dev), 0);
    r.sourceId = e.info.id;
    r.resultId = e.info.id;
    Outcome o;
    o.cardId = e.info.id;
    if (e.object)
        return transferPythonObject(e, r);
    if (!e.module) {
        // Python's optimizers have no .to() at all, and a loss has nothing to move: no code.
        r.noMoveNeeded = true;
        o.moves = {r};
        return o;
    }
    r.codeLine = PythonCode::moveModel(e.info.name, requested, r.toDevice);
    r.bytes = e.info.bytes;
    if (auto err = MovePath::refuse(memory, r, tr("the model %1").arg(e.info.name)))
        return fail(*err);
    try {
        // In place: the same Parameter objects now hold data on dev.
        r.seconds = MovePath::timed(e.tensor.device(), dev, [&] { e.module->to(dev); });
    } catch (...) {
        return failTorch(std::current_exception(), {r.fromDevice, r.toDevice}, r.codeLine);
    }
    r.inPlace = true;
    r.sameStorage = false;
    e.tensor = e.module->parameters().front();
    cards.refreshInfo(e);
    // Optimizers over this model follow its parameters, as in PyTorch: nothing to do but look.
    for (auto &[id, other] : cards.entries)
        if (other.optimizer && other.modelId == e.info.id)
            cards.refreshInfo(other);
    cards.refreshStorageIds();
    logOk(r.codeLine);
    o.moves = {r};
    return o;
}

Outcome Workspace::Private::transferPythonObject(CardEntry &e, MoveReport r)
{
    Outcome o;
    o.cardId = e.info.id;
    if (e.info.kind != QLatin1String("model")) {
        r.noMoveNeeded = true; // an optimizer follows its parameters; a loss holds none
        o.moves = {r};
        return o;
    }
    if (!cards.objects)
        return fail(OpError::invalid(tr("%1 is a Python object and the console is not running.").arg(e.info.name)),
                    false);
    r.codeLine = PythonCode::moveModel(e.info.name, r.requestedDevice, r.toDevice);
    r.bytes = e.info.bytes;
    if (auto err = MovePath::refuse(memory, r, tr("the model %1").arg(e.info.name)))
        return fail(*err);
    QString type, message;
    bool moved = false;
    r.seconds = MovePath::timed(r.fromDevice, r.toDevice,
                                [&] { moved = cards.objects->move(e, r.toDevice, &type, &message); });
    if (!moved) {
        OpError err;
        err.kind = OpError::classify(message);
        err.message = message;
        err.devices = QStringList{r.fromDevice, r.toDevice};
        err.codeLine = r.codeLine;
        log.append(CodeLine{r.codeLine, type, message, false});
        o.error = err;
        return o;
    }
    r.inPlace = true;
    cards.refreshInfo(e);
    for (auto &[id, other] : cards.entries) // its optimizers follow its parameters
        if (other.object && id != e.info.id)
            cards.refreshInfo(other);
    cards.refreshStorageIds();
    logOk(r.codeLine);
    o.moves = {r};
    return o;
}

// model(x), layer by layer. A Linear is computed as x @ W.T + b, which equals F.linear:
// written out, the bias add runs LibTorch's device check even on meta, where the fused
// addmm's meta kernel (LibTorch 1.13) lets a cpu weight pass silently. On a GPU both raise
// the same "Expected all tensors to be on the same device".
at::Tensor Workspace::Private::forward(torch::nn::Sequential &model, at::Tensor x)
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

} // namespace tk
