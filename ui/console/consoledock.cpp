#include "ui/console/consoledock.h"

#include "ui/common/actionbuilder.h"
#include "ui/console/consolepane.h"

#include <QMainWindow>

namespace tk {

ConsoleDock::ConsoleDock(ConsolePane *console, QDockWidget *codeLog, QMainWindow *window, WindowMenus &menus)
    : QDockWidget(tr("PyTorch console"), window), m_console(console), m_codeLog(codeLog), m_window(window)
{
    setObjectName(QStringLiteral("consoleDock")); // saveState() keys docks by name
    setWidget(console);
    window->addDockWidget(Qt::BottomDockWidgetArea, this);
    window->splitDockWidget(codeLog, this, Qt::Horizontal);
    hide();
    ActionBuilder(toggleViewAction(), "console")
        .setShortcut(QKeySequence(Qt::CTRL | Qt::Key_QuoteLeft))
        .addTo(menus, WindowMenus::Group::ViewPanes)
        .addOnTriggered(this, [this](bool shown) {
            if (shown)
                takeTheRoom();
        });
}

// Typing wants the room: the console takes most of the bottom, the log the rest.
void ConsoleDock::takeTheRoom()
{
    if (m_codeLog->isVisible())
        m_window->resizeDocks({m_codeLog, this}, {2, 3}, Qt::Horizontal);
    if (height() < m_window->height() / 3) // room for a traceback
        m_window->resizeDocks({this}, {m_window->height() / 3}, Qt::Vertical);
    raise();
    m_console->setFocus();
}

} // namespace tk
