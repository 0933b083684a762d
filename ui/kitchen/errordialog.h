#pragma once

#include "core/kitchen/operror.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QToolButton;

namespace tk {

// One family of error dialogs, titled by the kind of error. For LibTorch's errors: its own
// words, the code line, the devices in their pane colours, the kitchen explanation and
// buttons that fix it. For file errors: what is wrong in plain words, the file, and the raw
// text under a Details toggle. Rows with nothing to say are hidden.
class ErrorDialog : public QDialog
{
    Q_OBJECT

public:
    struct Operand
    {
        int id = -1;
        QString name;
        QString device;
        QString kind; // "tensor", "model", …
    };
    ErrorDialog(const OpError &error, const Operand &x, const Operand &y, QWidget *parent = nullptr);
    explicit ErrorDialog(const OpError &error, QWidget *parent = nullptr); // no cards to move

    const OpError &error() const { return m_error; }
    static QString title(OpError::Kind kind);
    static QString title(const OpError &error); // a file error's title says reading or writing
    static QString explanation(OpError::Kind kind);
    // For Kind::NoGpu, the GPU workbench's explanation of the case the error names (a CPU-only
    // build, or a CUDA build that finds no GPU) and the source texts' device idiom.
    static QString explanation(const OpError &error);
    bool detailsShown() const;

    // A line above the buttons from whoever opened the dialog: what a lesson wants instead.
    void addHint(const QString &text);

public Q_SLOTS:
    void setDetailsShown(bool shown);

Q_SIGNALS:
    // Move card `id` to `device`, then run the failed line again.
    void moveAndRetry(int id, const QString &device);
    void emptyCacheRequested();

private:
    static OpError inWords(OpError error); // the kitchen's own words with their particles chosen
    void fitHeight(int width);
    static QString noGpuAdvice();

    OpError m_error;
    QToolButton *m_detailsToggle = nullptr;
    QPlainTextEdit *m_details = nullptr;
    QLabel *m_hint = nullptr;
};

} // namespace tk
