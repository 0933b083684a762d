// Python.h (through pybind11) must come before any standard header.
#include <pybind11/embed.h>
#include <pybind11/stl.h>
#include <torch/csrc/autograd/python_variable.h>

#include "console/pythonconsole.h"

#include "internal/consolebootstrap.h"
#include "kitchen/tensorspec.h"
#include "internal/tensorsummary.h"
#include "devices/torchthread.h"
#include "internal/torchutil.h"
#include "internal/workspaceprivate.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <atomic>
#include <chrono>
#include <dlfcn.h>
#include <set>
#include <thread>
#include <utility>
#include <torch/version.h>

namespace py = pybind11;

namespace tk {

namespace {

// The statement that is running, for interrupt(): a generation number (0: none) and the
// Python thread it runs on. A late Ctrl+C must not hit the next statement.
std::atomic<quint64> g_running{0};
std::atomic<quint64> g_generation{0};
std::atomic<unsigned long> g_runningThread{0};

QString str(const py::handle &h) { return QString::fromStdString(py::str(h).cast<std::string>()); }

QString realPath(const QString &path)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? path : canonical;
}

// The libtorch_cpu this process has loaded, by the address of one of its functions.
QString loadedLibTorch()
{
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(&at::globalContext), &info) && info.dli_fname)
        return realPath(QString::fromLocal8Bit(info.dli_fname));
    return {};
}

TransferMeaning meaningOf(const QString &m)
{
    if (m == QLatin1String("newname"))
        return TransferMeaning::NewName;
    if (m == QLatin1String("discard"))
        return TransferMeaning::Discard;
    return TransferMeaning::Reassign;
}

} // namespace

struct PythonConsole::Private : ObjectCards
{
    Q_DECLARE_TR_FUNCTIONS(PythonConsole)

public:
    Private(Workspace &workspace, Options options) : w(workspace), options(options) {}
    ~Private() override
    {
        if (w.d->objects == this)
            w.d->objects = nullptr;
        if (Py_IsInitialized()) {
            py::gil_scoped_acquire gil;
            ns = py::object();
            helpers = py::object();
        }
    }

    Workspace &w;
    Options options;
    bool tried = false;
    bool ok = false;
    QString status;
    py::object helpers; // the bootstrap module
    py::object ns;      // the user's namespace: one dict for every statement
    std::set<QString> bound; // card names this console has put into ns
    struct Look
    {
        const void *impl = nullptr;
        const void *storage = nullptr;
        c10::Device device{c10::kCPU};
        int64_t version = 0;
        bool operator==(const Look &o) const
        {
            return impl == o.impl && storage == o.storage && device == o.device && version == o.version;
        }
    };
    struct Change
    {
        bool cards = false;   // a card came, went, or holds another tensor or object
        bool inPlace = false; // only values changed in place
    };
    std::map<int, Look> looks; // each tensor card as the console last saw it
    bool inPlaceNoted = false; // the note on in-place changes and undo is said once

    bool start();
    static Look lookOf(const at::Tensor &t);
    static bool shared(const QString &name);
    void bindCards();             // workspace → ns
    Change adoptNames();          // ns → workspace
    bool refreshChangedTensors(); // tensor cards changed outside a statement
    QString formatValue(const py::handle &value) const;
    MoveReport report(const py::dict &m, const QString &codeLine) const;
    OpError classify(const QString &type, const QString &text, const QString &codeLine) const;

    // ObjectCards
    void describe(CardEntry &e) override;
    void copyObjects(std::map<int, CardEntry> &entries, bool restoring) override;
    bool move(CardEntry &e, const QString &device, QString *errorType, QString *error) override;

    static std::shared_ptr<void> hold(py::object obj)
    {
        PyObject *p = obj.release().ptr();
        return std::shared_ptr<void>(p, [](void *q) {
            if (!Py_IsInitialized())
                return;
            py::gil_scoped_acquire gil;
            Py_DECREF(static_cast<PyObject *>(q));
        });
    }
    static py::object object(const CardEntry &e)
    {
        return py::reinterpret_borrow<py::object>(static_cast<PyObject *>(e.object.get()));
    }
    static py::object wrap(const at::Tensor &t)
    {
        return py::reinterpret_steal<py::object>(THPVariable_Wrap(t));
    }
};

