#include "ui/window/mainwindow.h"
#include "ui/common/palette.h"

#include "ui/common/actionbuilder.h"
#include "ui/kitchen/cardactions.h"
#include "ui/kitchen/codelogview.h"
#include "ui/console/consolepane.h"
#include "ui/devices/devicedetailsdialog.h"
#include "ui/kitchen/dragmeaningbox.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/torchthread.h"
#include "core/kitchen/workspace.h"
#include "ui/kitchen/firststeps.h"
#include "ui/kitchen/flightoverlay.h"
#include "ui/kitchen/kitchencommand.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "core/kitchen/koreanparticles.h"
#include "ui/lessons/lessonactions.h"
#include "ui/lessons/lessonspanel.h"
#include "ui/races/matmulracepanel.h"
#include "ui/devices/memorypanel.h"
#include "ui/watch/watchcontroller.h"
#include "ui/window/preferencesdialog.h"
#include "ui/files/sessioncontroller.h"
#include "core/races/trainingrace.h"
#include "ui/races/trainingracepanel.h"
#include "ui/transfers/transferlabpanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
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
    m_cards = new CardActions(m_engine, m_view, this);
    m_session = new SessionController(m_engine, m_undo, this); // starts the autosave
    m_lessonActions = new LessonActions(m_engine, m_view, m_cards, m_tabs, m_matmulRace, m_trainingRace, this);
    buildMenus();
    buildDocks();
    wireParts();

    const QByteArray geometry = QSettings().value(QStringLiteral("window/geometry")).toByteArray();

    // Created after the tabs and docks, so that the flights pass over them.
    m_overlay = new FlightOverlay(this);
    m_overlay->setGeometry(rect());
    m_view->setOverlay(m_overlay);
    // Programs run under `python -m tensorkitchen` get kitchens of their own, as tabs.
    m_watch = new WatchController(m_tabs, m_overlay, this);
    m_lessonActions->setWatch(m_watch);
    connect(m_watch, &WatchController::statusMessage, this, &MainWindow::say);

    connect(m_engine, &KitchenEngine::finished, this, &MainWindow::onFinished);
    m_engine->setDefaultFollowUp(m_cards->showingErrors());
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
    connect(m_engine, &KitchenEngine::cacheEmptied, this, [this](const QList<DeviceInfo> &, const QList<DeviceInfo> &) {
        say(tr("Emptied the CUDA cache: see the Memory tab for before and after."));
    });

    statusBar()->showMessage(tr("Ctrl+N makes a tensor. Drag a card to another pane to move it. F1: lessons."));
    resize(1200, 760);
    // The code log starts with room for a few lines; a saved layout wins over it.
    resizeDocks({m_codeLogDock}, {7 * fontMetrics().lineSpacing()}, Qt::Vertical);
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
    m_tabs->addTab(m_view, tr("K&itchen"));
    m_matmulRace = new MatmulRacePanel;
    m_tabs->addTab(m_matmulRace, tr("&Matmul race"));
    m_trainingRace = new TrainingRacePanel;
    m_tabs->addTab(m_trainingRace, tr("Trainin&g race"));
    m_transferLab = new TransferLabPanel;
    m_tabs->addTab(m_transferLab, tr("Tr&ansfers"));
    m_memory = new MemoryPanel;
    m_tabs->addTab(m_memory, tr("Mem&ory"));
    setCentralWidget(m_tabs);
}

