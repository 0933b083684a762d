#pragma once

#include "core/kitchen/operror.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace tk {

// What one input of the PyTorch console did: its printed output and the statements that
// changed the kitchen (one undo step each). Its moves are the Outcome's, as a drag's are.
struct ConsoleReply
{
    bool ran = false; // false: the console is off (see PythonConsole::status())
    QString input;
    // What the input printed, in order: at the prompt also its expression values and its
    // traceback; for a script (PythonConsole::Mode::Script) only what the script wrote, as
    // `python3 SCRIPT.py` prints it. The console's own notes are the Outcome's notices.
    QString output;
    QString traceback; // the exception as Python prints it, when it raised
    QStringList steps; // the statements that became undo steps, in order
    QString exceptionType; // "RuntimeError", "KeyboardInterrupt", … when it raised
    QString exceptionText; // str(exception)
    int errorLine = 0; // the input's line that raised (1-based), 0 when none
    bool interrupted = false; // stopped by Ctrl+C (KeyboardInterrupt)
    // The exception as the kitchen classifies LibTorch's errors (DeviceMismatch, Shape, …),
    // with the statement as its code line and the cards that statement names.
    OpError error;

    bool raised() const { return !exceptionType.isEmpty(); }
};

} // namespace tk
