#pragma once

#include "buildfacts.h"
#include "operation.h"
#include "outcome.h"
#include "movereport.h"

#include <QHash>
#include <QMainWindow>
#include <QPixmap>
#include <QPointer>
#include <QRect>
#include <functional>

class QActionGroup;
class QComboBox;
class QMenu;
class QSplitter;
class QUndoStack;
class QTabWidget;

namespace tk {

class CodeLogView;
class DevicePane;
class ErrorDialog;
class FlightOverlay;
class KitchenEngine;
class LessonsPanel;
class MatmulRacePanel;
class MemoryPanel;
class TransferLabPanel;
class TrainingRacePanel;
class TensorCard;
struct CardInfo;
struct DeviceInfo;
struct TensorPreview;

// The kitchen: one pane per device, cards on them, drags that are .to() calls, drops that are
// operations, errors explained, and the code log of it all.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    KitchenEngine *engine() const { return m_engine; }
    DevicePane *pane(const QString &deviceId) const;
    QList<DevicePane *> panes() const { return m_panes; }
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
    void tryLesson(const QString &lessonId);
    quint64 openSession(const QString &path);
    quint64 saveSession(const QString &path);
    quint64 loadPtFile(const QString &path, const QString &device);
    // Autosave: written when something changed, read back after a crash.
    static QString autosavePath();
    bool autosaveNow(int waitMs = 2000); // waits for the worker to finish writing
    bool recoveryAvailable() const;
    quint64 recoverAutosave();
    void offerRecovery(); // asks the user; for main() only

public Q_SLOTS:
    void newTensor();
    void addModelTrio();           // model, optimizer and loss cards
    void forgetToMoveTheModel();   // data moved, the model not: for real

protected:
    void resizeEvent(QResizeEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    struct Pending
    {
        enum class Kind { Create, Transfer, Combine, ModelTrio, Other };
        Kind kind = Kind::Other;
        QPixmap pixmap;
        QRect from;         // global rect of the card when it left
        Operation op = Operation::Add;
        int a = -1;
        int b = -1;
        bool retryAfter = false; // a move from the error dialog: run op(a, b) again after it
        std::function<void(const Outcome &)> then; // a follow-up (lessons chain steps)
    };

    void buildMenus();
    void buildPanes();
    void placeCard(TensorCard *card);
    void onCardAdded(const CardInfo &card);
    void onCardUpdated(const CardInfo &card);
    void onCardRemoved(int id);
    void onFinished(quint64 request, const Outcome &outcome);
    void onDevicesSampled(const QList<DeviceInfo> &devices, const QList<qint64> &bytes);
    void animateTransfer(const MoveReport &r, const Pending &p);
    void showError(const OpError &error, int a, int b, const Pending &p);
    void showCardMenu(int id, const QPoint &globalPos);
    void renameCard(int id);
    void showValues(int id);
    void say(const QString &message, int ms = 8000);
    QRect globalRect(QWidget *w) const;
    QStringList moveTargets() const;

    KitchenEngine *m_engine = nullptr;
    BuildFacts m_facts;
    QSplitter *m_splitter = nullptr;
    QTabWidget *m_tabs = nullptr;
    MatmulRacePanel *m_matmulRace = nullptr;
    TrainingRacePanel *m_trainingRace = nullptr;
    TransferLabPanel *m_transferLab = nullptr;
    MemoryPanel *m_memory = nullptr;
    QList<DevicePane *> m_panes;
    DevicePane *m_metaPane = nullptr;
    QHash<int, TensorCard *> m_cards;
    QHash<quint64, Pending> m_pending;
    QHash<quint64, QPointer<class ValuesDialog>> m_valueDialogs;
    FlightOverlay *m_overlay = nullptr;
    CodeLogView *m_codeLog = nullptr;
    QComboBox *m_meaning = nullptr;
    QAction *m_metaAction = nullptr;
    QPointer<QMenu> m_operationMenu;
    QPointer<ErrorDialog> m_errorDialog;
    QString m_lastMessage;
    QUndoStack *m_undo = nullptr;
    LessonsPanel *m_lessons = nullptr;
    QString m_sessionPath;
    bool m_dirty = false; // changed since the last autosave
    bool m_previousExitWasClean = true;
    void updateTitle();
    int idOfName(const QString &name) const;
};

} // namespace tk
