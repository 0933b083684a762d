#pragma once

#include "ui/console/consolehistory.h"

#include <QPlainTextEdit>

class QCompleter;
class QStringListModel;

namespace tk {

// The console's input field: Python, coloured. Enter runs (or, in an unfinished block such as
// `for …:`, starts the next line as Python's own prompt would); Shift+Enter adds a line;
// Ctrl+Enter always runs. Up on the first line and Down on the last walk the history; Tab
// completes the dotted name before the cursor; Ctrl+C copies a selection, else stops the run.
class ConsoleInput : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit ConsoleInput(QWidget *parent = nullptr);

    // The input ran: into the history, and the field is emptied for the next.
    void accept();
    // The answer to completionRequested(prefix): one completion is put in, several are offered
    // in a popup. Ignored when the name before the cursor is no longer `prefix`.
    void offerCompletions(const QString &prefix, const QStringList &completions);
    // The dotted name that ends at the cursor (`torch.ra`), or empty.
    QString nameBeforeCursor() const;
    QCompleter *completer() const { return m_completer; }
    ConsoleHistory &history() { return m_history; }
    // Whether Enter at the end of `code` should open another line rather than run it.
    static bool wantsMoreLines(const QString &code);

Q_SIGNALS:
    void submitted(const QString &code);
    void interruptRequested();
    void completionRequested(const QString &prefix);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void insertCompletion(const QString &completion);
    void showHistoryEntry(const QString &text);
    void fitHeight();

    ConsoleHistory m_history;
    QCompleter *m_completer = nullptr;
    QStringListModel *m_completions = nullptr;
};

} // namespace tk
