#pragma once

#include <QDialog>
#include <future>

class QPlainTextEdit;
class QPushButton;

namespace tk {

class WindowMenus;

// The usual PyTorch device check (DeviceReport), in one place, copyable as text. The report
// asks LibTorch, so it is written on a thread of its own and shown when ready.
class DeviceDetailsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DeviceDetailsDialog(QWidget *parent = nullptr);
    // Help → Device check…, which opens one over the window.
    static void addAction(WindowMenus &menus);
    QString text() const { return m_report.get(); } // waits for the report

private:
    std::shared_future<QString> m_report;
    QPlainTextEdit *m_view = nullptr;
    QPushButton *m_copy = nullptr;
};

} // namespace tk
