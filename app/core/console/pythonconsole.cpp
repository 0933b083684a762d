// Python.h (through pybind11) must come before any standard header.
#include <pybind11/embed.h>
#include <pybind11/stl.h>
#include <torch/csrc/autograd/python_variable.h>

#include "pythonconsole.h"

#include "consolebootstrap.h"
#include "tensorsummary.h"
#include "torchthread.h"
#include "torchutil.h"
#include "workspaceprivate.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <atomic>
#include <dlfcn.h>
#include <set>
#include <thread>
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
    std::map<int, int64_t> versions; // a tensor card's version counter at the last sync

    bool start();
    void bindCards();   // workspace → ns
    bool adoptNames();  // ns → workspace; true when a card changed
    QString formatValue(const py::handle &value) const;
    MoveReport report(const py::dict &m, const QString &codeLine) const;
    OpError classify(const QString &type, const QString &text, const QString &codeLine) const;

    // ObjectCards
    void describe(CardEntry &e) override;
    void copyObjects(std::map<int, CardEntry> &entries) override;
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

// Workspace → namespace: each card under its name, as the very same tensor object.
void PythonConsole::Private::bindCards()
{
    py::dict dict = ns;
    std::set<QString> now;
    for (auto &[id, e] : w.d->entries) {
        const QString &name = e.info.name;
        py::str key(name.toStdString());
        py::object value;
        if (e.object)
            value = object(e);
        else if (e.isTensor() && e.tensor.defined())
            value = wrap(e.tensor);
        else
            continue; // a model, optimizer or loss built in C++ (New model): not a Python object
        now.insert(name);
        if (!dict.contains(key) || !py::object(dict[key]).is(value))
            dict[key] = value;
        if (e.isTensor() && !e.object) {
            try {
                versions[id] = e.tensor._version();
            } catch (const std::exception &) {
                versions[id] = 0;
            }
        }
    }
    for (const QString &name : bound) {
        py::str key(name.toStdString());
        if (!now.count(name) && dict.contains(key) && !helpers.attr("_kind")(dict[key]).is_none())
            PyDict_DelItem(dict.ptr(), key.ptr());
    }
    bound = now;
}

// Namespace → workspace, after a statement: new and rebound names become cards, `del x`
// removes x's card, a tensor changed in place (x.add_(1)) is shown again.
bool PythonConsole::Private::adoptNames()
{
    bool changed = false;
    std::set<QString> seen;
    py::list values = helpers.attr("card_values")(ns);
    for (const py::handle &item : values) {
        py::tuple t = py::reinterpret_borrow<py::tuple>(item);
        const QString name = str(t[0]);
        const QString kind = str(t[1]);
        py::object value = py::reinterpret_borrow<py::object>(t[2]);
        seen.insert(name);
        const int id = w.d->idOf(name);
        CardEntry *e = id >= 0 ? w.d->find(id) : nullptr;
        if (kind == QLatin1String("tensor")) {
            const at::Tensor tensor = THPVariable_Unpack(value.ptr());
            int64_t version = 0;
            try {
                version = tensor._version();
            } catch (const std::exception &) {
            }
            if (e && e->isTensor() && !e->object && !e->module
                && e->tensor.unsafeGetTensorImpl() == tensor.unsafeGetTensorImpl()
                && versions[id] == version)
                continue;
            if (e) {
                *e = CardEntry{};
                e->info.id = id;
                e->info.name = name;
                e->tensor = tensor;
                w.d->refreshInfo(*e);
                versions[id] = version;
            } else {
                versions[w.d->add(name, tensor)] = version;
            }
            changed = true;
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
            changed = true;
        }
    }
    // Cards whose name no longer holds one: `del x`, or x = 5. C++-built models stay.
    std::vector<int> gone;
    for (const auto &[id, e] : w.d->entries)
        if ((e.object || (e.isTensor() && !e.module)) && !seen.count(e.info.name))
            gone.push_back(id);
    for (int id : gone) {
        w.d->entries.erase(id);
        versions.erase(id);
        changed = true;
    }
    if (changed)
        w.d->refreshStorageIds();
    bound = seen;
    return changed;
}

