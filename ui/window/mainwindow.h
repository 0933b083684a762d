#pragma once

#include "core/devices/buildfacts.h"
#include "core/kitchen/outcome.h"
#include "ui/lessons/lessonsdock.h"

#include <QMainWindow>
#include <memory>

class QDockWidget;
class QMenu;
class QUndoStack;
class QTabWidget;

namespace tk {

class CardActions;
class CodeLogView;
class ConsolePane;
class DragMeaningBox;
class FlightOverlay;
class KitchenActions;
class KitchenEngine;
class KitchenView;
class LessonActions;
class LessonsPanel;
class MatmulRacePanel;
class MemoryPanel;
class SessionController;
class TransferLabPanel;
class TrainingRacePanel;
class WatchController;
class WindowMenus;

// The kitchen: one pane per device, cards on them, drags that are .to() calls, drops that are
// operations, errors explained, and the code log of it all. The window builds the parts that
// do this (KitchenView, CardActions, SessionController, LessonActions, ConsolePane), puts them
// in tabs and docks, holds the menus they add their actions to (WindowMenus), wires them, and
// does what every answer from the core needs: undo steps, the autosave's mark, notices and the
// flights of its moves. Its own actions are the window's: quit, undo, preferences, about.
// Everything else is the part's own: reach it through the part (cards(), session(), kitchen()).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    KitchenEngine *engine() const { return m_engine; }
    KitchenView *kitchen() const { return m_view; }
    CardActions *cards() const { return m_cards; }
    SessionController *session() const { return m_session; }
    LessonActions *lessonActions() const { return m_lessonActions; }
    DragMeaningBox *dragMeaning() const { return m_meaning; }
    FlightOverlay *overlay() const { return m_overlay; }
    QTabWidget *tabs() const { return m_tabs; }
    MatmulRacePanel *matmulRace() const { return m_matmulRace; }
    TrainingRacePanel *trainingRace() const { return m_trainingRace; }
    TransferLabPanel *transferLab() const { return m_transferLab; }
    MemoryPanel *memory() const { return m_memory; }
    QUndoStack *undoStack() const { return m_undo; }
    LessonsPanel *lessons() const { return m_lessons; }
    ConsolePane *console() const { return m_console; }
    WatchController *watch() const { return m_watch; }
    QDockWidget *consoleDock() const { return m_consoleDock; }
    QDockWidget *lessonsDock() const { return m_lessonsDock; }
    QDockWidget *codeLogDock() const { return m_codeLogDock; }
    QMenu *viewMenu() const { return m_viewMenu; }
    QMenu *helpMenu() const { return m_helpMenu; }
    QString lastMessage() const { return m_lastMessage; }

    // A file named on the command line or by the desktop (`tensor-kitchen FILE`), opened as
    // the menu that opens its kind would: a session (.tks) opens, a recording (.tkwatch)
    // replays at its own pace in a tab, anything else loads as tensors onto the CPU counter.
    void openFile(const QString &path);

    // Saves the kitchen for the next start and closes: a quit by signal. A second request
    // while the first is saving does nothing.
    void quitPreservingKitchen();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void buildTabs();
    void wireParts();
    void addOwnActions();
    void buildDocks();
    void onFinished(quint64 request, const Outcome &outcome);
    void say(const QString &message, int ms = 8000);

    KitchenEngine *m_engine = nullptr;
    BuildFacts m_facts;
    QUndoStack *m_undo = nullptr;
    KitchenView *m_view = nullptr;
    CardActions *m_cards = nullptr;
    SessionController *m_session = nullptr;
    LessonActions *m_lessonActions = nullptr;
    QTabWidget *m_tabs = nullptr;
    std::unique_ptr<WindowMenus> m_menus;
    KitchenActions *m_kitchenActions = nullptr;
    MatmulRacePanel *m_matmulRace = nullptr;
    TrainingRacePanel *m_trainingRace = nullptr;
    TransferLabPanel *m_transferLab = nullptr;
    MemoryPanel *m_memory = nullptr;
    FlightOverlay *m_overlay = nullptr;
    ConsolePane *m_console = nullptr;
    WatchController *m_watch = nullptr;
    QDockWidget *m_codeLogDock = nullptr;
    QDockWidget *m_consoleDock = nullptr;
    LessonsDock *m_lessonsDock = nullptr;
    LessonsPanel *m_lessons = nullptr;
    DragMeaningBox *m_meaning = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QString m_lastMessage;
    bool m_quitting = false; // a quit by signal is saving
};

} // namespace tk
