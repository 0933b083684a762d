#pragma once

#include <QCoreApplication>

#include <array>

class QAction;
class QMainWindow;
class QMenu;
class QToolBar;
class QWidget;

namespace tk {

// The window's menus and its toolbar, which the features add their actions to (as Qt Creator's
// plugins add theirs to action containers by id). A menu is made of groups, in a fixed order
// with a separator between them; a feature adds each action to the group it belongs in, so the
// menus read the same whichever feature registers first, and the window knows no feature's
// actions. Everything made here is parented to the window.
class WindowMenus
{
    Q_DECLARE_TR_FUNCTIONS(WindowMenus)

public:
    enum class Group {
        FileKitchen, // tensors and sessions: new, open, save, load
        FileWatch, // programs: run and watch, recordings, their timeline
        FileExport, // the code of the kitchen
        FileQuit,
        EditHistory, // undo, redo
        EditSettings,
        Kitchen, // the Kitchen menu
        ViewPanes, // the docks and panes the View menu shows and hides
        HelpLessons, // F1 first, where help is looked for
        HelpAbout, // what the machine and the app are
    };
    static constexpr int kGroups = int(Group::HelpAbout) + 1;

    explicit WindowMenus(QMainWindow *window);

    // `action` at the end of `group`.
    void add(Group group, QAction *action);
    // The toolbar, under the menus; its order is the order of the calls.
    QToolBar *toolBar() const { return m_toolBar; }
    QMenu *menuOf(Group group) const;
    QWidget *window() const;

private:
    QMainWindow *m_window = nullptr;
    QToolBar *m_toolBar = nullptr;
    std::array<QMenu *, kGroups> m_menus{};
    std::array<QAction *, kGroups> m_ends{}; // the separator after each group; none after a menu's last
};

} // namespace tk
