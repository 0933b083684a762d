#pragma once

#include <QCoreApplication>
#include <QList>
#include <algorithm>
#include <QMetaType>
#include <QString>

namespace tk {

// One action as the PyTorch line that does the same.
struct CodeLine
{
    QString code; // `z = x + y`
    QString errorType; // Python exception name when it raised, e.g. "RuntimeError"
    QString error; // LibTorch's message
    bool refused = false; // we refused it before running (memory): a comment in the script
    // Why the line is not runnable as it is (a load that would run a file's code): a comment.
    QString inert;
    // Read from a session file: text anyone could have written there, never run as it is.
    bool fromSession = false;

    bool failed() const { return !errorType.isEmpty() || refused; }
    QString display() const; // `z = x + y  # RuntimeError: Expected all tensors …`
};

// The session as a Python script that runs to the end under real PyTorch.
class CodeLog
{
    Q_DECLARE_TR_FUNCTIONS(CodeLog)

public:
    void append(const CodeLine &line) { m_lines.append(line); }
    const QList<CodeLine> &lines() const { return m_lines; }
    void clear() { m_lines.clear(); }
    void truncate(qsizetype size) { m_lines.resize(std::min(size, m_lines.size())); }
    void markFromSession()
    {
        for (CodeLine &line : m_lines)
            line.fromSession = true;
    }
    QString toScript() const;

private:
    QList<CodeLine> m_lines;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::CodeLine)
