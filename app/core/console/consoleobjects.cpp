// Models, optimizers and losses made in the console, as cards: described, copied for undo and
// moved by a drag (ObjectCards, the workspace's hook for Python objects).
#include "core/console/private/pythonconsoleprivate.h"

#include "core/cards/private/tensorsummary.h"

namespace tk {

void PythonConsole::Private::describe(CardEntry &e)
{
    py::gil_scoped_acquire gil;
    QString kind, cls, layers, device = QStringLiteral("cpu");
    qint64 numel = 0, bytes = 0;
    int tensors = 0;
    at::Tensor first;
    try {
        py::object obj = object(e);
        kind = str(helpers.attr("_kind")(obj));
        py::tuple d = helpers.attr("describe")(obj);
        cls = str(d[0]);
        layers = str(d[1]);
        numel = d[2].cast<qint64>();
        bytes = d[3].cast<qint64>();
        device = str(d[4]);
        tensors = d[5].cast<int>();
        if (!d[6].is_none())
            first = THPVariable_Unpack(d[6].ptr());
    } catch (const std::exception &) {
        // Described as unknown rather than not at all: the card stays, the app goes on.
        if (kind.isEmpty() || kind == QLatin1String("None"))
            kind = e.info.kind.isEmpty() ? QStringLiteral("model") : e.info.kind;
        cls = QStringLiteral("?");
    }
    e.tensor = first;
    e.info.hasStats = false;
    e.info.heat.clear();
    e.info.heatRows = e.info.heatCols = 0;
    e.info.dtype.clear();
    if (e.tensor.defined()) {
        try {
            TensorSummary::fill(e.info, e.tensor); // the heat map shows the first weights
        } catch (const std::exception &) { }
    }
    e.info.kind = kind;
    e.info.device = device;
    e.info.numel = numel;
    e.info.bytes = e.info.storageBytes = bytes;
    e.info.shape.clear();
    if (kind == QLatin1String("model"))
        e.info.summary = tr("%1(%2) · parameters: %n · made in the console · moves in place", nullptr, int(numel))
                             .arg(cls, layers);
    else if (kind == QLatin1String("optimizer"))
        e.info.summary = tr("%1 · parameter tensors: %n · needs no .to(): it follows them", nullptr, tensors).arg(cls);
    else
        e.info.summary = tr("%1 · needs no .to(): it runs wherever its inputs are").arg(cls);
}

void PythonConsole::Private::copyObjects(std::map<int, CardEntry> &entries, bool restoring)
{
    py::gil_scoped_acquire gil;
    py::list objs, tensors;
    std::vector<CardEntry *> holders;
    for (auto &[id, e] : entries) {
        if (e.object) {
            objs.append(object(e));
            holders.push_back(&e);
        } else if (e.isTensor() && !e.module && e.tensor.defined()) {
            tensors.append(wrap(e.tensor));
        }
    }
    if (holders.empty())
        return;
    try {
        py::object copies = helpers.attr(restoring ? "restore_copies" : "copy_all")(objs, tensors);
        if (copies.is_none())
            return; // too large or not copyable: undo gets the object as it is then
        py::list list = copies;
        for (size_t i = 0; i < holders.size(); ++i)
            holders[i]->object = hold(list[i]);
    } catch (const std::exception &) { }
}

bool PythonConsole::Private::move(CardEntry &e, const QString &device, QString *errorType, QString *error)
{
    py::gil_scoped_acquire gil;
    try {
        py::object result = helpers.attr("move")(object(e), device.toStdString());
        if (result.is_none())
            return true;
        py::tuple t = result;
        *errorType = str(t[0]);
        *error = str(t[1]);
    } catch (const std::exception &ex) {
        *errorType = QStringLiteral("RuntimeError");
        *error = QString::fromUtf8(ex.what());
    }
    return false;
}

} // namespace tk
