#include "ui/common/windowmenus.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

#include <initializer_list>

namespace tk {

WindowMenus::WindowMenus(QMainWindow *window) : m_window(window)
{
    const auto menu = [this](const QString &title, std::initializer_list<Group> groups) {
        QMenu *m = m_window->menuBar()->addMenu(title);
        for (Group g : groups) {
            m_menus[int(g)] = m;
            // Every group but the last ends at a separator that the next begins after; a
            // group with nothing in it leaves two together, which QMenu shows as one.
            if (g != *(groups.end() - 1))
                m_ends[int(g)] = m->addSeparator();
        }
    };
    menu(tr("&File"), {Group::FileKitchen, Group::FileWatch, Group::FileExport, Group::FileQuit});
    menu(tr("&Edit"), {Group::EditHistory, Group::EditSettings});
    menu(tr("&Kitchen"), {Group::Kitchen});
    menu(tr("&View"), {Group::ViewPanes});
    menu(tr("&Help"), {Group::HelpLessons, Group::HelpAbout});

    m_toolBar = window->addToolBar(tr("Kitchen"));
    m_toolBar->setObjectName(QStringLiteral("kitchenToolbar")); // saveState() keys toolbars by name
}

void WindowMenus::add(Group group, QAction *action)
{
    m_menus[int(group)]->insertAction(m_ends[int(group)], action); // no end: appended
}

QMenu *WindowMenus::menuOf(Group group) const { return m_menus[int(group)]; }

QWidget *WindowMenus::window() const { return m_window; }

} // namespace tk
