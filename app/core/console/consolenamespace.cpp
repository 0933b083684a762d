// The console's namespace and the kitchen's cards kept as one: cards bound to names before a
// statement, names adopted as cards after it, and its moves and errors read back.
#include "core/console/private/pythonconsoleprivate.h"
#include "core/kitchen/private/movepath.h"

#include "core/cards/private/storageidentity.h"
#include "core/cards/private/tensorsummary.h"
#include "core/kitchen/tensorspec.h"

#include <QRegularExpression>

namespace tk {

namespace {

TransferMeaning meaningOf(const QString &m)
{
    if (m == QLatin1String("newname"))
        return TransferMeaning::NewName;
    if (m == QLatin1String("discard"))
        return TransferMeaning::Discard;
    return TransferMeaning::Reassign;
}

} // namespace

PythonConsole::Private::Look PythonConsole::Private::lookOf(const at::Tensor &t)
{
    Look l;
    l.impl = t.unsafeGetTensorImpl();
    l.storage = t.has_storage() ? t.storage().unsafeGetStorageImpl() : nullptr;
    l.device = t.device();
    try {
        l.version = t._version();
    } catch (const std::exception &) {
        // inference tensors keep no version counter
    }
    return l;
}

// Card names the console shares: Python identifiers that are not keywords or names the exported
// script needs (torch, device, e), and never dunders.
bool PythonConsole::Private::shared(const QString &name) { return TensorSpec::isValidName(name); }

// Workspace → namespace: each card under its name, as the very same tensor object.
void PythonConsole::Private::bindCards()
{
    py::dict dict = ns;
    std::set<QString> now;
    for (auto &[id, e] : w.cardTable().entries) {
        const QString &name = e.info.name;
        if (!shared(name))
            continue;
        py::object value;
        if (e.object)
            value = object(e);
        else if (e.isTensor() && e.tensor.defined())
            value = wrap(e.tensor);
        else
            continue; // a model, optimizer or loss built in C++ (New model): not a Python object
        py::str key(name.toStdString());
        now.insert(name);
        if (!dict.contains(key) || !py::object(dict[key]).is(value))
            dict[key] = value;
        if (e.isTensor() && !e.object)
            looks[id] = lookOf(e.tensor);
    }
    for (const QString &name : bound) {
        py::str key(name.toStdString());
        if (!now.count(name) && dict.contains(key) && !helpers.attr("_kind")(dict[key]).is_none())
            PyDict_DelItem(dict.ptr(), key.ptr());
    }
    bound = now;
}

// A tensor card changed where no statement ran (a drag of a console-made model moves its
// Parameters in place): shown again.
bool PythonConsole::Private::refreshChangedTensors()
{
    bool changed = false;
    for (auto &[id, e] : w.cardTable().entries) {
        if (!e.isTensor() || e.object || e.module || !e.tensor.defined())
            continue;
        const Look now = lookOf(e.tensor);
        auto it = looks.find(id);
        if (it != looks.end() && !(it->second == now)) {
            w.cardTable().refreshInfo(e);
            changed = true;
        }
        looks[id] = now;
    }
    if (changed)
        w.cardTable().refreshStorageIds();
    return changed;
}

// Namespace → workspace, after a statement: new and rebound names become cards, `del x`
// removes x's card, a tensor changed in place (x.add_(1)) is shown again.
PythonConsole::Private::Change PythonConsole::Private::adoptNames()
{
    Change change;
    std::set<QString> seen;
    py::list values = helpers.attr("card_values")(ns);
    for (const py::handle &item : values) {
        py::tuple t = py::reinterpret_borrow<py::tuple>(item);
        const QString name = str(t[0]);
        if (!shared(name))
            continue;
        const QString kind = str(t[1]);
        py::object value = py::reinterpret_borrow<py::object>(t[2]);
        seen.insert(name);
        const int id = w.cardTable().idOf(name);
        CardEntry *e = id >= 0 ? w.cardTable().find(id) : nullptr;
        if (kind == QLatin1String("tensor")) {
            const at::Tensor tensor = THPVariable_Unpack(value.ptr()); // _kind checked the type
            const Look look = lookOf(tensor);
            if (e && e->isTensor() && !e->object && !e->module && looks.count(id) && looks[id].impl == look.impl) {
                if (looks[id] == look)
                    continue;
                // The same tensor, changed in place: its values are new, the undo history's
                // snapshot shares them (it does not copy every tensor before every line).
                w.cardTable().refreshInfo(*e);
                looks[id] = look;
                change.inPlace = true;
                continue;
            }
            if (e) {
                *e = CardEntry{};
                e->info.id = id;
                e->info.name = name;
                e->tensor = tensor;
                w.cardTable().refreshInfo(*e);
                looks[id] = look;
            } else {
                looks[w.cardTable().add(name, tensor)] = look;
            }
            change.cards = true;
        } else {
            if (e && e->object.get() == value.ptr()) {
                const CardInfo was = e->info;
                describe(*e);
                if (was.device == e->info.device && was.summary == e->info.summary && was.bytes == e->info.bytes) {
                    e->info.revision = was.revision;
                    continue;
                }
                e->info.revision = ++w.cardTable().revision;
            } else {
                CardEntry fresh;
                fresh.info.name = name;
                fresh.object = hold(value);
                if (e) {
                    fresh.info.id = id;
                    *e = std::move(fresh);
                    w.cardTable().refreshInfo(*e);
                } else {
                    w.cardTable().insert(std::move(fresh));
                }
            }
            change.cards = true;
        }
    }
    // Cards whose name no longer holds one: `del x`, or x = 5. C++-built models stay, and so do
    // cards the console does not share.
    std::vector<int> gone;
    for (const auto &[id, e] : w.cardTable().entries)
        if ((e.object || (e.isTensor() && !e.module)) && shared(e.info.name) && !seen.count(e.info.name))
            gone.push_back(id);
    for (int id : gone) {
        w.cardTable().entries.erase(id);
        looks.erase(id);
        change.cards = true;
    }
    if (change.cards || change.inPlace)
        w.cardTable().refreshStorageIds();
    bound = seen;
    return change;
}

QString PythonConsole::Private::formatValue(const py::handle &value) const
{
    if (!PyObject_TypeCheck(value.ptr(), reinterpret_cast<PyTypeObject *>(THPVariableClass)))
        return str(value);
    const at::Tensor t = THPVariable_Unpack(value.ptr());
    for (const auto &[id, e] : w.cardTable().entries)
        if (e.isTensor() && e.tensor.defined() && e.tensor.unsafeGetTensorImpl() == t.unsafeGetTensorImpl())
            return QStringLiteral("%1: %2\n").arg(e.info.name, e.info.summary);
    QString text;
    try {
        CardInfo info;
        TensorSummary::fill(info, t);
        text = info.summary + QLatin1Char('\n');
    } catch (const std::exception &) {
        // a sparse or quantized tensor: Python's own repr says it
    }
    // Small values are worth seeing whole, as Python's repr shows them.
    if (text.isEmpty() || (!t.is_meta() && t.numel() <= 64))
        text += QString::fromStdString(py::repr(value).cast<std::string>()) + QLatin1Char('\n');
    return text;
}

MoveReport PythonConsole::Private::report(const py::dict &m, const QString &codeLine) const
{
    const bool inPlace = m["module"].cast<bool>();
    const bool sameStorage = m["same"].cast<bool>() && !inPlace;
    MoveReport r = MoveReport::of(MoveOrigin::Console, str(m["source"]), str(m["src_dev"]), str(m["requested"]),
                                  str(m["out_dev"]), sameStorage ? 0 : m["nbytes"].cast<qint64>());
    r.kitchen.meaning = meaningOf(str(m["meaning"]));
    r.kitchen.resultName = str(m["result"]);
    r.sourceId = r.sourceName.isEmpty() ? -1 : w.cardTable().idOf(r.sourceName);
    r.kitchen.resultId = r.kitchen.resultName.isEmpty() ? -1 : w.cardTable().idOf(r.kitchen.resultName);
    r.sameStorage = sameStorage;
    r.inPlace = inPlace;
    r.seconds = m["seconds"].cast<double>();
    r.timing = MovePath::timing(); // every move the console records went through _tk_move
    r.kitchen.codeLine = codeLine;
    py::object src = m["src_tensor"];
    if (r.kitchen.meaning == TransferMeaning::Reassign && !r.sameStorage && !r.inPlace && !src.is_none()) {
        const at::Tensor old = THPVariable_Unpack(src.ptr());
        r.kitchen.oldReleased = !w.cardTable().storageSharedByOthers(StorageIdentity::keyOf(old), -1);
    }
    return r;
}

QString PythonConsole::Private::mixNotice(const py::tuple &mix)
{
    QStringList devices;
    for (const py::handle &d : py::list(mix[1]))
        devices << str(d);
    return OpError::unraisedMismatch(str(mix[0]), devices, std::max(1, mix[2].cast<int>()));
}

OpError PythonConsole::Private::classify(const QString &type, const QString &text, const QString &codeLine) const
{
    if (refusal && text == refusal->message) {
        OpError e = *refusal; // a console move MovePath refused: told as a drag's refusal is
        e.codeLine = codeLine;
        e.consoleLine = true;
        return e;
    }
    OpError e;
    e.consoleLine = true; // move-and-retry runs the line again
    // LibTorch's errors reach Python as RuntimeError (and its subclasses, such as
    // torch.cuda.OutOfMemoryError); anything else is Python's own, except torch.cuda's
    // AssertionError "Torch not compiled with CUDA enabled" on a CPU-only build.
    const OpError::Kind kind = OpError::classify(text);
    const bool torchError = kind != OpError::Kind::Other
        && (type == QLatin1String("RuntimeError") || type == QLatin1String("OutOfMemoryError")
            || type == QLatin1String("NotImplementedError")
            || (type == QLatin1String("AssertionError") && kind == OpError::Kind::NoGpu));
    e.kind = torchError ? kind : OpError::Kind::Other;
    e.message = text.section(QLatin1Char('\n'), 0, 0);
    e.codeLine = codeLine;
    static const QRegularExpression device(QStringLiteral("\\b(cpu|meta|cuda:\\d+|cuda)\\b"));
    for (auto it = device.globalMatch(text); it.hasNext();) {
        const QString d = it.next().captured(1);
        if (!e.devices.contains(d))
            e.devices << d;
    }
    // The cards the line names, for the dialog's move-and-retry buttons.
    static const QRegularExpression word(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    for (auto it = word.globalMatch(codeLine); it.hasNext();) {
        const int id = w.cardTable().idOf(it.next().captured(0));
        if (id >= 0 && !e.cards.contains(id))
            e.cards << id;
    }
    return e;
}

} // namespace tk
