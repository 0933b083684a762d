#pragma once

#include <QDialog>

namespace tk {

// The usual PyTorch device check (DeviceReport), in one place, copyable as text.
class DeviceDetailsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DeviceDetailsDialog(QWidget *parent = nullptr);
    QString text() const { return m_text; }

private:
    QString m_text;
};

} // namespace tk
