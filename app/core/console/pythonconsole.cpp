// The console's public face and one input's run: each statement in turn, the cards brought up
// to date after it, one undo step when it changed them.
#include "core/console/private/pythonconsoleprivate.h"

namespace tk {

PythonConsole::PythonConsole(Workspace &workspace, Options options) : d(std::make_unique<Private>(workspace, options))
{ }
PythonConsole::PythonConsole(Workspace &workspace) : PythonConsole(workspace, Options{}) { }
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
    } catch (const std::exception &) { }
    return out;
}

Outcome PythonConsole::run(const QString &code, Mode mode, const QString &file)
{
    const bool script = mode == Mode::Script;
    Outcome outcome;
    ConsoleReply &reply = outcome.console;
    reply.input = code;
    if (!start()) {
        reply.output = d->status + QLatin1Char('\n');
        return outcome;
    }
    reply.ran = true;
    py::gil_scoped_acquire gil;
    py::object parsed;
    try {
        d->bindCards(); // anything the workspace did since the last statement
        // A script's `if __name__ == "__main__":` runs, as under python3.
        d->ns[py::str("__name__")] = py::str(script ? "__main__" : "__console__");
        const bool named = script && !file.isEmpty();
        if (named)
            d->ns[py::str("__file__")] = py::str(file.toStdString());
        parsed = d->helpers.attr("parse")(code.toStdString(), !script,
                                          named ? py::object(py::str(file.toStdString())) : py::object(py::none()));
    } catch (const std::exception &e) {
        reply.exceptionType = QStringLiteral("RuntimeError");
        reply.exceptionText = QString::fromUtf8(e.what());
        reply.output = reply.exceptionText + QLatin1Char('\n');
        reply.error = OpError::invalid(reply.exceptionText, code);
        return outcome;
    }
    if (py::isinstance<py::tuple>(parsed)) {
        py::tuple err = parsed;
        reply.exceptionType = str(err[0]);
        reply.exceptionText = str(err[1]);
        reply.traceback = str(err[2]);
        if (!script)
            reply.output = reply.traceback;
        reply.errorLine = err[3].cast<int>();
        reply.error = OpError::invalid(reply.exceptionText, code);
        return outcome;
    }
    for (const py::handle &item : py::list(parsed)) {
        py::tuple stmt = py::reinterpret_borrow<py::tuple>(item);
        const QString text = str(stmt[1]);
        d->statement = text;
        d->refusal.reset();
        d->w.beginAction();
        const quint64 generation = ++consolerun::generation;
        consolerun::thread = PyThread_get_thread_ident();
        consolerun::running = generation;
        py::object executed;
        try {
            executed = d->helpers.attr("execute")(stmt[0], d->ns, stmt[1]);
        } catch (const py::error_already_set &) {
            // A Ctrl+C that landed in tensorkitchen._console's own lines rather than the user's.
        }
        consolerun::running = 0;
        // An interrupt that arrived as the statement ended must not hit the next Python call.
        PyThreadState_SetAsyncExc(consolerun::thread.load(), nullptr);
        CodeLine line{text, {}, {}, false, {}, false};
        Private::Change change;
        try {
            if (!executed) {
                d->helpers.attr("reset")();
                executed = py::make_tuple(py::make_tuple("KeyboardInterrupt", "", "KeyboardInterrupt\n", 0), py::list(),
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
                reply.traceback = str(e[2]);
                if (!script)
                    reply.output += reply.traceback;
                reply.errorLine = e[3].cast<int>();
                reply.interrupted = reply.exceptionType == QLatin1String("KeyboardInterrupt");
                line.errorType = reply.exceptionType;
                line.error = reply.interrupted ? tr("interrupted (Ctrl+C)") : reply.exceptionText;
                // An interrupted line would not end in the exported script either: a comment there.
                line.refused = reply.interrupted;
                reply.error = d->classify(reply.exceptionType, reply.exceptionText, text);
                reply.error.details = reply.traceback; // the original text, under Details
            }
            for (const py::handle &m : py::list(result[1]))
                outcome.moves << d->report(py::reinterpret_borrow<py::dict>(m), text);
            for (const py::handle &m : py::list(result[2]))
                outcome.notices << Private::mixNotice(py::reinterpret_borrow<py::tuple>(m));
        } catch (const std::exception &e) {
            // What the statement left could not be read back (an object that raises when
            // asked): the statement stands as an error, the kitchen as it is.
            reply.exceptionType = QStringLiteral("RuntimeError");
            reply.exceptionText = QString::fromUtf8(e.what());
            outcome.notices << tr("The console could not read what this line left: %1").arg(reply.exceptionText);
            line.errorType = reply.exceptionType;
            line.error = reply.exceptionText;
            reply.error = OpError::invalid(reply.exceptionText, text);
            change.cards = true; // whatever it adopted stays undoable
        }
        d->w.logCode(line);
        // Like every action: an undo step when it changed the cards (print(x) does not). Values
        // changed in place alone are not one: the history shares tensors, it does not copy
        // them before every line, so undo could not bring the old values back.
        if (d->w.endAction(change.cards))
            reply.steps << text;
        else if (change.inPlace && !reply.raised() && !std::exchange(d->inPlaceNoted, true))
            outcome.notices << tr("Values changed in place: not an undo step (undo keeps tensors, "
                                  "not copies of their values).");
        if (reply.raised())
            break;
    }
    return outcome;
}

} // namespace tk
