#include "core/console/pythonconsole.h"

namespace tk {

// Built without the console (see cmake/PythonConsole.cmake): it says why and runs nothing.
struct PythonConsole::Private
{
};

PythonConsole::PythonConsole(Workspace &, Options) { }
PythonConsole::PythonConsole(Workspace &workspace) : PythonConsole(workspace, Options{}) { }
PythonConsole::~PythonConsole() = default;

bool PythonConsole::builtIn() { return false; }
bool PythonConsole::start() { return false; }
bool PythonConsole::available() const { return false; }
QString PythonConsole::status() const
{
    // CMake says which case it found (cmake/PythonConsole.cmake) and its details; the words
    // are ours, so they can be translated.
    const QString kind = QStringLiteral(TK_CONSOLE_OFF_KIND);
    const QString a1 = QStringLiteral(TK_CONSOLE_OFF_ARG1), a2 = QStringLiteral(TK_CONSOLE_OFF_ARG2),
                  a3 = QStringLiteral(TK_CONSOLE_OFF_ARG3);
    if (kind == QLatin1String("no-dev"))
        return tr("This build has no PyTorch console: there are no Python development files for %1 "
                  "(python3-dev).")
            .arg(a1);
    if (kind == QLatin1String("no-torch"))
        return tr("This build has no PyTorch console: %1 has no torch package (%2).").arg(a1, a2);
    if (kind == QLatin1String("no-pybind11"))
        return tr("This build has no PyTorch console: there are no pybind11 headers (pybind11-dev).");
    if (kind == QLatin1String("no-bindings"))
        return tr("This build has no PyTorch console: this LibTorch has no Python bindings "
                  "(libtorch_python).");
    if (kind == QLatin1String("other-torch"))
        return tr("This build has no PyTorch console: Python's torch %1 (%2) is not the LibTorch %3 "
                  "this app links.")
            .arg(a1, a2, a3);
    if (kind == QLatin1String("switched-off"))
        return tr("This build has no PyTorch console: it was switched off (TK_PYTHON_CONSOLE=OFF).");
    return tr("This build has no PyTorch console.");
}

Outcome PythonConsole::run(const QString &code, Mode, const QString &)
{
    Outcome o;
    o.console.input = code;
    o.console.output = status() + QLatin1Char('\n');
    return o;
}

void PythonConsole::syncFromWorkspace() { }
QStringList PythonConsole::complete(const QString &) { return {}; }
bool PythonConsole::interrupt() { return false; }

} // namespace tk
