// The console's interpreter: started once on the workspace's thread, checked to wrap this app's
// own LibTorch before torch is imported, interrupted from any thread.
#include "core/console/private/pythonconsoleprivate.h"

#include "core/devices/deviceregistry.h"
#include "core/devices/torchthread.h"
#include "core/kitchen/private/movepath.h"
#include "core/watch/watcherpackage.h"

#include <QFile>
#include <QFileInfo>
#include <chrono>
#include <dlfcn.h>
#include <thread>
#include <torch/version.h>

namespace tk {

namespace {

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

// The tensorkitchen package beside the app (or the source tree's): its folder, empty when its
// __init__.py is not there.
QString packageFolder()
{
    const QString dir = WatcherPackage::dir();
    const QString pkg = dir + QStringLiteral("/tensorkitchen");
    return !dir.isEmpty() && QFileInfo::exists(pkg + QStringLiteral("/__init__.py")) ? pkg : QString();
}

// Imports that package by its folder, not by sys.path: the console's `import` statements see
// the user's paths only, and no other installed tensorkitchen is picked up instead.
py::module_ importPackage(const QString &folder)
{
    py::module_ util = py::module_::import("importlib.util");
    py::object modules = py::module_::import("sys").attr("modules");
    py::object spec = util.attr("spec_from_file_location")(
        "tensorkitchen", (folder + QStringLiteral("/__init__.py")).toStdString(),
        py::arg("submodule_search_locations") = py::make_tuple(folder.toStdString()));
    py::object module = util.attr("module_from_spec")(spec);
    modules["tensorkitchen"] = module;
    try {
        spec.attr("loader").attr("exec_module")(module);
        return py::module_::import("tensorkitchen._console");
    } catch (...) {
        // No half-made package stays behind for a later `import tensorkitchen` to find.
        for (const char *name : {"tensorkitchen._console", "tensorkitchen"})
            modules.attr("pop")(name, py::none());
        throw;
    }
}

} // namespace

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
                                "than load a second LibTorch.")
                                 .arg(theirs, mine);
                } else {
                    py::module_ torch = py::module_::import("torch");
                    const QString version = str(torch.attr("__version__"));
                    if (!version.startsWith(QStringLiteral(TORCH_VERSION))) {
                        status = tr("Python's torch %1 is not the LibTorch %2 this app links.")
                                     .arg(version, QStringLiteral(TORCH_VERSION));
                    } else if (const QString folder = packageFolder(); folder.isEmpty()) {
                        status = tr("The console's Python half (the tensorkitchen package) cannot "
                                    "be found: it is not installed with this app.");
                    } else {
                        // The package's own files: the console's half (tensorkitchen._console)
                        // and the move hooks it shares with the watcher.
                        try {
                            helpers = importPackage(folder);
                            installMovePath(helpers.attr("__dict__").cast<py::dict>());
                            ns = helpers.attr("make_namespace")();
                            ok = true;
                            status = tr("Python %1 · torch %2 · the app's own LibTorch")
                                         .arg(str(sys.attr("version")).section(QLatin1Char(' '), 0, 0), version);
                        } catch (const std::exception &e) {
                            helpers = py::object();
                            status = tr("The console's Python half (the tensorkitchen package in %1) "
                                        "could not be imported: %2")
                                         .arg(folder, QString::fromUtf8(e.what()));
                        }
                    }
                }
            }
        } catch (const std::exception &e) {
            status = tr("Python could not import torch: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    if (ok) {
        w.cardTable().objects = this;
        py::gil_scoped_acquire gil;
        bindCards();
    }
    if (initialise)
        PyEval_SaveThread(); // Python keeps this thread; the GIL is taken per statement
    return ok;
}

// What a tensor card looked like at the last sync: a change of any part is news for the card

// Every .to() a console line makes runs here (tensorkitchen._console's `_tk_move`): the path of every
// kitchen move, so the memory check and the timing are the drag's own.
void PythonConsole::Private::installMovePath(py::dict scope)
{
    scope["_tk_move"] = py::cpp_function([this](const py::function &call, const std::string &from,
                                                const std::string &to, qint64 bytes, const std::string &name) {
        const QString target = QString::fromStdString(to);
        MoveReport r = MoveReport::of(MoveOrigin::Console, QString::fromStdString(name), QString::fromStdString(from),
                                      target, DeviceRegistry::resolve(target), bytes);
        r.kitchen.codeLine = statement;
        if (auto e = MovePath::refuse(w.memoryGuard(), r, tr("a copy of %1").arg(QString::fromStdString(name)))) {
            refusal = e;
            throw std::runtime_error(e->message.toStdString()); // a RuntimeError in the user's line
        }
        return MovePath::timed(r.fromDevice, r.toDevice, [&] { call(); });
    });
}

bool PythonConsole::interrupt()
{
    const quint64 generation = consolerun::running.load();
    if (generation == 0)
        return false;
    // PyThreadState_SetAsyncExc needs the GIL, which the running statement holds: a helper
    // thread waits for it (Python hands it over within its 5 ms switch interval), so the caller
    // (the GUI) never does. Py_AddPendingCall would need no GIL, but CPython 3.11 only notices
    // a pending call that Python's main thread queued itself. The exception is raised only
    // while the user's code runs (a "<console>" frame on the stack), never into the console's
    // own bookkeeping around it; the helper looks again for up to two seconds.
    const unsigned long target = consolerun::thread.load();
    std::thread([target, generation] {
        for (int attempt = 0; attempt < 100 && consolerun::running.load() == generation; ++attempt) {
            bool raised = false;
            {
                const PyGILState_STATE s = PyGILState_Ensure();
                if (consolerun::running.load() == generation) { // it cannot end while we hold the GIL
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
