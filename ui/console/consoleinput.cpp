#include "ui/console/consoleinput.h"

#include "ui/console/pythonhighlighter.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStringListModel>
#include <QTextBlock>

namespace tk {

namespace {

constexpr int kMaxLines = 8; // taller input scrolls

QString leadingSpace(const QString &line)
{
    qsizetype n = 0;
    while (n < line.size() && (line.at(n) == QLatin1Char(' ') || line.at(n) == QLatin1Char('\t')))
        ++n;
    return line.left(n);
}

} // namespace

ConsoleInput::ConsoleInput(QWidget *parent) : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("consoleInput"));
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabChangesFocus(false);
    setPlaceholderText(tr("Python: Enter runs · Shift+Enter adds a line · Tab completes · ↑↓ history"));
    new PythonHighlighter(document());

    m_completions = new QStringListModel(this);
    m_completer = new QCompleter(m_completions, this);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseSensitive);
    m_completer->popup()->setObjectName(QStringLiteral("consoleCompletions"));
    m_completer->popup()->setFont(font());
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, &ConsoleInput::insertCompletion);

    connect(document(), &QTextDocument::blockCountChanged, this, &ConsoleInput::fitHeight);
    fitHeight();
}

void ConsoleInput::accept()
{
    m_history.add(toPlainText());
    clear();
}

QString ConsoleInput::nameBeforeCursor() const
{
    const QTextCursor c = textCursor();
    const QString before = c.block().text().left(c.positionInBlock());
    static const QRegularExpression name(QStringLiteral("[A-Za-z_][A-Za-z0-9_.]*$"));
    const auto m = name.match(before);
    return m.hasMatch() ? m.captured(0) : QString();
}

void ConsoleInput::offerCompletions(const QString &prefix, const QStringList &completions)
{
    if (prefix.isEmpty() || nameBeforeCursor() != prefix || completions.isEmpty())
        return;
    QStringList list = completions;
    list.removeDuplicates();
    if (list.size() == 1) {
        insertCompletion(list.first());
        return;
    }
    // What all of them share goes in at once, as in a shell; the rest is picked from the popup.
    QString common = list.first();
    for (const QString &c : std::as_const(list))
        while (!c.startsWith(common))
            common.chop(1);
    if (common.size() > prefix.size())
        insertCompletion(common);
    m_completions->setStringList(list);
    m_completer->setCompletionPrefix(nameBeforeCursor());
    m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    QRect at = cursorRect();
    at.setWidth(m_completer->popup()->sizeHintForColumn(0)
                + m_completer->popup()->verticalScrollBar()->sizeHint().width());
    m_completer->complete(at);
}

void ConsoleInput::insertCompletion(const QString &completion)
{
    QTextCursor c = textCursor();
    c.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, int(nameBeforeCursor().size()));
    c.insertText(completion);
    setTextCursor(c);
}

bool ConsoleInput::wantsMoreLines(const QString &code)
{
    // Brackets still open or a triple-quoted string still running: Python would wait too.
    // Strings and comments are skipped, so `print(")")` does not count.
    int depth = 0;
    QChar quote;
    bool triple = false;
    QString stripped; // the code without its comments
    for (qsizetype i = 0; i < code.size(); ++i) {
        const QChar c = code.at(i);
        if (!quote.isNull()) {
            stripped += c;
            if (c == QLatin1Char('\\') && i + 1 < code.size()) {
                stripped += code.at(++i);
            } else if (c == quote) {
                if (!triple) {
                    quote = QChar();
                } else if (code.mid(i, 3) == QString(3, quote)) {
                    stripped += code.mid(i + 1, 2);
                    i += 2;
                    quote = QChar();
                }
            } else if (c == QLatin1Char('\n') && !triple) {
                quote = QChar(); // unterminated: Python will say so
            }
            continue;
        }
        if (c == QLatin1Char('#')) {
            while (i + 1 < code.size() && code.at(i + 1) != QLatin1Char('\n'))
                ++i;
            continue;
        }
        stripped += c;
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            triple = code.mid(i, 3) == QString(3, c);
            if (triple) {
                stripped += code.mid(i + 1, 2);
                i += 2;
            }
        } else if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
            ++depth;
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
            depth = std::max(0, depth - 1);
        }
    }
    if (depth > 0 || (!quote.isNull() && triple))
        return true;
    const QStringList lines = stripped.split(QLatin1Char('\n'));
    const QString last = lines.last().trimmed();
    if (last.endsWith(QLatin1Char(':')) || last.endsWith(QLatin1Char('\\')))
        return true;
    // Inside a block (`for …:` above) only an empty line ends it, as at Python's prompt.
    if (lines.size() > 1 && !last.isEmpty())
        for (qsizetype i = 0; i + 1 < lines.size(); ++i)
            if (lines.at(i).trimmed().endsWith(QLatin1Char(':')))
                return true;
    return false;
}