bool PythonConsole::Private::start()
{
    if (tried)
        return ok;
    tried = true;
    TorchThread::check("PythonConsole::start");
    const QString torchDir = QStringLiteral(TK_CONSOLE_TORCH_DIR);
    const bool initialise = !Py_IsInitialized();
    if (initialise) {
        PyConfig config;
        PyConfig_InitPythonConfig(&config);
        config.install_signal_handlers = options.installSignalHandlers ? 1 : 0;
        config.parse_argv = 0;
        PyStatus s = PyConfig_SetBytesString(&config, &config.program_name, TK_CONSOLE_PYTHON);
        if (!PyStatus_Exception(s))
            s = Py_InitializeFromConfig(&config);
        PyConfig_Clear(&config);
        if (PyStatus_Exception(s)) {
            status = tr("Python could not start: %1").arg(QString::fromLocal8Bit(s.err_msg ? s.err_msg : "?"));
            return false;
        }
    }
    {
        py::gil_scoped_acquire gil;
        try {
            py::module_ sys = py::module_::import("sys");
            // A wheel's site-packages first: an embedded Python would otherwise find Debian's
            // torch in dist-packages and load a second LibTorch.
            const QString site = QFileInfo(torchDir).path();
            sys.attr("path").attr("insert")(0, site.toStdString());
            sys.attr("argv") = py::make_tuple(std::string());
            py::object spec = py::module_::import("importlib.util").attr("find_spec")("torch");
            const QString found = spec.is_none() || spec.attr("origin").is_none()
                                      ? QString()
                                      : realPath(QFileInfo(str(spec.attr("origin"))).path());
            if (found != realPath(torchDir)) {
                status = tr("Python would import torch from %1, not the torch at %2 that wraps this "
                            "app's LibTorch: the console stays off rather than load a second LibTorch.")
                             .arg(found.isEmpty() ? tr("nowhere") : found, torchDir);
            } else {
                const QString mine = loadedLibTorch();
                const QString theirs = realPath(torchDir + QStringLiteral("/lib/libtorch_cpu.so"));
                if (!mine.isEmpty() && QFileInfo::exists(theirs) && mine != theirs) {
                    status = tr("Python's torch uses %1, this app %2: the console stays off rather "
                                "than load a second LibTorch.").arg(theirs, mine);
                } else {
                    py::module_ torch = py::module_::import("torch");
                    const QString version = str(torch.attr("__version__"));
                    if (!version.startsWith(QStringLiteral(TORCH_VERSION))) {
                        status = tr("Python's torch %1 is not the LibTorch %2 this app links.")
                                     .arg(version, QStringLiteral(TORCH_VERSION));
                    } else {
                        py::module_ types = py::module_::import("types");
                        helpers = types.attr("ModuleType")("_tk_console");
                        // Compiled under a name of its own, so that move records can skip
                        // the bootstrap's frames.
                        py::dict scope = helpers.attr("__dict__");
                        py::object code = py::module_::import("builtins")
                                              .attr("compile")(kConsoleBootstrap, "<tk-console>", "exec");
                        py::module_::import("builtins").attr("exec")(code, scope);
                        ns = helpers.attr("make_namespace")();
                        ok = true;
                        status = tr("Python %1 · torch %2 · the app's own LibTorch")
                                     .arg(str(sys.attr("version")).section(QLatin1Char(' '), 0, 0),
                                          version);
                    }
                }
            }
        } catch (const std::exception &e) {
            status = tr("Python could not import torch: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    if (ok) {
        w.d->objects = this;
        py::gil_scoped_acquire gil;
        bindCards();
    }
    if (initialise)
        PyEval_SaveThread(); // Python keeps this thread; the GIL is taken per statement
    return ok;
}

// What a tensor card looked like at the last sync: a change of any part is news for the card
// (x.add_(1) bumps the version; model.to("cuda") swaps a Parameter's storage, not its object).
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
    for (auto &[id, e] : w.d->entries) {
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
    for (auto &[id, e] : w.d->entries) {
        if (!e.isTensor() || e.object || e.module || !e.tensor.defined())
            continue;
        const Look now = lookOf(e.tensor);
        auto it = looks.find(id);
        if (it != looks.end() && !(it->second == now)) {
            w.d->refreshInfo(e);
            changed = true;
        }
        looks[id] = now;
    }
    if (changed)
        w.d->refreshStorageIds();
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
        const int id = w.d->idOf(name);
        CardEntry *e = id >= 0 ? w.d->find(id) : nullptr;
        if (kind == QLatin1String("tensor")) {
            const at::Tensor tensor = THPVariable_Unpack(value.ptr()); // _kind checked the type
            const Look look = lookOf(tensor);
            if (e && e->isTensor() && !e->object && !e->module && looks.count(id)
                && looks[id].impl == look.impl) {
                if (looks[id] == look)
                    continue;
                // The same tensor, changed in place: its values are new, the undo history's
                // snapshot shares them (it does not copy every tensor before every line).
                w.d->refreshInfo(*e);
                looks[id] = look;
                change.inPlace = true;
                continue;
            }
            if (e) {
                *e = CardEntry{};
                e->info.id = id;
                e->info.name = name;
                e->tensor = tensor;
                w.d->refreshInfo(*e);
                looks[id] = look;
            } else {
                looks[w.d->add(name, tensor)] = look;
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
                e->info.revision = ++w.d->revision;
            } else {
                CardEntry fresh;
                fresh.info.name = name;
                fresh.object = hold(value);
                if (e) {
                    fresh.info.id = id;
                    *e = std::move(fresh);
                    w.d->refreshInfo(*e);
                } else {
                    w.d->insert(std::move(fresh));
                }
            }
            change.cards = true;
        }
    }
    // Cards whose name no longer holds one: `del x`, or x = 5. C++-built models stay, and so do
    // cards the console does not share.
    std::vector<int> gone;
    for (const auto &[id, e] : w.d->entries)
        if ((e.object || (e.isTensor() && !e.module)) && shared(e.info.name) && !seen.count(e.info.name))
            gone.push_back(id);
    for (int id : gone) {
        w.d->entries.erase(id);
        looks.erase(id);
        change.cards = true;
    }
    if (change.cards || change.inPlace)
        w.d->refreshStorageIds();
    bound = seen;
    return change;
}

QString PythonConsole::Private::formatValue(const py::handle &value) const
{
    if (!PyObject_TypeCheck(value.ptr(), reinterpret_cast<PyTypeObject *>(THPVariableClass)))
        return str(value);
    const at::Tensor t = THPVariable_Unpack(value.ptr());
    for (const auto &[id, e] : w.d->entries)
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
    MoveReport r;
    r.meaning = meaningOf(str(m["meaning"]));
    r.sourceName = str(m["source"]);
    r.resultName = str(m["result"]);
    r.sourceId = r.sourceName.isEmpty() ? -1 : w.d->idOf(r.sourceName);
    r.resultId = r.resultName.isEmpty() ? -1 : w.d->idOf(r.resultName);
    r.fromDevice = str(m["src_dev"]);
    r.toDevice = str(m["out_dev"]);
    r.requestedDevice = str(m["requested"]);
    r.sameStorage = m["same"].cast<bool>() && !m["module"].cast<bool>();
    r.inPlace = m["module"].cast<bool>();
    r.bytes = r.sameStorage ? 0 : m["nbytes"].cast<qint64>();
    r.seconds = m["seconds"].cast<double>();
    r.codeLine = codeLine;
    py::object src = m["src_tensor"];
    if (r.meaning == TransferMeaning::Reassign && !r.sameStorage && !r.inPlace && !src.is_none()) {
        const at::Tensor old = THPVariable_Unpack(src.ptr());
        r.oldReleased = !w.d->storageSharedByOthers(StorageIdentity::keyOf(old), -1);
    }
    return r;
}

OpError PythonConsole::Private::classify(const QString &type, const QString &text,
                                         const QString &codeLine) const
{
    OpError e;
    // LibTorch's errors reach Python as RuntimeError (and its subclasses, such as
    // torch.cuda.OutOfMemoryError); anything else is Python's own.
    const bool torchError = type.endsWith(QLatin1String("Error")) && OpError::classify(text) != OpError::Kind::Other
                            && (type == QLatin1String("RuntimeError") || type == QLatin1String("OutOfMemoryError")
                                || type == QLatin1String("NotImplementedError"));
    e.kind = torchError ? OpError::classify(text) : OpError::Kind::Other;
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
        const int id = w.d->idOf(it.next().captured(0));
        if (id >= 0 && !e.cards.contains(id))
            e.cards << id;
    }
    return e;
}

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
        } catch (const std::exception &) {
        }
    }
    e.info.kind = kind;
    e.info.device = device;
    e.info.numel = numel;
    e.info.bytes = e.info.storageBytes = bytes;
    e.info.shape.clear();
    if (kind == QLatin1String("model"))
        e.info.summary = tr("%1(%2) · %n parameter(s) · made in the console · moves in place",
                            nullptr, int(numel)).arg(cls, layers);
    else if (kind == QLatin1String("optimizer"))
        e.info.summary = tr("%1 over %n parameter tensor(s) · needs no .to(): it follows them",
                            nullptr, tensors).arg(cls);
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
    } catch (const std::exception &) {
    }
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

