#pragma once

#include "operror.h"

#include <QDialog>

namespace tk {

// LibTorch's own words, the code line, the devices in their pane colours, the kitchen
// explanation and buttons that fix it. One family for mismatch, shape, dtype and memory.
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

    const OpError &error() const { return m_error; }
    static QString title(OpError::Kind kind);
    static QString explanation(OpError::Kind kind);

Q_SIGNALS:
    // Move card `id` to `device`, then run the failed line again.
    void moveAndRetry(int id, const QString &device);
    void emptyCacheRequested();

private:
    OpError m_error;
};

} // namespace tk
