#pragma once

#include "core/kitchen/outcome.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <memory>

namespace tk {

class Workspace;

// The PyTorch console: an embedded CPython whose `torch` is the LibTorch this app links, so a
// card and a Python variable of the same name are one tensor (one TensorImpl, one storage).
// Lives on the thread that owns the workspace; Python's runtime is initialised on that thread,
// which makes it Python's main thread (signals and pending calls are handled there). Only
// interrupt() may be called from elsewhere.
class PythonConsole
{
    Q_DECLARE_TR_FUNCTIONS(PythonConsole)

public:
    struct Options
    {
        // Python's own SIGINT handler: the bench CLI wants it (Ctrl+C in a terminal); the app
        // does not (QuitSignals owns SIGINT, SIGTERM and SIGHUP).
        bool installSignalHandlers = false;
    };

    PythonConsole(Workspace &workspace, Options options);
    explicit PythonConsole(Workspace &workspace);
    ~PythonConsole();
    PythonConsole(const PythonConsole &) = delete;
    PythonConsole &operator=(const PythonConsole &) = delete;

    // Compiled in at all (CMake found Python's development files and a matching torch).
    static bool builtIn();
    // Starts Python and imports torch once (a second or two); false with the reason when the
    // console cannot run here. Later calls answer at once.
    bool start();
    bool available() const;
    QString status() const; // "Python 3.11.2 · torch 1.13.0 at …", or why it is off

    // How an input runs: typed at the prompt (an expression statement echoes its value, as
    // Python's own prompt does), or a script, as `python3 SCRIPT.py` runs it (no echo,
    // __name__ == "__main__", the traceback apart from the output).
    enum class Mode { Prompt, Script };

    // Runs what the user typed: each top-level statement in turn, under the GIL, stopping at
    // the first exception. After each statement the namespace and the cards agree again and,
    // if it changed the cards, the statement is one undo step. Every statement goes into the
    // code log. Starts Python if needed. The answer's `console` has the output and undo steps,
    // its `moves` every .to() the input made, measured by the kitchen's one MovePath, its
    // `notices` the console's own notes: a call that mixed devices where PyTorch let it
    // through (a GPU would raise), values changed in place.
    // A script's `file` (its path) is what its tracebacks and `__file__` name, as under python3.
    Outcome run(const QString &code, Mode mode = Mode::Prompt, const QString &file = {});
    // After anything else changed the cards (a drag, undo, redo, opening a session): every
    // card is bound again to its name, and names whose card is gone are deleted.
    void syncFromWorkspace();
    // Names and attributes that complete `prefix` (rlcompleter over the namespace).
    QStringList complete(const QString &prefix);

    // Ctrl+C: raises KeyboardInterrupt in the statement that is running, from any thread,
    // without waiting for the GIL. Python raises it at its next bytecode: a single long
    // LibTorch call or a time.sleep() finishes first. Returns false when nothing runs.
    static bool interrupt();

private:
    struct Private;

    std::unique_ptr<Private> d;
};

} // namespace tk
