#include "codelogview.h"

#include "pythonhighlighter.h"

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

void CodeLogView::appendLine(const CodeLine &line)
{
    const QString text = line.display();
    m_shown << text;
    appendPlainText(text);
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
        // One line's display may span several blocks, so count blocks rather than lines.
        int keepBlocks = m_headerBlocks;
        for (qsizetype i = 0; i < same; ++i)
            keepBlocks += int(m_shown.at(i).count(QLatin1Char('\n'))) + 1;
        QTextCursor c(document()->findBlockByNumber(keepBlocks - 1));
        c.movePosition(QTextCursor::EndOfBlock);
        c.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
        c.removeSelectedText();
        m_shown.resize(same);
    }
    for (qsizetype i = same; i < wanted.size(); ++i) {
        m_shown << wanted.at(i);
        appendPlainText(wanted.at(i));
    }
}

} // namespace tk