PythonConsole::PythonConsole(Workspace &workspace, Options options)
    : d(std::make_unique<Private>(workspace, options))
{
}
PythonConsole::PythonConsole(Workspace &workspace) : PythonConsole(workspace, Options{}) {}
PythonConsole::~PythonConsole() = default;

bool PythonConsole::builtIn() { return true; }
bool PythonConsole::start() { return d->start(); }
bool PythonConsole::available() const { return d->ok; }
QString PythonConsole::status() const
{
    return d->tried ? d->status : tr("Python starts with the first line you run.");
}

void PythonConsole::syncFromWorkspace()
{
    if (!d->ok)
        return;
    py::gil_scoped_acquire gil;
    try {
        d->refreshChangedTensors();
        d->bindCards();
    } catch (const std::exception &) {
        // a name Python cannot take: the namespace keeps its older binding
    }
}

QStringList PythonConsole::complete(const QString &prefix)
{
    QStringList out;
    if (!start())
        return out;
    py::gil_scoped_acquire gil;
    try {
        for (const py::handle &h : py::list(d->helpers.attr("complete")(d->ns, prefix.toStdString())))
            out << str(h);
    } catch (const std::exception &) {
    }
    return out;
}

ConsoleReply PythonConsole::run(const QString &code)
{
    ConsoleReply reply;
    reply.input = code;
    if (!start()) {
        reply.output = d->status + QLatin1Char('\n');
        return reply;
    }
    reply.ran = true;
    Workspace::Private &wp = *d->w.d;
    py::gil_scoped_acquire gil;
    py::object parsed;
    try {
        d->bindCards(); // anything the workspace did since the last statement
        parsed = d->helpers.attr("parse")(code.toStdString());
    } catch (const std::exception &e) {
        reply.exceptionType = QStringLiteral("RuntimeError");
        reply.exceptionText = QString::fromUtf8(e.what());
        reply.output = reply.exceptionText + QLatin1Char('\n');
        reply.error = OpError::invalid(reply.exceptionText, code);
        return reply;
    }
    if (py::isinstance<py::tuple>(parsed)) {
        py::tuple err = parsed;
        reply.exceptionType = str(err[0]);
        reply.exceptionText = str(err[1]);
        reply.output = str(err[2]);
        reply.errorLine = err[3].cast<int>();
        reply.error = OpError::invalid(reply.exceptionText, code);
        return reply;
    }
    for (const py::handle &item : py::list(parsed)) {
        py::tuple stmt = py::reinterpret_borrow<py::tuple>(item);
        const QString text = str(stmt[1]);
        d->w.beginAction();
        const quint64 generation = ++g_generation;
        g_runningThread = PyThread_get_thread_ident();
        g_running = generation;
        py::object executed;
        try {
            executed = d->helpers.attr("execute")(stmt[0], d->ns);
        } catch (const py::error_already_set &) {
            // A Ctrl+C that landed in the bootstrap's own lines rather than the user's.
        }
        g_running = 0;
        // An interrupt that arrived as the statement ended must not hit the next Python call.
        PyThreadState_SetAsyncExc(g_runningThread.load(), nullptr);
        CodeLine line{text, {}, {}, false};
        Private::Change change;
        try {
            if (!executed) {
                d->helpers.attr("reset")();
                executed = py::make_tuple(py::make_tuple("KeyboardInterrupt", "", "KeyboardInterrupt\n", 0),
                                          py::list());
            }
            py::tuple result = executed;
            for (const py::handle &chunk : py::list(d->helpers.attr("take_output")()))
                reply.output += d->formatValue(chunk);
            change = d->adoptNames();
            if (!result[0].is_none()) {
                py::tuple e = result[0];
                reply.exceptionType = str(e[0]);
                reply.exceptionText = str(e[1]);
                reply.output += str(e[2]);
                reply.errorLine = e[3].cast<int>();
                reply.interrupted = reply.exceptionType == QLatin1String("KeyboardInterrupt");
                line.errorType = reply.exceptionType;
                line.error = reply.interrupted ? tr("interrupted (Ctrl+C)") : reply.exceptionText;
                // An interrupted line would not end in the exported script either: a comment there.
                line.refused = reply.interrupted;
                reply.error = d->classify(reply.exceptionType, reply.exceptionText, text);
            }
            for (const py::handle &m : py::list(result[1]))
                reply.moves << d->report(py::reinterpret_borrow<py::dict>(m), text);
        } catch (const std::exception &e) {
            // What the statement left could not be read back (an object that raises when
            // asked): the statement stands as an error, the kitchen as it is.
            reply.exceptionType = QStringLiteral("RuntimeError");
            reply.exceptionText = QString::fromUtf8(e.what());
            reply.output += tr("The console could not read what this line left: %1\n").arg(reply.exceptionText);
            line.errorType = reply.exceptionType;
            line.error = reply.exceptionText;
            reply.error = OpError::invalid(reply.exceptionText, text);
            change.cards = true; // whatever it adopted stays undoable
        }
        wp.log.append(line);
        // Like every action: an undo step when it changed the cards (print(x) does not). Values
        // changed in place alone are not one: the history shares tensors, it does not copy
        // them before every line, so undo could not bring the old values back.
        if (d->w.endAction(change.cards))
            reply.steps << text;
        else if (change.inPlace && !reply.raised() && !std::exchange(d->inPlaceNoted, true))
            reply.output += tr("# values changed in place: not an undo step (undo keeps tensors, "
                               "not copies of their values)\n");
        if (reply.raised())
            break;
    }
    return reply;
}

