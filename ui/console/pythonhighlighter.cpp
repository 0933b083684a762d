#include "ui/console/pythonhighlighter.h"
#include "ui/common/palette.h"

namespace tk {

PythonHighlighter::PythonHighlighter(QTextDocument *parent) : QSyntaxHighlighter(parent)
{
    auto fmt = [](const QColor &c, bool bold = false, bool italic = false) {
        QTextCharFormat f;
        f.setForeground(c);
        if (bold)
            f.setFontWeight(QFont::Bold);
        f.setFontItalic(italic);
        return f;
    };
    m_rules = {
        {QRegularExpression(QStringLiteral("\\b(import|del|try|except|as|if|else|for|in|print)\\b")),
         fmt(Palette::code(), true)},
        {QRegularExpression(QStringLiteral("\\btorch\\b")), fmt(Palette::counter(), true)},
        {QRegularExpression(QStringLiteral("\\b[0-9]+(\\.[0-9]*)?\\b")), fmt(Palette::number())},
        {QRegularExpression(QStringLiteral("\"[^\"]*\"")), fmt(Palette::string())},
        // Comments last, so an error after `#` is one colour.
        {QRegularExpression(QStringLiteral("#.*$")), fmt(Palette::dim(), false, true)},
    };
}

void PythonHighlighter::highlightBlock(const QString &text)
{
    for (const Rule &rule : m_rules) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), rule.format);
        }
    }
    // A line that raised: the error part in red.
    static const QRegularExpression raised(QStringLiteral("#\\s*([A-Za-z.]+Error|refused)"));
    const int err = int(text.indexOf(raised));
    if (err >= 0) {
        QTextCharFormat f;
        f.setForeground(Palette::error());
        setFormat(err, int(text.size()) - err, f);
    }
}

} // namespace tk
