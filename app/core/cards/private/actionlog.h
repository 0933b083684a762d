#pragma once
// Core-internal: how a workspace action answers, and what it leaves in the code log: its Python
// line when it succeeds; a refusal, or LibTorch's error, against that line when it fails.

#include "core/kitchen/codelog.h"
#include "core/kitchen/outcome.h"

#include <QStringList>
#include <exception>

namespace tk {

class ActionLog
{
public:
    explicit ActionLog(CodeLog &log) : m_log(log) { }

    void ok(const QString &code) { m_log.append(CodeLine{code, {}, {}, false, {}, false}); }
    // A line that did what the kitchen did but must not run as it is (`why`): a comment.
    void inert(const QString &code, const QString &why) { m_log.append(CodeLine{code, {}, {}, false, why, false}); }
    // Where the log is now, and back to there: an action that fails part-way leaves no line.
    qsizetype mark() const { return m_log.lines().size(); }
    void undoTo(qsizetype mark) { m_log.truncate(mark); }
    // An error answer; logged against its Python line (when it has one) unless `logIt` is false:
    // a name or shape the user mistyped is no line of Python.
    Outcome fail(const OpError &error, bool logIt = true);
    // LibTorch's exception as an error answer, logged against `code`.
    Outcome failTorch(std::exception_ptr ex, const QStringList &devices, const QString &code);
    // Python raised `pythonType` running `code` (a console-made object's own .to()).
    void failedInPython(const QString &code, const QString &pythonType, const OpError &error)
    {
        m_log.append(CodeLine{code, pythonType, error.message, false, {}, false});
    }

private:
    CodeLog &m_log;
};

} // namespace tk
