#pragma once

#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;
class QUndoStack;

namespace tk {

class CardActions;
class CodeLogView;
class DragMeaningBox;
class KitchenEngine;
class KitchenView;
class WindowMenus;

// The kitchen's entries in the window's menus and toolbar: a new tensor, the model trio and the
// model left behind (CardActions does each), undo and redo of its history, the meta pane and
// the code log shown or hidden, and what a drag onto another device means (the toolbar's
// DragMeaningBox, read at each drop); and what the panes ask of the cards (drops, menus).
class KitchenActions : public QObject
{
    Q_OBJECT

public:
    // `window` is the parent of everything made here (the actions, the code log's dock).
    KitchenActions(KitchenEngine *engine, QUndoStack *undo, CardActions *cards, KitchenView *view, QMainWindow *window,
                   WindowMenus &menus);

    DragMeaningBox *dragMeaning() const { return m_meaning; }
    QAction *metaPaneAction() const { return m_metaPane; }
    // The code the kitchen ran, as a dock at the window's bottom.
    QDockWidget *codeLogDock() const { return m_codeLogDock; }
    CodeLogView *codeLog() const { return m_codeLog; }

private:
    void addHistory(KitchenEngine *engine, QUndoStack *undo, WindowMenus &menus);
    void addCodeLog(KitchenEngine *engine, QMainWindow *window, WindowMenus &menus);

    DragMeaningBox *m_meaning = nullptr;
    QAction *m_metaPane = nullptr;
    QDockWidget *m_codeLogDock = nullptr;
    CodeLogView *m_codeLog = nullptr;
};

} // namespace tk