// What the parts ask of each other passes here.
void MainWindow::wireParts()
{
    connect(m_view, &KitchenView::statusMessage, this, &MainWindow::say);
    connect(m_cards, &CardActions::statusMessage, this, &MainWindow::say);
    connect(m_session, &SessionController::statusMessage, this, &MainWindow::say);
    connect(m_session, &SessionController::failed, m_cards, &CardActions::showError);
    connect(m_console, &ConsolePane::failed, m_cards, &CardActions::showError);
    connect(m_lessonActions, &LessonActions::statusMessage, this, &MainWindow::say);
    // Move-and-retry of a console line: the line runs again in the console, where it was typed.
    connect(m_cards, &CardActions::consoleRetryRequested, this, [this](const QString &code) {
        m_consoleDock->show();
        m_console->run(code);
    });

    connect(m_view, &KitchenView::cardDropped, this,
            [this](int id, const QString &, const QString &to, Qt::KeyboardModifiers mods) {
                m_cards->requestTransfer(id, to, m_meaning->meaningFor(mods));
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

// Every menu action, once: its id, text, shortcut, menu and what it does.
void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newTensor = ActionBuilder(this, "newTensor")
                             .setText(tr("&New tensor…"))
                             .setShortcut(QKeySequence::New)
                             .addToMenu(file)
                             .addOnTriggered(m_cards, &CardActions::newTensor);
    ActionBuilder(this, "openSession")
        .setText(tr("&Open session…"))
        .setShortcut(QKeySequence::Open)
        .addToMenu(file)
        .addOnTriggered(m_session, &SessionController::openWithDialog);
    ActionBuilder(this, "saveSession")
        .setText(tr("&Save session"))
        .setShortcut(QKeySequence::Save)
        .addToMenu(file)
        .addOnTriggered(m_session, &SessionController::save);
    ActionBuilder(this, "saveSessionAs")
        .setText(tr("Save session &as…"))
        .setShortcut(QKeySequence::SaveAs)
        .addToMenu(file)
        .addOnTriggered(m_session, &SessionController::saveAs);
    ActionBuilder(this, "loadPt")
        .setText(tr("&Load tensors (.pt, .safetensors)…"))
        .addToMenu(file)
        .addOnTriggered(m_session, &SessionController::loadPtWithDialog);
    ActionBuilder(this, "saveSafetensors")
        .setText(tr("Save as safe&tensors…"))
        .addToMenu(file)
        .addOnTriggered(m_session, &SessionController::saveSafetensorsWithDialog);
    file->addSeparator();
    ActionBuilder(this, "runAndWatch")
        .setText(tr("&Run a script and watch…"))
        .addToMenu(file)
        .addOnTriggered(this, [this] { m_watch->runScriptWithDialog(); });
    ActionBuilder(this, "openRecording").setText(tr("Open re&cording…")).addToMenu(file).addOnTriggered(this, [this] {
        m_watch->openRecordingWithDialog();
    });
    ActionBuilder(this, "exportTrace")
        .setText(tr("E&xport timeline (Perfetto)…"))
        .addToMenu(file)
        .addOnTriggered(this, [this] { m_watch->exportTraceWithDialog(); });
    file->addSeparator();
    ActionBuilder(this, "exportCode")
        .setText(tr("&Export code…"))
        .setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E))
        .addToMenu(file)
        .addOnTriggered(m_session, &SessionController::exportWithDialog);
    file->addSeparator();
    ActionBuilder(this, "quit")
        .setText(tr("&Quit"))
        .setShortcut(QKeySequence::Quit)
        .addToMenu(file)
        .addOnTriggered(this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = ActionBuilder(m_undo->createUndoAction(this, tr("&Undo")), "undo")
                        .setShortcut(QKeySequence::Undo)
                        .addToMenu(edit);
    QAction *redo = ActionBuilder(m_undo->createRedoAction(this, tr("&Redo")), "redo")
                        .setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)})
                        .addToMenu(edit);
    // Undo and redo wait for the request that is running: the core would undo that request
    // (it runs first) while the stack undid the step before it, and the labels would lie.
    // Connected after the stack's own connections, so this has the last word.
    const auto gate = [this, undo, redo] {
        undo->setEnabled(!m_engine->busy() && m_undo->canUndo());
        redo->setEnabled(!m_engine->busy() && m_undo->canRedo());
    };
    connect(m_engine, &KitchenEngine::busyChanged, this, gate);
    connect(m_undo, &QUndoStack::canUndoChanged, this, gate);
    connect(m_undo, &QUndoStack::canRedoChanged, this, gate);
    edit->addSeparator();
    ActionBuilder(this, "preferences").setText(tr("&Preferences…")).addToMenu(edit).addOnTriggered(this, [this] {
        PreferencesDialog dlg(this);
        dlg.exec();
        m_meaning->setMeaning(TransferMeaning(PreferencesDialog::dragMeaning()));
    });

    QMenu *kitchen = menuBar()->addMenu(tr("&Kitchen"));
    ActionBuilder(this, "addModelTrio")
        .setText(tr("Add &model, optimizer and loss"))
        .setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M))
        .addToMenu(kitchen)
        .addOnTriggered(m_cards, &CardActions::addModelTrio);
    ActionBuilder(this, "forgetToMoveTheModel")
        .setText(tr("&Forget to move the model (see the error)"))
        .addToMenu(kitchen)
        .addOnTriggered(m_cards, &CardActions::forgetToMoveTheModel);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_metaAction = ActionBuilder(this, "metaPane")
                       .setText(tr("&Meta device pane"))
                       .setCheckable(true)
                       .setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M))
                       .addToMenu(m_viewMenu)
                       .addOnToggled(m_view, &KitchenView::setMetaPaneVisible);

    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    QMenu *help = m_helpMenu;
    ActionBuilder(this, "deviceCheck").setText(tr("&Device check…")).addToMenu(help).addOnTriggered(this, [this] {
        auto *dlg = new DeviceDetailsDialog(this);
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->open();
    });
    ActionBuilder(this, "about").setText(tr("&About Tensor Kitchen")).addToMenu(help).addOnTriggered(this, [this] {
        QMessageBox::about(this, tr("About Tensor Kitchen"),
                           tr("<h3>Tensor Kitchen %1</h3><p>See how PyTorch places tensors on "
                              "devices.</p><p>LibTorch %2 · %3</p>")
                               .arg(QStringLiteral(TK_VERSION), m_facts.torchVersion,
                                    m_facts.cudaBuild ? tr("CUDA build") : tr("CPU-only build")));
    });

    QToolBar *bar = addToolBar(tr("Kitchen"));
    bar->setObjectName(QStringLiteral("kitchenToolbar")); // saveState() keys toolbars by name
    bar->addAction(newTensor);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("  Drag means: ")));
    m_meaning = new DragMeaningBox; // reads the preference
    bar->addWidget(m_meaning);
    auto *hint = new QLabel(tr("  Shift: y = x.to(d) · Ctrl: discarded"));
    hint->setStyleSheet(QStringLiteral("color: %1;").arg(Palette::dim().name()));
    bar->addWidget(hint);
    bar->addSeparator();
    bar->addAction(m_metaAction);
}

