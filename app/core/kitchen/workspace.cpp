// Workspace: every action on the cards, each handed to the part of Private that does it
// (CardMoves, CardCombiner, ModelCards, …) or to a file format (CardFileFormats); here is
// what is left: making, renaming, cloning and removing a tensor card, the lesson that forgets
// to move the model (made of other actions), preview, values' hashes, bytes per device, undo.
#include "core/kitchen/private/workspaceprivate.h"

#include "core/kitchen/private/kitchendevice.h"
#include "core/kitchen/pythoncode.h"
#include "core/kitchen/private/tensorfactory.h"
#include "core/devices/torchthread.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/private/torchutil.h"
#include "core/files/cardfileformat.h"
#include "core/files/cardfileformats.h"
#include "core/cards/private/cardfileload.h"
#include "core/cards/private/cardfilesave.h"
#include "core/files/pt/ptcards.h"
#include "core/files/session/sessioncards.h"

#include <QCryptographicHash>
#include <set>

namespace tk {

Workspace::Workspace() : d(std::make_unique<Private>())
{
    TorchThread::check("Workspace"); // it lives on the kitchen's worker in the app
}
Workspace::~Workspace() = default;

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

QString Workspace::freeName(const QString &base) const { return d->cards.freeName(base); }

Outcome Workspace::create(const TensorSpec &spec)
{
    const QString name = spec.name.isEmpty() ? freeName({}) : spec.name.trimmed();
    if (auto e = d->cards.checkNewName(name))
        return d->actions.fail(*e, false);
    const auto dtype = torchutil::dtypeFromName(spec.dtype);
    if (!dtype)
        return d->actions.fail(
            OpError::invalid(
                tr("Unknown dtype “%1”. Choose one of: %2.").arg(spec.dtype, TensorSpec::dtypeNames().join(", "))),
            false);
    if (spec.shape.isEmpty())
        return d->actions.fail(OpError::invalid(tr("Enter a shape such as 2, 3.")), false);
    for (qint64 s : spec.shape)
        if (s <= 0)
            return d->actions.fail(OpError::invalid(tr("Every size must be at least 1 (got %1).").arg(s)), false);
    const auto numel = TensorSpec::numel(spec.shape);
    if (!numel)
        return d->actions.fail(OpError::invalid(tr("That shape has more elements than any machine can hold.")), false);
    QString devError;
    const auto dev = KitchenDevice::usable(spec.device, &devError);
    if (!dev)
        return d->actions.fail(OpError::invalid(devError), false);

    // The Python line first: a refusal and a LibTorch error are both logged against it.
    const QString code = PythonCode::create(spec, name, torchutil::deviceId(*dev));
    const bool random = spec.factory == TensorSpec::Factory::Randn || spec.factory == TensorSpec::Factory::Rand;

    const qint64 elem = TensorSpec::elementSize(spec.dtype);
    const qint64 bytes = *numel * elem;
    const QString what = tr("tensor[%1] %2").arg(TensorSpec::shapeText(spec.shape), spec.dtype);
    if (auto e = d->memory.check(bytes, torchutil::deviceId(*dev), what, code))
        return d->actions.fail(*e);
    if (random && !dev->is_cpu())
        if (auto e = d->memory.check(bytes, QStringLiteral("cpu"), what, code))
            return d->actions.fail(*e);

    try {
        at::Tensor t = TensorFactory::make(spec, *dtype, *dev);
        const int id = d->cards.add(name, std::move(t));
        d->actions.ok(code);
        Outcome o;
        o.cardId = id;
        return o;
    } catch (...) {
        return d->actions.failTorch(std::current_exception(), {torchutil::deviceId(*dev)}, code);
    }
}

Outcome Workspace::transfer(int id, const QString &device, TransferMeaning meaning, const QString &newName)
{
    return d->moves.transfer(id, device, meaning, newName);
}

Outcome Workspace::combine(Operation op, int a, int b, const QString &resultName)
{
    return d->combiner.combine(op, a, b, resultName);
}

Outcome Workspace::rename(int id, const QString &newName)
{
    CardEntry *e = d->cards.find(id);
    if (!e)
        return d->actions.fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    const QString name = newName.trimmed();
    if (name == e->info.name)
        return Outcome::forCard(id);
    if (auto err = d->cards.checkNewName(name, id))
        return d->actions.fail(*err, false);
    d->actions.ok(PythonCode::rename(name, e->info.name));
    e->info.name = name;
    e->info.revision = ++d->cards.revision;
    return Outcome::forCard(id);
}

Outcome Workspace::clone(int id, const QString &newName)
{
    CardEntry *e = d->cards.find(id);
    if (!e)
        return d->actions.fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    const QString name = newName.isEmpty() ? freeName(e->info.name + QStringLiteral("_copy")) : newName.trimmed();
    if (auto err = d->cards.checkNewName(name))
        return d->actions.fail(*err, false);
    const QString code = PythonCode::clone(name, e->info.name);
    const at::Tensor source = e->tensor;
    if (auto err = d->memory.check(e->info.bytes, e->info.device, tr("a clone of %1").arg(e->info.name), code))
        return d->actions.fail(*err);
    try {
        const int newId = d->cards.add(name, source.clone());
        d->actions.ok(code);
        return Outcome::forCard(newId);
    } catch (...) {
        return d->actions.failTorch(std::current_exception(), {e->info.device}, code);
    }
}

Outcome Workspace::remove(int id)
{
    CardEntry *e = d->cards.find(id);
    if (!e)
        return d->actions.fail(OpError::invalid(tr("There is no card #%1 any more: it was deleted.").arg(id)), false);
    d->actions.ok(PythonCode::remove(e->info.name));
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

const CardTable &Workspace::cardTable() const { return d->cards; }

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

Outcome Workspace::createModel(int width, int depth, const QString &name, quint64 seed)
{
    return d->models.createModel(width, depth, name, seed);
}

Outcome Workspace::createOptimizer(int modelId, const QString &kind, const QString &name)
{
    return d->models.createOptimizer(modelId, kind, name);
}

Outcome Workspace::createLoss(const QString &name) { return d->models.createLoss(name); }

QList<quintptr> Workspace::parameterKeys(int id) const { return d->models.parameterKeys(id); }

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

QByteArray Workspace::saveSession(QString *error) const { return SessionCards::write(d->cards, d->log, error); }

bool Workspace::loadSession(const QByteArray &data, QString *error, QStringList *notices)
{
    if (!SessionCards::read(data, d->cards, d->log, error, notices))
        return false;
    clearHistory(); // undo does not reach back across opening a session
    return true;
}

Outcome Workspace::openSession(const QString &path)
{
    CardFileLoad load(d->cards, d->log, d->actions, d->memory, d->summaries, path, QStringLiteral("cpu"), nullptr);
    const Outcome o = SessionCards().load(load);
    if (o.ok())
        clearHistory();
    return o;
}

Outcome Workspace::loadFile(const QString &path, const QString &device, QList<int> *created, LoadProgress *progress)
{
    CardFileLoad load(d->cards, d->log, d->actions, d->memory, d->summaries, path, device, progress);
    const CardFileFormat *format = CardFileFormats::forFile(path);
    if (format && format->opens() == CardFileFormat::Opens::ReplacesKitchen)
        return d->actions.fail(
            OpError::invalid(tr("%1 is a Tensor Kitchen session: open it with File → Open session, as it "
                                "replaces the whole kitchen.")
                                 .arg(load.file())),
            false);
    // No format's bytes nor name: the .pt reader, whose refusal says what the file is not.
    static const PtCards fallback;
    const Outcome o = (format ? format : &fallback)->load(load);
    if (created)
        *created << load.created();
    return o;
}

Outcome Workspace::saveFile(const QString &formatId, const QList<int> &ids, const QString &path)
{
    const CardFileFormat *format = CardFileFormats::byId(formatId);
    CardFileSave save(d->cards, d->log, d->actions, ids, path);
    if (!format)
        return save.refused(tr("There is no file format “%1”.").arg(formatId));
    return format->save(save);
}

void Workspace::setDeferredSummaries(bool on) { d->summaries.setDeferred(on); }

bool Workspace::hasPendingSummaries() const { return d->summaries.any(); }

QList<CardInfo> Workspace::summarisePending(qint64 byteBudget) { return d->summaries.summarise(byteBudget); }

QByteArray Workspace::valuesHash(int id) const
{
    auto it = d->cards.entries.find(id);
    if (it == d->cards.entries.end() || !it->second.tensor.defined())
        return {};
    return QCryptographicHash::hash(torchutil::hostBytes(it->second.tensor), QCryptographicHash::Sha256);
}

} // namespace tk
