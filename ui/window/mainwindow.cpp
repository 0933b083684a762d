#include "window/mainwindow.h"

#include "kitchen/cardactions.h"
#include "kitchen/codelogview.h"
#include "console/consolepane.h"
#include "devices/devicedetailsdialog.h"
#include "kitchen/dragmeaningbox.h"
#include "devices/deviceregistry.h"
#include "devices/torchthread.h"
#include "kitchen/workspace.h"
#include "kitchen/firststeps.h"
#include "kitchen/flightoverlay.h"
#include "kitchen/kitchencommand.h"
#include "kitchen/kitchenengine.h"
#include "kitchen/kitchenview.h"
#include "lessons/lessonactions.h"
#include "lessons/lessonspanel.h"
#include "races/matmulracepanel.h"
#include "devices/memorypanel.h"
#include "window/preferencesdialog.h"
#include "files/sessioncontroller.h"
#include "races/trainingrace.h"
#include "races/trainingracepanel.h"
#include "transfers/transferlabpanel.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>

namespace tk {

using Pending = PendingRequests::Pending;

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_engine(new KitchenEngine(this))
{
    setWindowTitle(tr("Tensor Kitchen"));
    // Every LibTorch call runs on a worker; the core checks that none comes from this thread.
    TorchThread::forbid(thread());
    m_facts = DeviceRegistry::knownBuildFacts();
    m_undo = new QUndoStack(this);
    m_undo->setUndoLimit(Workspace::kHistoryDepth); // drops its oldest step when the workspace does
    m_view = new KitchenView(m_engine, m_facts);
    buildTabs();
    m_cards = new CardActions(m_engine, &m_pending, m_view, this);
    m_session = new SessionController(m_engine, &m_pending, m_undo, this); // starts the autosave
    m_lessonActions = new LessonActions(m_engine, &m_pending, m_view, m_cards, m_tabs, m_matmulRace,
                                        m_trainingRace, this);
    buildMenus();
    buildDocks();
    wireParts();

    const QByteArray geometry = QSettings().value(QStringLiteral("window/geometry")).toByteArray();

    // Created after the tabs and docks, so that the flights pass over them.
    m_overlay = new FlightOverlay(this);
    m_overlay->setGeometry(rect());
    m_view->setOverlay(m_overlay);

    connect(m_engine, &KitchenEngine::finished, this, &MainWindow::onFinished);
    connect(m_engine, &KitchenEngine::codeLineAdded, m_codeLog, &CodeLogView::appendLine);
    connect(m_engine, &KitchenEngine::codeLineAdded, m_console, &ConsolePane::echoKitchenLine);
    // The Memory tab's timeline first, then the panes' gauges.
    connect(m_engine, &KitchenEngine::devicesSampled, m_memory, &MemoryPanel::addSample);
    connect(m_engine, &KitchenEngine::devicesSampled, m_view, &KitchenView::showDeviceSamples);
    connect(m_engine, &KitchenEngine::busyChanged, this, [](bool busy) {
        if (busy)
            QApplication::setOverrideCursor(Qt::BusyCursor);
        else
            QApplication::restoreOverrideCursor();
    });
    connect(m_memory, &MemoryPanel::emptyCacheRequested, m_engine, &KitchenEngine::emptyCache);
    connect(m_engine, &KitchenEngine::cacheEmptied, m_memory, &MemoryPanel::showCacheEmptied);
    connect(m_engine, &KitchenEngine::cacheEmptied, this,
            [this](const QList<DeviceInfo> &, const QList<DeviceInfo> &) {
                say(tr("Emptied the CUDA cache: see the Memory tab for before and after."));
            });

    statusBar()->showMessage(tr("Ctrl+N makes a tensor. Drag a card to another pane to move it. F1: lessons."));
    resize(1200, 760);
    // The code log starts with room for a few lines; a saved layout wins over it.
    if (auto *log = findChild<QDockWidget *>(QStringLiteral("codeLogDock")))
        resizeDocks({log}, {7 * fontMetrics().lineSpacing()}, Qt::Vertical);
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
        restoreState(QSettings().value(QStringLiteral("window/state")).toByteArray());
    }
    m_session->updateTitle();
}

MainWindow::~MainWindow()
{
    while (QApplication::overrideCursor())
        QApplication::restoreOverrideCursor();
    TorchThread::forbid(nullptr);
}