QString PythonConsole::Private::formatValue(const py::handle &value) const
{
    if (!THPVariable_Check(value.ptr()))
        return str(value);
    const at::Tensor t = THPVariable_Unpack(value.ptr());
    for (const auto &[id, e] : w.d->entries)
        if (e.isTensor() && e.tensor.defined() && e.tensor.unsafeGetTensorImpl() == t.unsafeGetTensorImpl())
            return QStringLiteral("%1: %2\n").arg(e.info.name, e.info.summary);
    CardInfo info;
    TensorSummary::fill(info, t);
    QString text = info.summary + QLatin1Char('\n');
    // Small values are worth seeing whole, as Python's repr shows them.
    if (!t.is_meta() && t.numel() <= 64)
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
    py::object obj = object(e);
    const QString kind = str(helpers.attr("_kind")(obj));
    py::tuple d = helpers.attr("describe")(obj);
    const QString cls = str(d[0]);
    const QString layers = str(d[1]);
    const qint64 numel = d[2].cast<qint64>();
    const int tensors = d[5].cast<int>();
    py::object first = d[6];
    e.tensor = first.is_none() ? at::Tensor() : THPVariable_Unpack(first.ptr());
    if (e.tensor.defined())
        TensorSummary::fill(e.info, e.tensor); // the heat map shows the first weights
    else {
        e.info.hasStats = false;
        e.info.heat.clear();
        e.info.heatRows = e.info.heatCols = 0;
        e.info.dtype.clear();
    }
    e.info.kind = kind;
    e.info.device = str(d[4]);
    e.info.numel = numel;
    e.info.bytes = e.info.storageBytes = d[3].cast<qint64>();
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

void PythonConsole::Private::copyObjects(std::map<int, CardEntry> &entries)
{
    py::gil_scoped_acquire gil;
    py::list objs;
    std::vector<CardEntry *> holders;
    for (auto &[id, e] : entries)
        if (e.object) {
            objs.append(object(e));
            holders.push_back(&e);
        }
    if (holders.empty())
        return;
    try {
        py::list copies = helpers.attr("copy_all")(objs);
        for (size_t i = 0; i < holders.size(); ++i)
            holders[i]->object = hold(copies[i]);
    } catch (const std::exception &) {
        // Not copyable (an object holding a lock, say): undo gets the object as it is now.
    }
}

bool PythonConsole::Private::move(CardEntry &e, const QString &device, QString *errorType, QString *error)
{
    py::gil_scoped_acquire gil;
    py::object result = helpers.attr("move")(object(e), device.toStdString());
    if (result.is_none())
        return true;
    py::tuple t = result;
    *errorType = str(t[0]);
    *error = str(t[1]);
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
    d->bindCards();
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
    d->bindCards(); // anything the workspace did since the last statement
    py::object parsed = d->helpers.attr("parse")(code.toStdString());
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
        if (!executed)
            executed = py::make_tuple(py::make_tuple("KeyboardInterrupt", "", "KeyboardInterrupt\n", 0), py::list());
        py::tuple result = executed;
        for (const py::handle &chunk : py::list(d->helpers.attr("take_output")()))
            reply.output += d->formatValue(chunk);
        const bool changed = d->adoptNames();

        CodeLine line{text, {}, {}, false};
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
        wp.log.append(line);
        for (const py::handle &m : py::list(result[1]))
            reply.moves << d->report(py::reinterpret_borrow<py::dict>(m), text);
        // Like every action: an undo step when it changed the kitchen (print(x) does not).
        if (d->w.endAction(changed))
            reply.steps << text;
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
    // a pending call that Python's main thread queued itself.
    const unsigned long target = g_runningThread.load();
    std::thread([target, generation] {
        const PyGILState_STATE s = PyGILState_Ensure();
        if (g_running.load() == generation) // still that statement: it cannot end while we hold the GIL
            PyThreadState_SetAsyncExc(target, PyExc_KeyboardInterrupt);
        PyGILState_Release(s);
    }).detach();
    return true;
}

} // namespace tk
