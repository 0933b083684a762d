#pragma once

#include "core/kitchen/codelog.h"

#include <QPlainTextEdit>
#include <QStringList>

namespace tk {

// The code log dock's text: every action as the PyTorch line that does the same.
class CodeLogView : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit CodeLogView(QWidget *parent = nullptr);
    void appendLine(const CodeLine &line);
    // After undo, redo or opening a session: shows exactly these lines, rewriting only the
    // tail that differs, so an undo costs the lines it takes back, not the whole log.
    void setLines(const QList<CodeLine> &lines);

private:
    void append(const QString &text);

    int m_headerBlocks = 0;
    QStringList m_shown; // the display text of each line after the header
    QList<int> m_blocksAfter; // the document's block count after each of those lines
};

} // namespace tk
