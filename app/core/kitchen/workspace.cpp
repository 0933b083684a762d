// Workspace: the actions on tensor cards, preview and undo (model, optimizer and loss cards are
// in workspacemodels.cpp; sessions and .pt files in workspacefiles.cpp; the Private state's
// helpers in workspaceprivate.cpp).
#include "core/kitchen/private/workspaceprivate.h"

#include "core/kitchen/private/movepath.h"
#include "core/kitchen/pythoncode.h"
#include "core/kitchen/private/tensorfactory.h"
#include "core/devices/torchthread.h"
#include "core/devices/private/torchutil.h"

#include <set>

namespace tk {

Workspace::Workspace() : d(std::make_unique<Private>())
{
    TorchThread::check("Workspace"); // it lives on the kitchen's worker in the app
}
Workspace::~Workspace() = default;

QString Workspace::freeName(const QString &base) const
{
    if (base.isEmpty()) {
        // The short names PyTorch examples use first, then t1, t2, …
        for (const char *n : {"x", "y", "w", "a", "b", "c", "u", "v"})
            if (d->cards.idOf(QLatin1String(n)) < 0)
                return QLatin1String(n);
        return freeName(QStringLiteral("t"));
    }
    if (d->cards.idOf(base) < 0 && TensorSpec::isValidName(base))
        return base;
    for (int i = 1;; ++i) {
        const QString candidate = base + QString::number(i);
        if (d->cards.idOf(candidate) < 0)
            return candidate;
    }
}

Outcome Workspace::create(const TensorSpec &spec)
{
    const QString name = spec.name.isEmpty() ? freeName({}) : spec.name.trimmed();
    if (auto e = d->checkNewName(name))
        return d->fail(*e, false);
    const auto dtype = torchutil::dtypeFromName(spec.dtype);
    if (!dtype)
        return d->fail(
            OpError::invalid(
                tr("Unknown dtype “%1”. Choose one of: %2.").arg(spec.dtype, TensorSpec::dtypeNames().join(", "))),
            false);
    if (spec.shape.isEmpty())
        return d->fail(OpError::invalid(tr("Enter a shape such as 2, 3.")), false);
    for (qint64 s : spec.shape)
        if (s <= 0)
            return d->fail(OpError::invalid(tr("Every size must be at least 1 (got %1).").arg(s)), false);
    const auto numel = TensorSpec::numel(spec.shape);
    if (!numel)
        return d->fail(OpError::invalid(tr("That shape has more elements than any machine can hold.")), false);
    QString devError;
    const auto dev = d->usableDevice(spec.device, &devError);
    if (!dev)
        return d->fail(OpError::invalid(devError), false);

    // The Python line first: a refusal and a LibTorch error are both logged against it.
    const QString code = PythonCode::create(spec, name, torchutil::deviceId(*dev));
    const bool random = spec.factory == TensorSpec::Factory::Randn || spec.factory == TensorSpec::Factory::Rand;

    const qint64 elem = TensorSpec::elementSize(spec.dtype);
    const qint64 bytes = *numel * elem;
    const QString what = tr("tensor[%1] %2").arg(TensorSpec::shapeText(spec.shape), spec.dtype);
    if (auto e = d->memory.check(bytes, torchutil::deviceId(*dev), what, code))
        return d->fail(*e);
    if (random && !dev->is_cpu())
        if (auto e = d->memory.check(bytes, QStringLiteral("cpu"), what, code))
            return d->fail(*e);

    try {
        at::Tensor t = TensorFactory::make(spec, *dtype, *dev);
        const int id = d->cards.add(name, std::move(t));
        d->logOk(code);
        Outcome o;
        o.cardId = id;
        return o;
    } catch (...) {
        return d->failTorch(std::current_exception(), {torchutil::deviceId(*dev)}, code);
    }
}

Outcome Workspace::transfer(int id, const QString &device, TransferMeaning meaning, const QString &newName)
{
    CardEntry *src = d->cards.find(id);
    if (!src)
        return d->fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    QString devError;
    const auto dev = d->usableDevice(device, &devError);
    if (!dev)
        return d->fail(OpError::invalid(devError), false);
    const QString x = src->info.name;
    if (!src->isTensor())
        return d->transferObject(*src, *dev, device.trimmed());
    QString y = x;
    if (meaning == TransferMeaning::NewName) {
        QString tag = torchutil::deviceId(*dev);
        tag.remove(QLatin1Char(':'));
        y = newName.isEmpty() ? freeName(x + QLatin1Char('_') + tag) : newName.trimmed();
        if (auto e = d->checkNewName(y))
            return d->fail(*e, false);
    }
    const QString code = PythonCode::transfer(x, device, torchutil::deviceId(*dev), meaning, y);

    const at::Tensor source = src->tensor;
    MoveReport r
        = MoveReport::of(MoveOrigin::Kitchen, x, torchutil::deviceId(source.device()), device.trimmed(),
                         torchutil::deviceId(*dev), source.numel() * static_cast<qint64>(source.element_size()));
    r.meaning = meaning;
    r.sourceId = id;
    r.resultName = meaning == TransferMeaning::Discard ? QString() : y;
    r.codeLine = code;
    if (auto e = MovePath::refuse(d->memory, r, tr("a copy of %1").arg(x)))
        return d->fail(*e);

    at::Tensor result;
    try {
        r.seconds = MovePath::timed(source.device(), *dev, [&] { result = source.to(*dev); });
    } catch (...) {
        return d->failTorch(std::current_exception(), {r.fromDevice, r.toDevice}, code);
    }
    r.sameStorage = result.is_same(source);

    Outcome o;
    switch (meaning) {
    case TransferMeaning::Reassign: {
        const void *oldKey = StorageIdentity::keyOf(source);
        r.oldReleased = !r.sameStorage && !d->cards.storageSharedByOthers(oldKey, id);
        if (!r.sameStorage) {
            src->tensor = result;
            d->cards.refreshInfo(*src);
            d->cards.refreshStorageIds();
        }
        r.resultId = id;
        break;
    }
    case TransferMeaning::NewName:
        r.resultId = d->cards.add(y, result);
        break;
    case TransferMeaning::Discard:
        result = at::Tensor(); // the unassigned copy is gone at the end of the statement
        break;
    }
    d->logOk(code);
    o.cardId = r.resultId;
    o.moves = {r};
    return o;
}

Outcome Workspace::combine(Operation op, int a, int b, const QString &resultName)
{
    CardEntry *ea = d->cards.find(a);
    CardEntry *eb = d->cards.find(b);
    if (!ea || !eb)
        return d->fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(!ea ? a : b)), false);
    const bool forward = op == Operation::Forward;
    if (forward ? (!ea->module || !eb->isTensor()) : (!ea->isTensor() || !eb->isTensor()))
        return d->fail(OpError::invalid(forward ? tr("model(x) needs a model and a tensor.")
                                                : tr("%1 needs two tensors.").arg(operationSymbol(op))),
                       false);
    const QString z
        = resultName.isEmpty() ? freeName(forward ? QStringLiteral("out") : QStringLiteral("z")) : resultName.trimmed();
    if (auto e = d->checkNewName(z))
        return d->fail(*e, false);
    const QString code = PythonCode::combine(z, op, ea->info.name, eb->info.name);
    const at::Tensor ta = ea->tensor, tb = eb->tensor;
    const QStringList devices = {torchutil::deviceId(ta.device()), torchutil::deviceId(tb.device())};

    torch::nn::Sequential module = ea->module;
    auto run = [op, module](const at::Tensor &x, const at::Tensor &y) mutable {
        switch (op) {
        case Operation::Forward:
            return Private::forward(module, y);
        case Operation::Add:
            return x + y;
        case Operation::Mul:
            return x * y;
        case Operation::Matmul:
            return at::matmul(x, y);
        case Operation::Cat:
            return at::cat({x, y});
        }
        return at::Tensor();
    };

    // Estimate the result's size on meta copies (no data), then refuse what will not fit.
    // A dry run that throws proves nothing here: the real call below raises the real error.
    if (!forward && ta.device() == tb.device() && !ta.is_meta()) {
        try {
            const at::Tensor shape = run(ta.to(torch::kMeta), tb.to(torch::kMeta));
            const qint64 bytes = shape.numel() * static_cast<qint64>(shape.element_size());
            const QString what = tr("the result %1").arg(z);
            if (auto e = d->memory.check(bytes, devices.first(), what, code))
                return d->fail(*e);
        } catch (...) { }
    }
    try {
        torch::NoGradGuard noGrad;
        at::Tensor out = run(ta, tb);
        const int id = d->cards.add(z, std::move(out));
        d->logOk(code);
        Outcome o;
        o.cardId = id;
        // LibTorch's meta kernels let `@` and `cat` of a meta and a cpu tensor through; a GPU
        // would not. Said as the console says it (PyTorch's rule: a 0-dim CPU tensor may stand
        // beside a tensor on any device).
        std::vector<at::Tensor> operands = {tb};
        if (!forward)
            operands.push_back(ta);
        else if (const auto params = module->parameters(); !params.empty())
            operands.push_back(params.front());
        QStringList mixed;
        for (const at::Tensor &t : operands)
            if (!(t.is_cpu() && t.dim() == 0) && !mixed.contains(torchutil::deviceId(t.device())))
                mixed << torchutil::deviceId(t.device());
        mixed.sort();
        if (mixed.size() > 1)
            o.notices << OpError::unraisedMismatch(operationCode(op, ea->info.name, eb->info.name), mixed);
        return o;
    } catch (...) {
        Outcome o = d->failTorch(std::current_exception(), devices, code);
        o.error.cards = {a, b};
        o.error.operation = op; // move-and-retry runs it again
        return o;
    }
}