void ConsoleInput::keyPressEvent(QKeyEvent *event)
{
    const bool popup = m_completer->popup()->isVisible();
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const int key = event->key();
    if (popup
        && (key == Qt::Key_Enter || key == Qt::Key_Return || key == Qt::Key_Escape || key == Qt::Key_Tab
            || key == Qt::Key_Backtab)) {
        event->ignore(); // the completer takes them: pick or close
        return;
    }
    if (key == Qt::Key_Return || key == Qt::Key_Enter) {
        const QString code = toPlainText();
        const bool atEnd = textCursor().atEnd();
        if (mods & Qt::ShiftModifier || (!(mods & Qt::ControlModifier) && atEnd && wantsMoreLines(code))) {
            const QString line = textCursor().block().text().left(textCursor().positionInBlock());
            QString indent = leadingSpace(line);
            if (line.trimmed().endsWith(QLatin1Char(':')))
                indent += QStringLiteral("    ");
            insertPlainText(QLatin1Char('\n') + indent);
        } else {
            Q_EMIT submitted(code);
        }
        return;
    }
    if (key == Qt::Key_C && mods == Qt::ControlModifier) {
        if (textCursor().hasSelection())
            copy();
        else
            Q_EMIT interruptRequested();
        return;
    }
    if (key == Qt::Key_Tab && mods == Qt::NoModifier) {
        const QString prefix = nameBeforeCursor();
        if (prefix.isEmpty())
            insertPlainText(QStringLiteral("    ")); // indentation, where there is no name
        else
            Q_EMIT completionRequested(prefix);
        return;
    }
    if (!popup && mods == Qt::NoModifier) {
        if (key == Qt::Key_Up && textCursor().blockNumber() == 0) {
            if (const auto entry = m_history.older(toPlainText()))
                showHistoryEntry(*entry);
            return;
        }
        if (key == Qt::Key_Down && textCursor().blockNumber() == document()->blockCount() - 1) {
            if (const auto entry = m_history.newer())
                showHistoryEntry(*entry);
            return;
        }
    }
    QPlainTextEdit::keyPressEvent(event);
    if (popup) {
        // Typing on narrows the offer; leaving the name closes it.
        const QString prefix = nameBeforeCursor();
        m_completer->setCompletionPrefix(prefix);
        if (prefix.isEmpty() || m_completer->completionCount() == 0)
            m_completer->popup()->hide();
    }
}

void ConsoleInput::showHistoryEntry(const QString &text)
{
    setPlainText(text);
    moveCursor(QTextCursor::End);
}

void ConsoleInput::fitHeight()
{
    // Grows with its lines up to kMaxLines, then scrolls.
    const int lines = std::clamp(document()->blockCount(), 2, kMaxLines);
    const int margins = int(2 * document()->documentMargin()) + 2 * frameWidth() + 2;
    setFixedHeight(lines * fontMetrics().lineSpacing() + margins);
}

} // namespace tk
