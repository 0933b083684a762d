#include "ui/kitchen/kitchenactions.h"

#include "ui/common/actionbuilder.h"
#include "ui/common/palette.h"
#include "ui/common/windowmenus.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/cardactions.h"
#include "ui/kitchen/codelogview.h"
#include "ui/kitchen/dragmeaningbox.h"
#include "ui/kitchen/firststeps.h"
#include "ui/kitchen/kitchenview.h"

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QToolBar>
#include <QUndoStack>

namespace tk {

KitchenActions::KitchenActions(KitchenEngine *engine, QUndoStack *undo, CardActions *cards, KitchenView *view,
                               QMainWindow *window, WindowMenus &menus)
    : QObject(window)
{
    using Group = WindowMenus::Group;
    QAction *newTensor = ActionBuilder(this, "newTensor")
                             .setText(tr("&New tensor…"))
                             .setShortcut(QKeySequence::New)
                             .addTo(menus, Group::FileKitchen)
                             .addOnTriggered(cards, &CardActions::newTensor);
    ActionBuilder(this, "addModelTrio")
        .setText(tr("Add &model, optimizer and loss"))
        .setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M))
        .addTo(menus, Group::Kitchen)
        .addOnTriggered(cards, &CardActions::addModelTrio);
    ActionBuilder(this, "forgetToMoveTheModel")
        .setText(tr("&Forget to move the model (see the error)"))
        .addTo(menus, Group::Kitchen)
        .addOnTriggered(cards, &CardActions::forgetToMoveTheModel);
    addHistory(engine, undo, menus);
    m_metaPane = ActionBuilder(this, "metaPane")
                     .setText(tr("&Meta device pane"))
                     .setCheckable(true)
                     .setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M))
                     .addTo(menus, Group::ViewPanes)
                     .addOnToggled(view, &KitchenView::setMetaPaneVisible);
    addCodeLog(engine, window, menus);
    // The pane's own button shows or hides it too: the menu's check follows.
    connect(view, &KitchenView::metaPaneToggled, m_metaPane, [this](bool visible) {
        if (m_metaPane->isChecked() != visible)
            m_metaPane->setChecked(visible);
    });

    QToolBar *bar = menus.toolBar();
    bar->addAction(newTensor);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("  Drag means: ")));
    m_meaning = new DragMeaningBox; // reads the preference
    bar->addWidget(m_meaning);
    auto *hint = new QLabel(tr("  Shift: y = x.to(d) · Ctrl: discarded"));
    hint->setStyleSheet(QStringLiteral("color: %1;").arg(Palette::dim().name()));
    bar->addWidget(hint);
    bar->addSeparator();
    bar->addAction(m_metaPane);

    // What the panes ask of the cards. A card dropped on another pane is a move, meaning what
    // the box says (or its modifiers); dropped on another card, the target comes first, as in
    // `target op dropped`.
    connect(view, &KitchenView::cardDropped, cards,
            [this, cards](int id, const QString &, const QString &to, Qt::KeyboardModifiers mods) {
                cards->requestTransfer(id, to, m_meaning->meaningFor(mods));
            });
    connect(view, &KitchenView::combineRequested, cards,
            [cards](int src, int dst, const QPoint &pos) { cards->showOperationMenu(dst, src, pos); });
    connect(view, &KitchenView::cardMenuRequested, cards, &CardActions::showCardMenu);
    connect(view, &KitchenView::valuesRequested, cards, &CardActions::showValues);
    connect(view, &KitchenView::deleteRequested, cards, &CardActions::deleteCard);
    connect(view, &KitchenView::renameRequested, cards, &CardActions::renameCard);
    connect(view->firstSteps(), &FirstSteps::newTensorRequested, cards, &CardActions::newTensor);
}

void KitchenActions::addHistory(KitchenEngine *engine, QUndoStack *undo, WindowMenus &menus)
{
    QAction *back = ActionBuilder(undo->createUndoAction(this, tr("&Undo")), "undo")
                        .setShortcut(QKeySequence::Undo)
                        .addTo(menus, WindowMenus::Group::EditHistory);
    QAction *again = ActionBuilder(undo->createRedoAction(this, tr("&Redo")), "redo")
                         .setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)})
                         .addTo(menus, WindowMenus::Group::EditHistory);
    // Undo and redo wait for the request that is running: the core would undo that request
    // (it runs first) while the stack undid the step before it, and the labels would lie.
    // Connected after the stack's own connections, so this has the last word.
    const auto gate = [engine, undo, back, again] {
        back->setEnabled(!engine->busy() && undo->canUndo());
        again->setEnabled(!engine->busy() && undo->canRedo());
    };
    connect(engine, &KitchenEngine::busyChanged, this, gate);
    connect(undo, &QUndoStack::canUndoChanged, this, gate);
    connect(undo, &QUndoStack::canRedoChanged, this, gate);
}

void KitchenActions::addCodeLog(KitchenEngine *engine, QMainWindow *window, WindowMenus &menus)
{
    m_codeLog = new CodeLogView;
    m_codeLogDock = new QDockWidget(tr("Code log"), window);
    m_codeLogDock->setObjectName(QStringLiteral("codeLogDock")); // saveState() keys docks by name
    m_codeLogDock->setWidget(m_codeLog);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_codeLogDock);
    ActionBuilder(m_codeLogDock->toggleViewAction(), "codeLog").addTo(menus, WindowMenus::Group::ViewPanes);
    connect(engine, &KitchenEngine::codeLogReset, m_codeLog, &CodeLogView::setLines);
    connect(engine, &KitchenEngine::codeLineAdded, m_codeLog, &CodeLogView::appendLine);
}

} // namespace tk