Outcome Workspace::rename(int id, const QString &newName)
{
    CardEntry *e = d->cards.find(id);
    if (!e)
        return d->fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    const QString name = newName.trimmed();
    if (name == e->info.name)
        return Outcome::forCard(id);
    if (auto err = d->checkNewName(name, id))
        return d->fail(*err, false);
    d->logOk(PythonCode::rename(name, e->info.name));
    e->info.name = name;
    e->info.revision = ++d->cards.revision;
    return Outcome::forCard(id);
}

Outcome Workspace::clone(int id, const QString &newName)
{
    CardEntry *e = d->cards.find(id);
    if (!e)
        return d->fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    const QString name = newName.isEmpty() ? freeName(e->info.name + QStringLiteral("_copy")) : newName.trimmed();
    if (auto err = d->checkNewName(name))
        return d->fail(*err, false);
    const QString code = PythonCode::clone(name, e->info.name);
    const at::Tensor source = e->tensor;
    if (auto err = d->memory.check(e->info.bytes, e->info.device, tr("a clone of %1").arg(e->info.name), code))
        return d->fail(*err);
    try {
        const int newId = d->cards.add(name, source.clone());
        d->logOk(code);
        return Outcome::forCard(newId);
    } catch (...) {
        return d->failTorch(std::current_exception(), {e->info.device}, code);
    }
}

