#include "ui/kitchen/codelogview.h"

#include "ui/console/pythonhighlighter.h"

#include <QTextBlock>
#include <QTextCursor>

namespace tk {

CodeLogView::CodeLogView(QWidget *parent) : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("codeLog"));
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    new PythonHighlighter(document());
    appendPlainText(QStringLiteral("import torch\n"
                                   "device = \"cuda\" if torch.cuda.is_available() else \"cpu\""));
    m_headerBlocks = document()->blockCount();
}

void CodeLogView::appendLine(const CodeLine &line) { append(line.display()); }

void CodeLogView::append(const QString &text)
{
    m_shown << text;
    appendPlainText(text);
    // Counted, not computed from the text: \r and U+2029 start blocks too.
    m_blocksAfter << document()->blockCount();
}

void CodeLogView::setLines(const QList<CodeLine> &lines)
{
    QStringList wanted;
    wanted.reserve(lines.size());
    for (const CodeLine &l : lines)
        wanted << l.display();
    qsizetype same = 0;
    while (same < wanted.size() && same < m_shown.size() && wanted.at(same) == m_shown.at(same))
        ++same;
    if (same < m_shown.size()) {
        const int keepBlocks = same > 0 ? m_blocksAfter.at(same - 1) : m_headerBlocks;
        QTextCursor c(document()->findBlockByNumber(keepBlocks - 1));
        c.movePosition(QTextCursor::EndOfBlock);
        c.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
        c.removeSelectedText();
        m_shown.resize(same);
        m_blocksAfter.resize(same);
    }
    for (qsizetype i = same; i < wanted.size(); ++i)
        append(wanted.at(i));
}

} // namespace tk
