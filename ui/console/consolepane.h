#pragma once

#include "core/kitchen/codelog.h"
#include "core/kitchen/outcome.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTextCharFormat;
class QTimer;

namespace tk {

class ConsoleInput;
class KitchenEngine;

// The PyTorch console: Python typed against the same tensors as the cards. Each input is one
// RunPython request whose answer comes back here: its echo, output and traceback are shown here,
// while the window turns its statements into undo steps and flies its moves, as for any answer. Python starts on
// the worker the first time the pane is shown, not with the app (it takes a second or two).
class ConsolePane : public QWidget
{
    Q_OBJECT

public:
    explicit ConsolePane(KitchenEngine *engine, QWidget *parent = nullptr);

    // Runs `code` as if typed: echoed, submitted, answered here. False when it did not run:
    // another input is still running (said in the status line), the console is off, or
    // there is nothing but blanks.
    bool run(const QString &code);
    bool running() const { return m_request != 0; }
    bool available() const { return m_available; } // Python started and answered
    ConsoleInput *input() const { return m_input; }
    QPlainTextEdit *output() const { return m_output; }
    QString status() const;

public Q_SLOTS:
    // Ctrl+C: KeyboardInterrupt in the running input, tried until Python has started it.
    void stop();
    // A line from anything but the console (a drag, a button), dimmed as a comment, so the
    // Python of every action is seen here too. Ignored while an input runs: its own lines
    // arrive then, and the code log shows those.
    void echoKitchenLine(const tk::CodeLine &line);

Q_SIGNALS:
    // An input raised an error the kitchen explains in a dialog (a device mismatch).
    void failed(const tk::OpError &error);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void start();
    void onConsoleReady(bool available, const QString &status);
    void showReply(const Outcome &outcome);
    void setRunning(bool running);
    void setStatus(const QString &text);
    void append(const QString &text, const QTextCharFormat &format);

    KitchenEngine *m_engine = nullptr;
    QPlainTextEdit *m_output = nullptr;
    ConsoleInput *m_input = nullptr;
    QLabel *m_prompt = nullptr;
    QPushButton *m_stop = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_stopRetry = nullptr;
    quint64 m_request = 0; // the input running; 0 when none
    quint64 m_completion = 0; // the completion asked last; older answers are dropped
    QString m_completionPrefix;
    bool m_started = false; // startConsole asked
    bool m_available = false;
    bool m_off = false; // no console here: input disabled, the status says why
    QString m_readyText; // the status when idle: Python's and torch's versions
};

} // namespace tk
