#pragma once

#include <QDockWidget>

class QMainWindow;

namespace tk {

class ConsolePane;
class WindowMenus;

// The PyTorch console as a dock at the window's bottom, beside the code log: hidden until asked
// for (Python starts when it is first shown), and its View entry (Ctrl+`), which gives it the
// room typing wants.
class ConsoleDock : public QDockWidget
{
    Q_OBJECT

public:
    ConsoleDock(ConsolePane *console, QDockWidget *codeLog, QMainWindow *window, WindowMenus &menus);

private:
    void takeTheRoom();

    ConsolePane *m_console = nullptr;
    QDockWidget *m_codeLog = nullptr;
    QMainWindow *m_window = nullptr;
};

} // namespace tk
