#include "ui/window/mainwindow.h"

#include "ui/common/actionbuilder.h"
#include "ui/kitchen/cardactions.h"
#include "ui/console/consoledock.h"
#include "ui/console/consolepane.h"
#include "ui/devices/devicedetailsdialog.h"
#include "ui/kitchen/dragmeaningbox.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/torchthread.h"
#include "core/kitchen/workspace.h"
#include "ui/kitchen/firststeps.h"
#include "ui/kitchen/flightoverlay.h"
#include "ui/kitchen/kitchenactions.h"
#include "ui/kitchen/kitchencommand.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/enginefeed.h"
#include "ui/kitchen/kitchenview.h"
#include "core/kitchen/koreanparticles.h"
#include "ui/lessons/lessonactions.h"
#include "ui/lessons/lessonsdock.h"
#include "ui/races/matmulracepanel.h"
#include "ui/devices/memorypanel.h"
#include "ui/watch/watchcontroller.h"
#include "ui/window/preferencesdialog.h"
#include "ui/files/sessioncontroller.h"
#include "core/races/trainingrace.h"
#include "ui/races/trainingracepanel.h"
#include "ui/transfers/transferlabpanel.h"

#include <QApplication>
#include <QCloseEvent>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
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
    // An answer's undo step and notices (onFinished) come before its flights (the view's feed).
    connect(m_engine, &KitchenEngine::finished, this, &MainWindow::onFinished);
    m_view = new KitchenView(new EngineFeed(m_engine, m_facts, this));
    buildTabs();
    // The features add their actions to the window's menus, each in its group (WindowMenus).
    m_menus = std::make_unique<WindowMenus>(this);
    m_cards = new CardActions(m_engine, m_view, this);
    m_kitchenActions = new KitchenActions(m_engine, m_undo, m_cards, m_view, this, *m_menus);
    m_meaning = m_kitchenActions->dragMeaning();
    m_codeLogDock = m_kitchenActions->codeLogDock();
    m_viewMenu = m_menus->menuOf(WindowMenus::Group::ViewPanes);
    m_helpMenu = m_menus->menuOf(WindowMenus::Group::HelpAbout);
    m_session = new SessionController(m_engine, m_undo, this); // starts the autosave
    m_session->addActions(*m_menus);
    m_lessonActions = new LessonActions(m_engine, m_view, m_cards, m_tabs, m_matmulRace, m_trainingRace, this);
    DeviceDetailsDialog::addAction(*m_menus);
    addOwnActions();
    buildDocks();
    wireParts();

    const QByteArray geometry = QSettings().value(QStringLiteral("window/geometry")).toByteArray();

    // Created after the tabs and docks, so that the flights pass over them.
    m_overlay = new FlightOverlay(this);
    m_overlay->setGeometry(rect());
    m_view->setOverlay(m_overlay);
    // Programs run under `python -m tensorkitchen` get kitchens of their own, as tabs.
    m_watch = new WatchController(m_tabs, m_overlay, this);
    m_watch->addActions(*m_menus);
    m_lessonActions->setWatch(m_watch);
    connect(m_watch, &WatchController::statusMessage, this, &MainWindow::say);

    m_engine->setDefaultFollowUp(m_cards->showingErrors());
    connect(m_engine, &KitchenEngine::codeLineAdded, m_console, &ConsolePane::echoKitchenLine);
    // The Memory tab's timeline first, then the panes' gauges.
    m_memory->follow(m_engine);
    connect(m_memory, &MemoryPanel::statusMessage, this, &MainWindow::say);
    connect(m_engine, &KitchenEngine::busyChanged, this, [](bool busy) {
        if (busy)
            QApplication::setOverrideCursor(Qt::BusyCursor);
        else
            QApplication::restoreOverrideCursor();
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

    connect(m_view, &KitchenView::fileDropped, m_session, &SessionController::loadFile);
    m_cards->setErrorHint([this](const OpError &error) { return m_lessonsDock->errorHint(error); });
    connect(m_view->firstSteps(), &FirstSteps::loadFileRequested, m_session, &SessionController::loadFileWithDialog);
    connect(m_view->firstSteps(), &FirstSteps::firstLessonRequested, this, [this] { m_lessonsDock->showLesson(0); });
}

// The window's own actions: quit, the preferences and about.
void MainWindow::addOwnActions()
{
    using Group = WindowMenus::Group;
    ActionBuilder(this, "quit")
        .setText(tr("&Quit"))
        .setShortcut(QKeySequence::Quit)
        .addTo(*m_menus, Group::FileQuit)
        .addOnTriggered(this, &QWidget::close);
    PreferencesDialog::addAction(*m_menus,
                                 [this] { m_meaning->setMeaning(TransferMeaning(PreferencesDialog::dragMeaning())); });
    ActionBuilder(this, "about")
        .setText(tr("&About Tensor Kitchen"))
        .addTo(*m_menus, Group::HelpAbout)
        .addOnTriggered(this, [this] {
            QMessageBox::about(this, tr("About Tensor Kitchen"),
                               tr("<h3>Tensor Kitchen %1</h3><p>See how PyTorch places tensors on "
                                  "devices.</p><p>LibTorch %2 · %3</p>")
                                   .arg(QStringLiteral(TK_VERSION), m_facts.torchVersion,
                                        m_facts.cudaBuild ? tr("CUDA build") : tr("CPU-only build")));
        });
}

void MainWindow::buildDocks()
{
    // The PyTorch console, beside the code log: the same lines, typed or dragged.
    m_console = new ConsolePane(m_engine);
    m_consoleDock = new ConsoleDock(m_console, m_codeLogDock, this, *m_menus);
    m_lessonsDock = new LessonsDock(m_lessonActions, this, *m_menus);
    m_lessons = m_lessonsDock->lessons();
}

// What every answer from the core needs, whichever part asked: the undo history and the
// autosave learn of the change and notices are said; the kitchen view flies its moves (its
// EngineFeed). The request's own follow-up runs after both (KitchenEngine::submit).
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
        m_session->loadFile(path, QStringLiteral("cpu"));
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