QDockWidget *MainWindow::addDock(const QString &title, const char *id, QWidget *widget, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(QString::fromLatin1(id)); // saveState() keys docks by name
    dock->setWidget(widget);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::buildDocks()
{
    m_codeLog = new CodeLogView;
    m_codeLogDock = addDock(tr("Code log"), "codeLogDock", m_codeLog, Qt::BottomDockWidgetArea);
    ActionBuilder(m_codeLogDock->toggleViewAction(), "codeLog").addToMenu(m_viewMenu);
    connect(m_engine, &KitchenEngine::codeLogReset, m_codeLog, &CodeLogView::setLines);

    // The PyTorch console, beside the code log: the same lines, typed or dragged. Python starts
    // when the dock is first shown, not with the app.
    m_console = new ConsolePane(m_engine);
    m_consoleDock = addDock(tr("PyTorch console"), "consoleDock", m_console, Qt::BottomDockWidgetArea);
    splitDockWidget(m_codeLogDock, m_consoleDock, Qt::Horizontal);
    m_consoleDock->hide();
    ActionBuilder(m_consoleDock->toggleViewAction(), "console")
        .setShortcut(QKeySequence(Qt::CTRL | Qt::Key_QuoteLeft))
        .addToMenu(m_viewMenu)
        .addOnTriggered(this, [this](bool shown) {
            if (!shown)
                return;
            // Typing wants the room: the console takes most of the bottom, the log the rest.
            if (m_codeLogDock->isVisible())
                resizeDocks({m_codeLogDock, m_consoleDock}, {2, 3}, Qt::Horizontal);
            if (m_consoleDock->height() < height() / 3) // room for a traceback
                resizeDocks({m_consoleDock}, {height() / 3}, Qt::Vertical);
            m_consoleDock->raise();
            m_console->setFocus();
        });

    // The lessons follow the language the UI is shown in, whichever translator is installed.
    //: The language code of the lesson texts to show: "en" or "ko".
    m_lessons = new LessonsPanel(tr("en"));
    m_lessonsDock = addDock(tr("Lessons"), "lessonsDock", m_lessons, Qt::RightDockWidgetArea);
    m_lessonsDock->hide();
    // Lessons are help: first in the Help menu, where F1 is looked for, and under View with the
    // other panes.
    QAction *lessons = ActionBuilder(m_lessonsDock->toggleViewAction(), "lessons")
                           .setText(tr("&Lessons"))
                           .setShortcut(QKeySequence(Qt::Key_F1))
                           .addToMenu(m_viewMenu);
    m_helpMenu->insertAction(m_helpMenu->actions().value(0), lessons);
    m_helpMenu->insertSeparator(m_helpMenu->actions().value(1));
    connect(m_lessons, &LessonsPanel::tryIt, m_lessonActions, &LessonActions::tryLesson);
    // Lesson 4 is about the devices' error: another error from a drop says which cards give it.
    m_cards->setErrorHint([this](const OpError &error) {
        if (!m_lessonsDock->isVisible() || !m_lessons->currentLessonId().startsWith(QLatin1String("04"))
            || error.kind == OpError::Kind::DeviceMismatch || !error.operation)
            return QString();
        return tr("Lesson 4 is about the devices' error: drop a card on one of the same shape on another device "
                  "(x on the CPU counter onto x_meta on the meta shelf), or press Try it in the lesson.");
    });

    connect(m_view->firstSteps(), &FirstSteps::newTensorRequested, m_cards, &CardActions::newTensor);
    connect(m_view->firstSteps(), &FirstSteps::loadPtRequested, m_session, &SessionController::loadPtWithDialog);
    connect(m_view->firstSteps(), &FirstSteps::firstLessonRequested, this, [this] {
        m_lessons->select(0);
        m_lessonsDock->show();
        m_lessonsDock->raise();
    });
}

// What every answer from the core needs, whichever part asked: the undo history and the
// autosave learn of the change, notices are said and the moves fly. The request's own
// follow-up runs after this (KitchenEngine::submit).
void MainWindow::onFinished(quint64, const Outcome &outcome)
{
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
    m_view->animateMoves(outcome.moves);
}

void MainWindow::say(const QString &text, int ms)
{
    const QString message = KoreanParticles::resolve(text);
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

void MainWindow::openFile(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("tks")) {
        m_session->openSession(path);
    } else if (suffix == QLatin1String("tkwatch")) {
        m_watch->openRecording(path, 1);
    } else {
        m_tabs->setCurrentWidget(m_view); // the cards land where they can be seen
        m_session->loadPtFile(path, QStringLiteral("cpu"));
    }
}

void MainWindow::quitPreservingKitchen()
{
    if (m_quitting)
        return;
    m_quitting = true;
    m_session->keepForNextStart();
    close();
}

} // namespace tk