void MainWindow::buildTabs()
{
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->addTab(m_view, tr("&Kitchen"));
    m_matmulRace = new MatmulRacePanel;
    m_tabs->addTab(m_matmulRace, tr("&Matmul race"));
    m_trainingRace = new TrainingRacePanel;
    m_tabs->addTab(m_trainingRace, tr("&Training race"));
    m_transferLab = new TransferLabPanel;
    m_tabs->addTab(m_transferLab, tr("T&ransfers"));
    m_memory = new MemoryPanel;
    m_tabs->addTab(m_memory, tr("M&emory"));
    setCentralWidget(m_tabs);
}

// What the parts ask of each other passes here; every connection is direct, as the calls were.
void MainWindow::wireParts()
{
    connect(m_view, &KitchenView::statusMessage, this, &MainWindow::say);
    connect(m_cards, &CardActions::statusMessage, this, &MainWindow::say);
    connect(m_session, &SessionController::statusMessage, this, &MainWindow::say);
    connect(m_session, &SessionController::failed, m_cards, [this](const OpError &e) { m_cards->showError(e); });
    connect(m_lessonActions, &LessonActions::statusMessage, this, &MainWindow::say);
    // Move-and-retry of a console line: the line runs again in the console, where it was typed.
    connect(m_cards, &CardActions::consoleRetryRequested, this, [this](const QString &code) {
        findChild<QDockWidget *>(QStringLiteral("consoleDock"))->show();
        m_console->run(code);
    });

    connect(m_view, &KitchenView::cardDropped, this,
            [this](int id, const QString &, const QString &to, Qt::KeyboardModifiers mods) {
                m_cards->requestTransfer(id, to, meaningFor(mods));
            });
    connect(m_view, &KitchenView::fileDropped, m_session, &SessionController::loadPtFile);
    // A card dropped on another: the target comes first, as in `target op dropped`.
    connect(m_view, &KitchenView::combineRequested, m_cards,
            [this](int src, int dst, const QPoint &pos) { m_cards->showOperationMenu(dst, src, pos); });
    connect(m_view, &KitchenView::cardMenuRequested, m_cards, &CardActions::showCardMenu);
    connect(m_view, &KitchenView::valuesRequested, m_cards, &CardActions::showValues);
    connect(m_view, &KitchenView::deleteRequested, m_cards, &CardActions::deleteCard);
    connect(m_view, &KitchenView::renameRequested, m_cards, &CardActions::renameCard);
    connect(m_view, &KitchenView::metaPaneToggled, this, [this](bool visible) {
        if (m_metaAction->isChecked() != visible)
            m_metaAction->setChecked(visible);
    });
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAct = file->addAction(tr("&New tensor…"), m_cards, &CardActions::newTensor);
    newAct->setShortcut(QKeySequence::New);
    newAct->setObjectName(QStringLiteral("newTensorAction"));
    file->addAction(tr("&Open session…"), QKeySequence::Open, m_session, &SessionController::openWithDialog);
    file->addAction(tr("&Save session"), QKeySequence::Save, m_session, &SessionController::save);
    file->addAction(tr("Save session &as…"), QKeySequence::SaveAs, m_session, &SessionController::saveAs);
    file->addAction(tr("&Load .pt file…"), m_session, &SessionController::loadPtWithDialog);
    file->addSeparator();
    QAction *exportAct = file->addAction(tr("&Export code…"), m_session, &SessionController::exportWithDialog);
    exportAct->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Preferences…"), this, [this] {
        PreferencesDialog dlg(this);
        dlg.exec();
        setDragMeaning(TransferMeaning(PreferencesDialog::dragMeaning()));
    });

    QMenu *kitchen = menuBar()->addMenu(tr("&Kitchen"));
    QAction *trio = kitchen->addAction(tr("Add &model, optimizer and loss"), m_cards, &CardActions::addModelTrio);
    trio->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    kitchen->addAction(tr("&Forget to move the model (see the error)"), m_cards,
                       &CardActions::forgetToMoveTheModel);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    m_metaAction = view->addAction(tr("&Meta device pane"));
    m_metaAction->setCheckable(true);
    m_metaAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    connect(m_metaAction, &QAction::toggled, m_view, &KitchenView::setMetaPaneVisible);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Device check…"), this, [this] {
        auto *dlg = new DeviceDetailsDialog(this);
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->open();
    });
    help->addAction(tr("&About Tensor Kitchen"), this, [this] {
        QMessageBox::about(this, tr("About Tensor Kitchen"),
                           tr("<h3>Tensor Kitchen %1</h3><p>See how PyTorch places tensors on "
                              "devices.</p><p>LibTorch %2 · %3</p>")
                               .arg(QStringLiteral(TK_VERSION), m_facts.torchVersion,
                                    m_facts.cudaBuild ? tr("CUDA build") : tr("CPU-only build")));
    });

    QToolBar *bar = addToolBar(tr("Kitchen"));
    bar->setObjectName(QStringLiteral("kitchenToolbar"));
    bar->addAction(newAct);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("  Drag means: ")));
    m_meaning = new DragMeaningBox; // reads the preference
    bar->addWidget(m_meaning);
    auto *hint = new QLabel(tr("  Shift: y = x.to(d) · Ctrl: discarded"));
    hint->setStyleSheet(QStringLiteral("color: palette(mid);"));
    bar->addWidget(hint);
    bar->addSeparator();
    bar->addAction(m_metaAction);
}

