#pragma once

#include "ui/common/windowmenus.h"

#include <QAction>
#include <QKeySequence>
#include <QList>
#include <QString>

class QMenu;
class QToolBar;

namespace tk {

// One menu or toolbar action defined in one statement, as Qt Creator's ActionBuilder does:
//   ActionBuilder(this, "newTensor").setText(tr("&New tensor…")).setShortcut(QKeySequence::New)
//       .addTo(menus, WindowMenus::Group::FileKitchen).addOnTriggered(this, &CardActions::newTensor);
// The id becomes the action's object name; the feature that makes it keeps the action it returns.
class ActionBuilder
{
public:
    ActionBuilder(QObject *parent, const char *id);
    // Wraps an action made elsewhere (a dock's toggleViewAction, QUndoStack's undo).
    ActionBuilder(QAction *action, const char *id);

    ActionBuilder &setText(const QString &text);
    ActionBuilder &setShortcut(const QKeySequence &key);
    ActionBuilder &setShortcuts(const QList<QKeySequence> &keys);
    ActionBuilder &setCheckable(bool checkable);
    ActionBuilder &addToMenu(QMenu *menu);
    ActionBuilder &addTo(WindowMenus &menus, WindowMenus::Group group);
    ActionBuilder &addToToolBar(QToolBar *bar);
    template<typename Receiver, typename Slot> ActionBuilder &addOnTriggered(const Receiver *receiver, Slot slot)
    {
        QObject::connect(m_action, &QAction::triggered, receiver, slot);
        return *this;
    }
    template<typename Receiver, typename Slot> ActionBuilder &addOnToggled(const Receiver *receiver, Slot slot)
    {
        QObject::connect(m_action, &QAction::toggled, receiver, slot);
        return *this;
    }

    QAction *action() const { return m_action; }
    operator QAction *() const { return m_action; }

private:
    QAction *m_action = nullptr;
};

} // namespace tk
