#pragma once

#include "core/kitchen/kitchenrequest.h"
#include "core/kitchen/outcome.h"

#include <QCoreApplication>

namespace tk {

class LoadProgress;
class PythonConsole;
class Workspace;

// The one place a KitchenRequest becomes Workspace calls. Runs on whichever thread owns the
// workspace: the kitchen's worker in the app, the caller in tests and the bench CLI.
class RequestHandler
{
    Q_DECLARE_TR_FUNCTIONS(RequestHandler)

public:
    // How a request relates to the undo history.
    enum class History {
        Record, // an action of its own: one undo step when it changed something
        Replace, // undo, redo, open: moves through or replaces the history; the log is re-sent
        None, // changes no card and writes no code line (saving a session)
        Console, // console input: one undo step per statement, recorded by the console
    };
    static History history(const KitchenRequest &request);
    // `console` runs request::RunPython; without one, Python input is refused. `progress`
    // (may be null) follows a long request (loading a file) and may cancel it.
    static Outcome perform(Workspace &workspace, const KitchenRequest &request, PythonConsole *console = nullptr,
                           LoadProgress *progress = nullptr);
};

} // namespace tk