void MainWindow::buildDocks()
{
    m_codeLog = new CodeLogView;
    auto *dock = new QDockWidget(tr("Code log"), this);
    dock->setObjectName(QStringLiteral("codeLogDock"));
    dock->setWidget(m_codeLog);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"))->addAction(dock->toggleViewAction());
    connect(m_engine, &KitchenEngine::codeLogReset, m_codeLog, &CodeLogView::setLines);

    // The PyTorch console, beside the code log: the same lines, typed or dragged. Python starts
    // when the dock is first shown, not with the app.
    m_console = new ConsolePane(m_engine, &m_pending);
    auto *consoleDock = new QDockWidget(tr("PyTorch console"), this);
    consoleDock->setObjectName(QStringLiteral("consoleDock"));
    consoleDock->setWidget(m_console);
    addDockWidget(Qt::BottomDockWidgetArea, consoleDock);
    splitDockWidget(dock, consoleDock, Qt::Horizontal);
    consoleDock->hide();
    QAction *consoleAction = consoleDock->toggleViewAction();
    consoleAction->setObjectName(QStringLiteral("consoleAction"));
    consoleAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_QuoteLeft));
    menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"))->addAction(consoleAction);
    connect(consoleAction, &QAction::triggered, this, [this, dock, consoleDock](bool shown) {
        if (shown) {
            // Typing wants the room: the console takes most of the bottom, the log the rest.
            if (dock->isVisible())
                resizeDocks({dock, consoleDock}, {2, 3}, Qt::Horizontal);
            if (consoleDock->height() < height() / 3) // room for a traceback
                resizeDocks({consoleDock}, {height() / 3}, Qt::Vertical);
            consoleDock->raise();
            m_console->setFocus();
        }
    });

    // The lessons follow the language the UI is shown in, whichever translator is installed.
    //: The language code of the lesson texts to show: "en" or "ko".
    m_lessons = new LessonsPanel(tr("en"));
    auto *lessonsDock = new QDockWidget(tr("Lessons"), this);
    lessonsDock->setObjectName(QStringLiteral("lessonsDock"));
    lessonsDock->setWidget(m_lessons);
    addDockWidget(Qt::RightDockWidgetArea, lessonsDock);
    lessonsDock->hide();
    QAction *lessonsAction = lessonsDock->toggleViewAction();
    lessonsAction->setShortcut(QKeySequence(Qt::Key_F1));
    menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"))->addAction(lessonsAction);
    connect(m_lessons, &LessonsPanel::tryIt, m_lessonActions, &LessonActions::tryLesson);

    connect(m_view->firstSteps(), &FirstSteps::newTensorRequested, m_cards, &CardActions::newTensor);
    connect(m_view->firstSteps(), &FirstSteps::loadPtRequested, m_session,
            &SessionController::loadPtWithDialog);
    connect(m_view->firstSteps(), &FirstSteps::firstLessonRequested, this, [this, lessonsDock] {
        m_lessons->select(0);
        lessonsDock->show();
        lessonsDock->raise();
    });
}

