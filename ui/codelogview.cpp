#include "codelogview.h"

#include "pythonhighlighter.h"

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
}

void CodeLogView::appendLine(const CodeLine &line) { appendPlainText(line.display()); }

} // namespace tk
