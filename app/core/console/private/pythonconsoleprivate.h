#pragma once
// Core-internal: the PyTorch console's private half, shared by its files: pythonruntime.cpp
// (the interpreter, its checks, Ctrl+C), consolenamespace.cpp (names and cards, moves and
// errors read back), consoleobjects.cpp (Python objects as cards) and pythonconsole.cpp (a
// statement's run). Python.h (through pybind11) must come before any standard header: include
// this file first.

#include <pybind11/embed.h>
#include <pybind11/stl.h>
#include <torch/csrc/autograd/python_variable.h>

#include "core/console/pythonconsole.h"
#include "core/cards/private/objectcards.h"
#include "core/cards/private/cardtable.h"
#include "core/cards/private/memoryguard.h"
#include "core/kitchen/workspace.h"
#include "core/kitchen/movereport.h"
#include "core/kitchen/operror.h"

#include <QString>
#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace py = pybind11;

namespace tk {

namespace consolerun {
// The statement that is running, for interrupt(): a generation number (0: none) and the
// Python thread it runs on. A late Ctrl+C must not hit the next statement.
inline std::atomic<quint64> running{0};
inline std::atomic<quint64> generation{0};
inline std::atomic<unsigned long> thread{0};
} // namespace consolerun

inline QString str(const py::handle &h) { return QString::fromStdString(py::str(h).cast<std::string>()); }

struct PythonConsole::Private : ObjectCards
{
    Q_DECLARE_TR_FUNCTIONS(PythonConsole)

public:
    Private(Workspace &workspace, Options options) : w(workspace), options(options) { }
    ~Private() override
    {
        if (w.cardTable().objects == this)
            w.cardTable().objects = nullptr;
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
    py::object helpers; // tensorkitchen._console
    py::object ns; // the user's namespace: one dict for every statement
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
        bool cards = false; // a card came, went, or holds another tensor or object
        bool inPlace = false; // only values changed in place
    };
    std::map<int, Look> looks; // each tensor card as the console last saw it
    bool inPlaceNoted = false; // the note on in-place changes and undo is said once
    // The last move MovePath refused for want of memory: classify() tells it as that refusal.
    std::optional<OpError> refusal;
    QString statement; // the statement that is running

    bool start(); // pythonruntime.cpp: the interpreter, its checks, interrupt()
    void installMovePath(py::dict scope);
    // consolenamespace.cpp: the namespace and the cards
    static Look lookOf(const at::Tensor &t);
    static bool shared(const QString &name);
    void bindCards(); // workspace → ns
    Change adoptNames(); // ns → workspace
    bool refreshChangedTensors(); // tensor cards changed outside a statement
    QString formatValue(const py::handle &value) const;
    MoveReport report(const py::dict &m, const QString &codeLine) const;
    // A call that took tensors on two devices and did not raise: (operation, devices, line).
    static QString mixNotice(const py::tuple &mix);
    OpError classify(const QString &type, const QString &text, const QString &codeLine) const;

    // ObjectCards, consoleobjects.cpp: models, optimizers and losses made in Python
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
    static py::object wrap(const at::Tensor &t) { return py::reinterpret_steal<py::object>(THPVariable_Wrap(t)); }
};

} // namespace tk