// Every answer from the core arrives here: the undo history and the autosave learn of the
// change first, then the request's own follow-up, then the card actions show the result.
void MainWindow::onFinished(quint64 request, const Outcome &outcome)
{
    const Pending p = m_pending.take(request);
    if (outcome.undoable) {
        const QList<CodeLine> &lines = m_engine->codeLog().lines();
        m_undo->push(new KitchenCommand(m_engine, lines.isEmpty() ? tr("change") : lines.last().code));
        m_session->markDirty();
    }
    // A console input: each statement that changed the kitchen is one step, as one drag is.
    for (const QString &step : outcome.console.steps) {
        const QString first = step.section(QLatin1Char('\n'), 0, 0);
        m_undo->push(new KitchenCommand(m_engine, first == step ? step : first + QStringLiteral(" …")));
    }
    if (!outcome.console.steps.isEmpty())
        m_session->markDirty();
    for (const QString &n : outcome.notices)
        say(n, 15000);
    if (p.then)
        p.then(outcome);
    m_cards->showOutcome(p, outcome);
}

void MainWindow::say(const QString &message, int ms)
{
    m_lastMessage = message;
    statusBar()->showMessage(message, ms);
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (m_overlay)
        m_overlay->setGeometry(rect());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Stop the races first: each ends within one block or step.
    m_matmulRace->cancelRace();
    m_trainingRace->race()->cancel();
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    m_session->saveOnClose();
    event->accept();
}

// The public API the tests and main() use, forwarded to the part that does the work.
TransferMeaning MainWindow::dragMeaning() const { return m_meaning->meaning(); }
void MainWindow::setDragMeaning(TransferMeaning meaning) { m_meaning->setMeaning(meaning); }
TransferMeaning MainWindow::meaningFor(Qt::KeyboardModifiers modifiers) const { return m_meaning->meaningFor(modifiers); }
DevicePane *MainWindow::pane(const QString &deviceId) const { return m_view->pane(deviceId); }
QList<DevicePane *> MainWindow::panes() const { return m_view->panes(); }
TensorCard *MainWindow::cardWidget(int id) const { return m_view->cardWidget(id); }
void MainWindow::setMetaPaneVisible(bool visible) { m_view->setMetaPaneVisible(visible); }
QMenu *MainWindow::operationMenu() const { return m_cards->operationMenu(); }
ErrorDialog *MainWindow::errorDialog() const { return m_cards->errorDialog(); }
void MainWindow::newTensor() { m_cards->newTensor(); }
void MainWindow::addModelTrio() { m_cards->addModelTrio(); }
void MainWindow::forgetToMoveTheModel() { m_cards->forgetToMoveTheModel(); }
void MainWindow::tryLesson(const QString &lessonId) { m_lessonActions->tryLesson(lessonId); }
QString MainWindow::autosavePath() { return SessionController::autosavePath(); }
bool MainWindow::autosaveNow(int waitMs) { return m_session->autosaveNow(waitMs); }
bool MainWindow::recoveryAvailable() const { return m_session->recoveryAvailable(); }
quint64 MainWindow::recoverAutosave() { return m_session->recoverAutosave(); }
void MainWindow::startUp() { m_session->startUp(); }

void MainWindow::quitPreservingKitchen()
{
    if (m_quitting)
        return;
    m_quitting = true;
    m_session->keepForNextStart();
    close();
}

void MainWindow::saveForNextStart() { m_session->saveForNextStart(); }
quint64 MainWindow::openSession(const QString &path) { return m_session->openSession(path); }
quint64 MainWindow::saveSession(const QString &path) { return m_session->saveSession(path); }
bool MainWindow::exportCode(const QString &path, QString *error) { return m_session->exportCode(path, error); }

quint64 MainWindow::loadPtFile(const QString &path, const QString &device)
{
    return m_session->loadPtFile(path, device);
}

quint64 MainWindow::requestTransfer(int id, const QString &device, TransferMeaning meaning)
{
    return m_cards->requestTransfer(id, device, meaning);
}

quint64 MainWindow::requestCombine(Operation op, int a, int b) { return m_cards->requestCombine(op, a, b); }

QMenu *MainWindow::showOperationMenu(int a, int b, const QPoint &globalPos)
{
    return m_cards->showOperationMenu(a, b, globalPos);
}

} // namespace tk