Outcome Workspace::remove(int id)
{
    CardEntry *e = d->cards.find(id);
    if (!e)
        return d->fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    d->logOk(PythonCode::remove(e->info.name));
    d->cards.entries.erase(id);
    d->cards.refreshStorageIds();
    return Outcome::forCard(id);
}

TensorPreview Workspace::preview(int id, int maxRows, int maxCols) const
{
    TensorPreview p;
    p.cardId = id;
    auto it = d->cards.entries.find(id);
    if (it == d->cards.entries.end()) {
        p.note = tr("There is no card #%1 any more: it was deleted.").arg(id);
        return p;
    }
    const at::Tensor &t = it->second.tensor;
    p.name = it->second.info.name;
    if (t.is_meta()) {
        p.note = tr("%1 lives on the meta device: it has a shape and a dtype but no values.").arg(p.name);
        return p;
    }
    try {
        const at::Tensor m = t.dim() == 0 ? t.reshape({1, 1})
            : t.dim() == 1                ? t.reshape({1, t.size(0)})
                                          : t.reshape({-1, t.size(-1)});
        p.totalRows = m.size(0);
        p.totalCols = m.size(1);
        p.rows = static_cast<int>(std::min<int64_t>(m.size(0), maxRows));
        p.cols = static_cast<int>(std::min<int64_t>(m.size(1), maxCols));
        // Only the corner crosses to the host, never the whole tensor.
        const at::Tensor corner = m.slice(0, 0, p.rows).slice(1, 0, p.cols).to(torch::kCPU);
        const bool isBool = corner.scalar_type() == torch::kBool;
        const bool isInt = !corner.is_floating_point() && !isBool;
        const at::Tensor v = corner.to(torch::kFloat64).contiguous();
        const double *data = v.data_ptr<double>();
        for (int i = 0; i < p.rows * p.cols; ++i) {
            const double x = data[i];
            p.cells << (isBool      ? (x != 0 ? QStringLiteral("True") : QStringLiteral("False"))
                            : isInt ? QString::number(qint64(x))
                                    : QString::number(x, 'g', 6));
        }
        if (t.dim() > 2)
            p.note = tr("Shown as a %1 × %2 matrix: the last dimension across, the others down.")
                         .arg(p.totalRows)
                         .arg(p.totalCols);
    } catch (const std::exception &e) {
        p.note = torchutil::cleanMessage(e.what());
    }
    return p;
}

