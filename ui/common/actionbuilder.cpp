#include "ui/common/actionbuilder.h"

#include <QMenu>
#include <QToolBar>

namespace tk {

ActionBuilder::ActionBuilder(QObject *parent, const char *id) : ActionBuilder(new QAction(parent), id) { }

ActionBuilder::ActionBuilder(QAction *action, const char *id) : m_action(action)
{
    m_action->setObjectName(QString::fromLatin1(id));
}

ActionBuilder &ActionBuilder::setText(const QString &text)
{
    m_action->setText(text);
    return *this;
}

ActionBuilder &ActionBuilder::setShortcut(const QKeySequence &key)
{
    m_action->setShortcut(key);
    return *this;
}

ActionBuilder &ActionBuilder::setShortcuts(const QList<QKeySequence> &keys)
{
    m_action->setShortcuts(keys);
    return *this;
}

ActionBuilder &ActionBuilder::setCheckable(bool checkable)
{
    m_action->setCheckable(checkable);
    return *this;
}

ActionBuilder &ActionBuilder::addToMenu(QMenu *menu)
{
    menu->addAction(m_action);
    return *this;
}

ActionBuilder &ActionBuilder::addTo(WindowMenus &menus, WindowMenus::Group group)
{
    menus.add(group, m_action);
    return *this;
}

ActionBuilder &ActionBuilder::addToToolBar(QToolBar *bar)
{
    bar->addAction(m_action);
    return *this;
}

} // namespace tk
