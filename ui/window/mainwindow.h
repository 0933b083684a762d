#pragma once

#include "devices/buildfacts.h"
#include "kitchen/operation.h"
#include "kitchen/outcome.h"
#include "kitchen/movereport.h"
#include "kitchen/pendingrequests.h"

#include <QMainWindow>

class QMenu;
class QUndoStack;
class QTabWidget;

namespace tk {

class CardActions;
class CodeLogView;
class ConsolePane;
class DevicePane;
class DragMeaningBox;
class ErrorDialog;
class FlightOverlay;
class KitchenEngine;
class KitchenView;
class LessonActions;
class LessonsPanel;
class MatmulRacePanel;
class MemoryPanel;
class SessionController;
class TransferLabPanel;
class TrainingRacePanel;
class TensorCard;

// The kitchen: one pane per device, cards on them, drags that are .to() calls, drops that are
// operations, errors explained, and the code log of it all. The window builds the parts that
// do this (KitchenView, CardActions, SessionController, LessonActions), puts them in tabs,
// docks, menus and the toolbar, and wires them; its public API forwards to them.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    KitchenEngine *engine() const { return m_engine; }
    DevicePane *pane(const QString &deviceId) const;
    QList<DevicePane *> panes() const;
    TensorCard *cardWidget(int id) const;
    FlightOverlay *overlay() const { return m_overlay; }
    QTabWidget *tabs() const { return m_tabs; }
    MatmulRacePanel *matmulRace() const { return m_matmulRace; }
    TrainingRacePanel *trainingRace() const { return m_trainingRace; }
    TransferLabPanel *transferLab() const { return m_transferLab; }
    MemoryPanel *memory() const { return m_memory; }
    QMenu *operationMenu() const;
    ErrorDialog *errorDialog() const;
    QString lastMessage() const { return m_lastMessage; }

    TransferMeaning dragMeaning() const;
    void setDragMeaning(TransferMeaning meaning);
    TransferMeaning meaningFor(Qt::KeyboardModifiers modifiers) const;
    void setMetaPaneVisible(bool visible);

    quint64 requestTransfer(int id, const QString &device, TransferMeaning meaning);
    quint64 requestCombine(Operation op, int a, int b);
    QMenu *showOperationMenu(int a, int b, const QPoint &globalPos);
    bool exportCode(const QString &path, QString *error);

    QUndoStack *undoStack() const { return m_undo; }
    LessonsPanel *lessons() const { return m_lessons; }
    ConsolePane *console() const { return m_console; }
    void tryLesson(const QString &lessonId);
    quint64 openSession(const QString &path);
    quint64 saveSession(const QString &path);
    quint64 loadPtFile(const QString &path, const QString &device);
    // Autosave: written when something changed, read back after a crash.
    static QString autosavePath();
    bool autosaveNow(int waitMs = 2000); // waits for the worker to finish writing
    bool recoveryAvailable() const;
    quint64 recoverAutosave();
    void startUp(); // main() only: reopens a kept kitchen, or offers recovery after a crash
    // Saves the kitchen for the next start and closes: a quit by signal. A second request
    // while the first is saving does nothing.
    void quitPreservingKitchen();
    // A logout asks to save first: the kitchen is kept for the next start; the window stays.
    void saveForNextStart();

public Q_SLOTS:
    void newTensor();
    void addModelTrio();           // model, optimizer and loss cards
    void forgetToMoveTheModel();   // data moved, the model not: for real

protected:
    void resizeEvent(QResizeEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void buildTabs();
    void wireParts();
    void buildMenus();
    void buildDocks();
    void onFinished(quint64 request, const Outcome &outcome);
    void say(const QString &message, int ms = 8000);

    KitchenEngine *m_engine = nullptr;
    BuildFacts m_facts;
    PendingRequests m_pending; // every part's unanswered requests, answered in onFinished
    QUndoStack *m_undo = nullptr;
    KitchenView *m_view = nullptr;
    CardActions *m_cards = nullptr;
    SessionController *m_session = nullptr;
    LessonActions *m_lessonActions = nullptr;
    QTabWidget *m_tabs = nullptr;
    MatmulRacePanel *m_matmulRace = nullptr;
    TrainingRacePanel *m_trainingRace = nullptr;
    TransferLabPanel *m_transferLab = nullptr;
    MemoryPanel *m_memory = nullptr;
    FlightOverlay *m_overlay = nullptr;
    CodeLogView *m_codeLog = nullptr;
    LessonsPanel *m_lessons = nullptr;
    ConsolePane *m_console = nullptr;
    DragMeaningBox *m_meaning = nullptr;
    QAction *m_metaAction = nullptr;
    QString m_lastMessage;
    bool m_quitting = false; // a quit by signal is saving
};

} // namespace tk
