#include "console/pythonconsole.h"

namespace tk {

// Built without the console (see cmake/PythonConsole.cmake): it says why and runs nothing.
struct PythonConsole::Private
{
};

PythonConsole::PythonConsole(Workspace &, Options) {}
PythonConsole::PythonConsole(Workspace &workspace) : PythonConsole(workspace, Options{}) {}
PythonConsole::~PythonConsole() = default;

bool PythonConsole::builtIn() { return false; }
bool PythonConsole::start() { return false; }
bool PythonConsole::available() const { return false; }
QString PythonConsole::status() const
{
    return tr("This build has no PyTorch console: %1.").arg(QStringLiteral(TK_CONSOLE_OFF_REASON));
}

Outcome PythonConsole::run(const QString &code, Mode)
{
    Outcome o;
    o.console.input = code;
    o.console.output = status() + QLatin1Char('\n');
    return o;
}

void PythonConsole::syncFromWorkspace() {}
QStringList PythonConsole::complete(const QString &) { return {}; }
bool PythonConsole::interrupt() { return false; }

} // namespace tk