QList<CardInfo> Workspace::cards() const
{
    QList<CardInfo> list;
    for (const auto &[id, e] : d->cards.entries)
        list << e.info;
    return list;
}

std::optional<CardInfo> Workspace::card(int id) const
{
    auto it = d->cards.entries.find(id);
    if (it == d->cards.entries.end())
        return std::nullopt;
    return it->second.info;
}

void Workspace::setMemoryPrecheck(bool on) { d->memory.setEnabled(on); }

void Workspace::beginAction() { d->history.begin(d->snapshot()); }
bool Workspace::endAction(bool changed) { return d->history.end(changed); }

bool Workspace::undo()
{
    if (!d->history.canUndo())
        return false;
    d->restore(d->history.undo(d->snapshot()));
    return true;
}

bool Workspace::redo()
{
    if (!d->history.canRedo())
        return false;
    d->restore(d->history.redo(d->snapshot()));
    return true;
}

int Workspace::undoDepth() const { return d->history.undoDepth(); }
int Workspace::redoDepth() const { return d->history.redoDepth(); }
void Workspace::clearHistory() { d->history.clear(); }

int Workspace::idOf(const QString &name) const { return d->cards.idOf(name); }
int Workspace::count() const { return static_cast<int>(d->cards.entries.size()); }
const CodeLog &Workspace::codeLog() const { return d->log; }

CardTable &Workspace::cardTable() { return d->cards; }

const MemoryGuard &Workspace::memoryGuard() const { return d->memory; }

void Workspace::logCode(const CodeLine &line) { d->log.append(line); }

qint64 Workspace::bytesOn(const QString &device) const
{
    std::set<const void *> seen;
    qint64 total = 0;
    for (const auto &[id, e] : d->cards.entries) {
        if (e.info.device != device || !e.tensor.defined() || e.tensor.is_meta())
            continue;
        if (seen.insert(StorageIdentity::keyOf(e)).second)
            total += e.info.storageBytes;
    }
    return total;
}

} // namespace tk