bool PythonConsole::interrupt()
{
    const quint64 generation = g_running.load();
    if (generation == 0)
        return false;
    // PyThreadState_SetAsyncExc needs the GIL, which the running statement holds: a helper
    // thread waits for it (Python hands it over within its 5 ms switch interval), so the caller
    // (the GUI) never does. Py_AddPendingCall would need no GIL, but CPython 3.11 only notices
    // a pending call that Python's main thread queued itself. The exception is raised only
    // while the user's code runs (a "<console>" frame on the stack), never into the console's
    // own bookkeeping around it; the helper looks again for up to two seconds.
    const unsigned long target = g_runningThread.load();
    std::thread([target, generation] {
        for (int attempt = 0; attempt < 100 && g_running.load() == generation; ++attempt) {
            bool raised = false;
            {
                const PyGILState_STATE s = PyGILState_Ensure();
                if (g_running.load() == generation) { // it cannot end while we hold the GIL
                    PyObject *frames = _PyThread_CurrentFrames();
                    PyObject *frame = frames ? PyDict_GetItem(frames, py::int_(target).ptr()) : nullptr;
                    PyFrameObject *f = reinterpret_cast<PyFrameObject *>(frame);
                    while (f && !raised) {
                        PyCodeObject *code = PyFrame_GetCode(f);
                        raised = PyUnicode_CompareWithASCIIString(code->co_filename, "<console>") == 0;
                        Py_DECREF(code);
                        PyFrameObject *back = PyFrame_GetBack(f);
                        if (f != reinterpret_cast<PyFrameObject *>(frame))
                            Py_DECREF(f);
                        f = back;
                    }
                    if (f && f != reinterpret_cast<PyFrameObject *>(frame))
                        Py_DECREF(f);
                    Py_XDECREF(frames);
                    if (raised)
                        PyThreadState_SetAsyncExc(target, PyExc_KeyboardInterrupt);
                }
                PyGILState_Release(s);
            }
            if (raised)
                return;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }).detach();
    return true;
}

} // namespace tk
