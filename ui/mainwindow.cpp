#include "mainwindow.h"

#include "codelogview.h"
#include "devicepane.h"
#include "deviceregistry.h"
#include "devicestyle.h"
#include "errordialog.h"
#include "flightoverlay.h"
#include "kitchenengine.h"
#include "kitchencommand.h"
#include "lessonspanel.h"
#include "matmulracepanel.h"
#include "preferencesdialog.h"
#include "memorypanel.h"
#include "devicedetailsdialog.h"
#include "transferlabpanel.h"
#include "trainingrace.h"
#include "trainingracepanel.h"
#include "newtensordialog.h"
#include "tensorcard.h"
#include "valuesdialog.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QGraphicsOpacityEffect>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSaveFile>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QCloseEvent>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>
#include <QTimer>
#include <QToolBar>

namespace tk {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_engine(new KitchenEngine(this))
{
    setWindowTitle(tr("Tensor Kitchen"));
    // LibTorch keeps its thread count per thread (OpenMP): the worker sets its own; set this
    // thread's too, so that reports read here say what the work uses.
    DeviceRegistry::applyThreads();
    m_facts = DeviceRegistry::buildFacts();
    m_undo = new QUndoStack(this);
    buildPanes();
    buildMenus();

    m_codeLog = new CodeLogView;
    auto *dock = new QDockWidget(tr("Code log"), this);
    dock->setObjectName(QStringLiteral("codeLogDock"));
    dock->setWidget(m_codeLog);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"))->addAction(dock->toggleViewAction());
    connect(m_engine, &KitchenEngine::codeLogReset, m_codeLog, &CodeLogView::setLines);

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
    connect(m_lessons, &LessonsPanel::tryIt, this, &MainWindow::tryLesson);

    // Autosave once a minute when something changed; recovery reads it after a crash.
    auto *autosave = new QTimer(this);
    autosave->setInterval(60 * 1000);
    connect(autosave, &QTimer::timeout, this, [this] {
        if (m_dirty)
            autosaveNow(0);
    });
    autosave->start();
    m_previousExitWasClean = QSettings().value(QStringLiteral("session/cleanExit"), true).toBool();
    QSettings().setValue(QStringLiteral("session/cleanExit"), false);
    connect(m_undo, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    setDragMeaning(TransferMeaning(PreferencesDialog::dragMeaning()));
    connect(m_meaning, &QComboBox::currentIndexChanged, this,
            [this] { PreferencesDialog::setDragMeaning(int(dragMeaning())); });
    const QByteArray geometry = QSettings().value(QStringLiteral("window/geometry")).toByteArray();

    m_overlay = new FlightOverlay(this);
    m_overlay->setGeometry(rect());

    connect(m_engine, &KitchenEngine::cardAdded, this, &MainWindow::onCardAdded);
    connect(m_engine, &KitchenEngine::cardUpdated, this, &MainWindow::onCardUpdated);
    connect(m_engine, &KitchenEngine::cardRemoved, this, [this](int id) { onCardRemoved(id); });
    connect(m_engine, &KitchenEngine::finished, this, &MainWindow::onFinished);
    connect(m_engine, &KitchenEngine::codeLineAdded, m_codeLog, &CodeLogView::appendLine);
    connect(m_engine, &KitchenEngine::devicesSampled, this, &MainWindow::onDevicesSampled);
    connect(m_engine, &KitchenEngine::busyChanged, this, [this](bool busy) {
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
    connect(m_engine, &KitchenEngine::previewReady, this,
            [this](quint64 request, const TensorPreview &p) {
                if (auto dlg = m_valueDialogs.take(request))
                    dlg->setPreview(p);
            });

    // Memory gauges: sampled on the worker, so the GUI never waits for a device.
    auto *sampler = new QTimer(this);
    sampler->setInterval(250); // the memory timeline wants about 4 samples a second
    connect(sampler, &QTimer::timeout, this,
            [this] { m_engine->sampleDevices(m_metaPane && m_metaPane->isVisible()); });
    sampler->start();
    m_engine->sampleDevices(true);

    statusBar()->showMessage(tr("Ctrl+N makes a tensor. Drag a card to another pane to move it. F1: lessons."));
    resize(1200, 760);
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
        restoreState(QSettings().value(QStringLiteral("window/state")).toByteArray());
    }
    updateTitle();
}

MainWindow::~MainWindow()
{
    while (QApplication::overrideCursor())
        QApplication::restoreOverrideCursor();
}

void MainWindow::buildPanes()
{
    m_splitter = new QSplitter(Qt::Horizontal);
    auto addPane = [this](DevicePane *pane, QWidget *into) {
        m_panes << pane;
        connect(pane, &DevicePane::cardDropped, this,
                [this](int id, const QString &, const QString &to, Qt::KeyboardModifiers mods) {
                    requestTransfer(id, to, meaningFor(mods));
                });
        connect(pane, &DevicePane::fileDropped, this,
                [this](const QString &path, const QString &device) { loadPtFile(path, device); });
        if (auto *split = qobject_cast<QSplitter *>(into))
            split->addWidget(pane);
    };

    const QList<DeviceInfo> devices = DeviceRegistry::devices(false);
    auto *cpu = new DevicePane(QStringLiteral("cpu"));
    addPane(cpu, m_splitter);

    // Several GPUs stack in one column next to the CPU counter.
    auto *gpus = new QSplitter(Qt::Vertical);
    int gpuCount = 0;
    for (const DeviceInfo &d : devices) {
        if (!d.isCuda())
            continue;
        auto *pane = new DevicePane(d.id);
        addPane(pane, gpus);
        ++gpuCount;
    }
    if (gpuCount == 0) {
        // The workbench stays: it explains why it is empty, and a drop follows the idiom.
        auto *pane = new DevicePane(QStringLiteral("cuda"));
        pane->setHardware(tr("No GPU available"), QString());
        pane->setEmptyExplanation(
            m_facts.noGpuExplanation() + QStringLiteral("\n\n")
            + tr("device = \"cuda\" if torch.cuda.is_available() else \"cpu\" gives cpu here, so a "
                 "card dropped on this workbench runs x.to(device) — which returns x itself, "
                 "still on the CPU counter."));
        addPane(pane, gpus);
    }
    m_splitter->addWidget(gpus);

    m_metaPane = new DevicePane(QStringLiteral("meta"));
    m_metaPane->setHardware(tr("Shapes and dtypes only: no data, no memory"),
                            tr("A real LibTorch device: mixing it with cpu gives the real "
                               "device-mismatch error, even without a GPU."));
    addPane(m_metaPane, m_splitter);
    m_metaPane->hide();
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setStretchFactor(2, 1);
    m_splitter->setSizes({1000, 1000, 1000}); // equal thirds to start
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->addTab(m_splitter, tr("&Kitchen"));
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

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAct = file->addAction(tr("&New tensor…"), this, &MainWindow::newTensor);
    newAct->setShortcut(QKeySequence::New);
    newAct->setObjectName(QStringLiteral("newTensorAction"));
    file->addAction(tr("&Open session…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), QString(),
                                                          tr("Tensor Kitchen sessions (*.tks)"));
        if (!path.isEmpty())
            openSession(path);
    });
    file->addAction(tr("&Save session"), QKeySequence::Save, this, [this] {
        QString path = m_sessionPath;
        if (path.isEmpty())
            path = QFileDialog::getSaveFileName(this, tr("Save session"), QStringLiteral("kitchen.tks"),
                                                tr("Tensor Kitchen sessions (*.tks)"));
        if (!path.isEmpty())
            saveSession(path);
    });
    file->addAction(tr("Save session &as…"), QKeySequence::SaveAs, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save session"), QStringLiteral("kitchen.tks"),
                                                          tr("Tensor Kitchen sessions (*.tks)"));
        if (!path.isEmpty())
            saveSession(path);
    });
    file->addAction(tr("&Load .pt file…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load tensors"), QString(),
                                                          tr("PyTorch files (*.pt *.pth)"));
        if (!path.isEmpty())
            loadPtFile(path, QStringLiteral("cpu"));
    });
    file->addSeparator();
    QAction *exportAct = file->addAction(tr("&Export code…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export code"),
                                                          QStringLiteral("kitchen_session.py"),
                                                          tr("Python (*.py)"));
        if (path.isEmpty())
            return;
        QString error;
        if (!exportCode(path, &error))
            QMessageBox::warning(this, tr("Export code"), error);
        else
            say(tr("Wrote %1: it runs under PyTorch.").arg(path));
    });
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
    QAction *trio = kitchen->addAction(tr("Add &model, optimizer and loss"), this, &MainWindow::addModelTrio);
    trio->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    kitchen->addAction(tr("&Forget to move the model (see the error)"), this,
                       &MainWindow::forgetToMoveTheModel);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    m_metaAction = view->addAction(tr("&Meta device pane"));
    m_metaAction->setCheckable(true);
    m_metaAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    connect(m_metaAction, &QAction::toggled, this, &MainWindow::setMetaPaneVisible);

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
    m_meaning = new QComboBox;
    m_meaning->setObjectName(QStringLiteral("dragMeaning"));
    m_meaning->addItem(QStringLiteral("x = x.to(d)"), int(TransferMeaning::Reassign));
    m_meaning->addItem(QStringLiteral("y = x.to(d)"), int(TransferMeaning::NewName));
    m_meaning->addItem(tr("x.to(d)  (result discarded)"), int(TransferMeaning::Discard));
    m_meaning->setToolTip(tr("What dropping a card on another device does.\n"
                             "Hold Shift for y = x.to(d), Ctrl for x.to(d) with the result discarded."));
    bar->addWidget(m_meaning);
    auto *hint = new QLabel(tr("  Shift: y = x.to(d) · Ctrl: discarded"));
    hint->setStyleSheet(QStringLiteral("color: palette(mid);"));
    bar->addWidget(hint);
    bar->addSeparator();
    bar->addAction(m_metaAction);
}

DevicePane *MainWindow::pane(const QString &deviceId) const
{
    for (DevicePane *p : m_panes)
        if (p->deviceId() == deviceId)
            return p;
    return nullptr;
}

QMenu *MainWindow::operationMenu() const { return m_operationMenu.data(); }
ErrorDialog *MainWindow::errorDialog() const { return m_errorDialog.data(); }

TensorCard *MainWindow::cardWidget(int id) const { return m_cards.value(id, nullptr); }

TransferMeaning MainWindow::dragMeaning() const
{
    return TransferMeaning(m_meaning->currentData().toInt());
}

void MainWindow::setDragMeaning(TransferMeaning meaning)
{
    m_meaning->setCurrentIndex(m_meaning->findData(int(meaning)));
}

TransferMeaning MainWindow::meaningFor(Qt::KeyboardModifiers modifiers) const
{
    if (modifiers & Qt::ShiftModifier)
        return TransferMeaning::NewName;
    if (modifiers & Qt::ControlModifier)
        return TransferMeaning::Discard;
    return dragMeaning();
}

void MainWindow::setMetaPaneVisible(bool visible)
{
    m_metaPane->setVisible(visible);
    if (m_metaAction->isChecked() != visible)
        m_metaAction->setChecked(visible);
    if (visible)
        m_engine->sampleDevices(true);
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (m_overlay)
        m_overlay->setGeometry(rect());
}

QRect MainWindow::globalRect(QWidget *w) const
{
    return QRect(w->mapToGlobal(QPoint(0, 0)), w->size());
}

void MainWindow::say(const QString &message, int ms)
{
    m_lastMessage = message;
    statusBar()->showMessage(message, ms);
}

QStringList MainWindow::moveTargets() const
{
    QStringList list;
    for (DevicePane *p : m_panes)
        if (p != m_metaPane || m_metaPane->isVisible())
            list << p->deviceId();
    return list;
}

void MainWindow::newTensor()
{
    QStringList names;
    for (TensorCard *c : std::as_const(m_cards))
        names << c->info().name;
    QString suggested;
    for (const char *n : {"x", "y", "w", "a", "b", "c", "u", "v"})
        if (!names.contains(QLatin1String(n))) {
            suggested = QLatin1String(n);
            break;
        }
    if (suggested.isEmpty())
        suggested = QStringLiteral("t%1").arg(names.size() + 1);
    QStringList devices = {QStringLiteral("cpu")};
    for (const QString &d : moveTargets())
        if (d != QLatin1String("cpu"))
            devices << d;
    auto *dlg = new NewTensorDialog(devices, names, suggested, this);
    dlg->setObjectName(QStringLiteral("newTensorDialog"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    connect(dlg, &QDialog::accepted, this, [this, dlg] {
        Pending p;
        p.kind = Pending::Kind::Create;
        m_pending.insert(m_engine->create(dlg->spec()), p);
        say(tr("Creating %1…").arg(dlg->spec().name), 3000);
    });
    dlg->open();
}

void MainWindow::addModelTrio()
{
    Pending p;
    p.kind = Pending::Kind::ModelTrio;
    m_pending.insert(m_engine->createModel(64, 2), p);
}

void MainWindow::forgetToMoveTheModel()
{
    Pending p;
    p.kind = Pending::Kind::Combine;
    p.op = Operation::Forward;
    m_pending.insert(m_engine->forgetToMoveTheModel(), p);
}

quint64 MainWindow::requestTransfer(int id, const QString &device, TransferMeaning meaning)
{
    Pending p;
    p.kind = Pending::Kind::Transfer;
    if (TensorCard *c = cardWidget(id)) {
        p.pixmap = c->grab().scaledToWidth(std::min(c->width(), 320), Qt::SmoothTransformation);
        p.from = globalRect(c);
    }
    const quint64 request = m_engine->transfer(id, device, meaning);
    m_pending.insert(request, p);
    return request;
}

quint64 MainWindow::requestCombine(Operation op, int a, int b)
{
    Pending p;
    p.kind = Pending::Kind::Combine;
    p.op = op;
    p.a = a;
    p.b = b;
    const quint64 request = m_engine->combine(op, a, b);
    m_pending.insert(request, p);
    return request;
}

QMenu *MainWindow::showOperationMenu(int a, int b, const QPoint &globalPos)
{
    const auto ca = m_engine->card(a), cb = m_engine->card(b);
    if (!ca || !cb)
        return nullptr;
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("operationMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(tr("Combine %1 with %2").arg(ca->name, cb->name));
    QList<Operation> ops;
    if (ca->kind == QLatin1String("model") && cb->kind == QLatin1String("tensor")) {
        ops = {Operation::Forward};
    } else if (ca->kind == QLatin1String("tensor") && cb->kind == QLatin1String("model")) {
        std::swap(a, b);
        ops = {Operation::Forward};
    } else if (ca->kind == QLatin1String("tensor") && cb->kind == QLatin1String("tensor")) {
        ops = {Operation::Add, Operation::Mul, Operation::Matmul, Operation::Cat};
    } else {
        say(tr("Only tensors combine, and a model takes a tensor: model(x)."));
        menu->deleteLater();
        return nullptr;
    }
    const auto na = m_engine->card(a)->name, nb = m_engine->card(b)->name;
    for (Operation op : ops) {
        QAction *act = menu->addAction(QStringLiteral("%1 = %2").arg(
            op == Operation::Forward ? QStringLiteral("out") : QStringLiteral("z"), operationCode(op, na, nb)));
        act->setObjectName(operationName(op));
        connect(act, &QAction::triggered, this, [this, op, a, b] { requestCombine(op, a, b); });
    }
    m_operationMenu = menu;
    menu->popup(globalPos);
    return menu;
}

void MainWindow::placeCard(TensorCard *card)
{
    const QString dev = card->info().device;
    DevicePane *target = pane(dev);
    if (!target && dev.startsWith(QLatin1String("cuda")))
        target = pane(QStringLiteral("cuda"));
    if (dev == QLatin1String("meta") && !m_metaPane->isVisible())
        setMetaPaneVisible(true);
    if (!target)
        target = m_panes.first();
    for (DevicePane *p : m_panes)
        if (p != target && p->card(card->cardId()))
            p->takeCard(card->cardId());
    if (!target->card(card->cardId()))
        target->addCard(card);
}

void MainWindow::onCardAdded(const CardInfo &info)
{
    auto *card = new TensorCard(info);
    m_cards.insert(info.id, card);
    connect(card, &TensorCard::combineRequested, this,
            [this](int src, int dst, const QPoint &pos) { showOperationMenu(dst, src, pos); });
    connect(card, &TensorCard::menuRequested, this, &MainWindow::showCardMenu);
    connect(card, &TensorCard::valuesRequested, this, &MainWindow::showValues);
    connect(card, &TensorCard::deleteRequested, this, [this](int id) {
        Pending p;
        m_pending.insert(m_engine->remove(id), p);
    });
    connect(card, &TensorCard::renameRequested, this, &MainWindow::renameCard);
    placeCard(card);
}

void MainWindow::onCardUpdated(const CardInfo &info)
{
    TensorCard *card = cardWidget(info.id);
    if (!card)
        return onCardAdded(info);
    card->setInfo(info);
    placeCard(card);
}

void MainWindow::onCardRemoved(int id)
{
    TensorCard *card = m_cards.take(id);
    if (!card)
        return;
    for (DevicePane *p : m_panes)
        p->takeCard(id);
    card->deleteLater();
}

void MainWindow::onFinished(quint64 request, const Outcome &outcome)
{
    const Pending p = m_pending.take(request);
    if (outcome.undoable) {
        const QList<CodeLine> &lines = m_engine->codeLog().lines();
        m_undo->push(new KitchenCommand(m_engine, lines.isEmpty() ? tr("change") : lines.last().code));
        m_dirty = true;
    }
    for (const QString &n : outcome.notices)
        say(n, 15000);
    if (p.then)
        p.then(outcome);
    if (!outcome.ok()) {
        showError(outcome.error, p.a, p.b, p);
        return;
    }
    switch (p.kind) {
    case Pending::Kind::Transfer:
        animateTransfer(outcome.transfer, p);
        if (p.retryAfter)
            requestCombine(p.op, p.a, p.b);
        break;
    case Pending::Kind::Combine:
        if (auto c = m_engine->card(outcome.cardId))
            say(tr("%1 is on %2.").arg(c->name, c->device));
        break;
    case Pending::Kind::Create:
        if (auto c = m_engine->card(outcome.cardId)) {
            say(tr("Created %1 on %2.").arg(c->name, c->device));
            if (TensorCard *w = cardWidget(c->id))
                w->setFocus();
        }
        break;
    case Pending::Kind::ModelTrio:
        // The optimizer is built over the model's parameters; the loss stands alone.
        m_pending.insert(m_engine->createOptimizer(outcome.cardId), Pending{});
        m_pending.insert(m_engine->createLoss(), Pending{});
        say(tr("model, optimizer and loss_fn: drag the model to a device — only it needs .to()."));
        break;
    case Pending::Kind::Other:
        break;
    }
}

void MainWindow::animateTransfer(const MoveReport &r, const Pending &p)
{
    const QString caption = tr("%1 · %2 ms · %3 GB/s")
                                .arg(QLocale().formattedDataSize(r.bytes))
                                .arg(r.seconds * 1e3, 0, 'f', 3)
                                .arg(r.gigabytesPerSecond(), 0, 'f', 2);
    QString message = r.describe();
    if (r.meaning == TransferMeaning::Discard)
        message += QLatin1Char(' ') + tr("Tip: write %1 = %1.to(%2) to keep it.").arg(r.sourceName, r.requestedDevice);
    say(message, 12000);
    if (r.sameStorage || r.noMoveNeeded || p.pixmap.isNull())
        return; // nothing was copied: no flight, the message says why
    const int ms = FlightOverlay::durationFor(r.seconds);

    if (r.meaning == TransferMeaning::Discard) {
        DevicePane *target = pane(r.toDevice);
        if (!target)
            return;
        const QRect to(target->mapToGlobal(QPoint(12, 120)), p.from.size());
        m_overlay->fly(p.pixmap, p.from, to, ms, caption, true);
        return;
    }
    QPointer<TensorCard> landed = cardWidget(r.resultId);
    if (!landed)
        return;
    // Hide the arriving card until its ghost lands on it.
    auto *hidden = new QGraphicsOpacityEffect(landed);
    hidden->setOpacity(0.0);
    landed->setGraphicsEffect(hidden);
    m_overlay->fly(p.pixmap, p.from, globalRect(landed), ms, caption, false, [landed] {
        if (landed)
            landed->setGraphicsEffect(nullptr);
    });
    if (r.meaning == TransferMeaning::Reassign && r.oldReleased)
        m_overlay->fadeOut(p.pixmap, p.from, tr("old %1 released").arg(r.sourceName), ms);
}

void MainWindow::showError(const OpError &error, int a, int b, const Pending &)
{
    if (a < 0 && error.cards.size() == 2) {
        a = error.cards.at(0);
        b = error.cards.at(1);
    }
    say(error.message, 12000);
    auto operand = [this](int id) {
        ErrorDialog::Operand o;
        if (auto c = m_engine->card(id)) {
            o.id = id;
            o.name = c->name;
            o.device = c->device;
            o.kind = c->kind;
        }
        return o;
    };
    if (m_errorDialog)
        m_errorDialog->close();
    auto *dlg = new ErrorDialog(error, operand(a), operand(b), this);
    const bool forward = m_engine->card(a) && m_engine->card(a)->kind == QLatin1String("model");
    const Operation op = forward ? Operation::Forward
                         : error.codeLine.contains(QLatin1String(" @ ")) ? Operation::Matmul
                         : error.codeLine.contains(QLatin1String(" * ")) ? Operation::Mul
                         : error.codeLine.contains(QLatin1String("torch.cat")) ? Operation::Cat
                                                                                : Operation::Add;
    connect(dlg, &ErrorDialog::moveAndRetry, this, [this, op, a, b](int id, const QString &device) {
        const quint64 request = requestTransfer(id, device, TransferMeaning::Reassign);
        m_pending[request].retryAfter = true;
        m_pending[request].op = op;
        m_pending[request].a = a;
        m_pending[request].b = b;
    });
    connect(dlg, &ErrorDialog::emptyCacheRequested, m_engine, &KitchenEngine::emptyCache);
    m_errorDialog = dlg;
    dlg->open();
}

void MainWindow::showCardMenu(int id, const QPoint &globalPos)
{
    const auto info = m_engine->card(id);
    if (!info)
        return;
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QMenu *move = menu->addMenu(tr("&Move to"));
    for (const QString &dev : moveTargets()) {
        QMenu *sub = move->addMenu(dev == QLatin1String("cuda") ? tr("device (no GPU: cpu)") : dev);
        const QString arg = dev == QLatin1String("cuda") ? QStringLiteral("device")
                                                         : QStringLiteral("\"%1\"").arg(dev);
        const QString x = info->name;
        sub->addAction(QStringLiteral("%1 = %1.to(%2)").arg(x, arg), this,
                       [=] { requestTransfer(id, dev, TransferMeaning::Reassign); });
        sub->addAction(QStringLiteral("%1_%2 = %1.to(%3)").arg(x, QString(dev).remove(':'), arg), this,
                       [=] { requestTransfer(id, dev, TransferMeaning::NewName); });
        sub->addAction(tr("%1.to(%2)  — result discarded").arg(x, arg), this,
                       [=] { requestTransfer(id, dev, TransferMeaning::Discard); });
    }
    menu->addAction(tr("Show &values"), this, [=] { showValues(id); });
    if (info->kind == QLatin1String("tensor"))
        menu->addAction(tr("Save as .&pt…"), this, [=] {
            const QString path = QFileDialog::getSaveFileName(this, tr("Save tensor"), info->name + QStringLiteral(".pt"),
                                                              tr("PyTorch files (*.pt)"));
            if (!path.isEmpty())
                m_pending.insert(m_engine->savePt(id, path), Pending{});
        });
    menu->addSeparator();
    QAction *rename = menu->addAction(tr("&Rename…"), this, [=] { renameCard(id); });
    rename->setShortcut(Qt::Key_F2);
    menu->addAction(tr("&Clone"), this, [=] { m_pending.insert(m_engine->clone(id), Pending{}); });
    QAction *del = menu->addAction(tr("&Delete"), this,
                                   [=] { m_pending.insert(m_engine->remove(id), Pending{}); });
    del->setShortcut(QKeySequence::Delete);
    menu->popup(globalPos);
}

void MainWindow::renameCard(int id)
{
    const auto info = m_engine->card(id);
    if (!info)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename"), tr("New name for %1:").arg(info->name),
                                               QLineEdit::Normal, info->name, &ok);
    if (ok && !name.isEmpty())
        m_pending.insert(m_engine->rename(id, name), Pending{});
}

void MainWindow::showValues(int id)
{
    auto *dlg = new ValuesDialog(this);
    m_valueDialogs.insert(m_engine->preview(id), dlg);
    dlg->show();
}

void MainWindow::onDevicesSampled(const QList<DeviceInfo> &devices, const QList<qint64> &bytes)
{
    m_memory->addSample(devices, bytes);
    const QLocale l;
    for (int i = 0; i < devices.size(); ++i) {
        const DeviceInfo &d = devices.at(i);
        DevicePane *p = pane(d.id);
        if (!p)
            continue;
        if (d.type == QLatin1String("cpu"))
            p->setHardware(d.name, tr("%1 threads in use · %2 logical cores · %3 RAM")
                                       .arg(d.threads)
                                       .arg(d.logicalCores)
                                       .arg(l.formattedDataSize(d.memoryTotal)));
        else if (d.isCuda())
            p->setHardware(d.name, tr("compute capability %1 · %2")
                                       .arg(d.capability, l.formattedDataSize(d.memoryTotal)));
        p->setMemory(d, bytes.value(i));
    }
}

bool MainWindow::exportCode(const QString &path, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(m_engine->codeLog().toScript().toUtf8());
    if (!f.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

int MainWindow::idOfName(const QString &name) const
{
    for (const CardInfo &c : m_engine->cards())
        if (c.name == name)
            return c.id;
    return -1;
}

void MainWindow::tryLesson(const QString &id)
{
    // A lesson works on a tensor called x: make one when there is none, then go on.
    auto withX = [this](std::function<void(int)> next) {
        const int x = idOfName(QStringLiteral("x"));
        if (x >= 0 && m_engine->card(x)->device == QLatin1String("cpu")) {
            next(x);
            return;
        }
        TensorSpec s;
        s.shape = {2, 3};
        s.name = x >= 0 ? QString() : QStringLiteral("x"); // x is taken (on another device): a free name
        Pending p;
        p.kind = Pending::Kind::Create;
        p.then = [next](const Outcome &o) {
            if (o.ok())
                next(o.cardId);
        };
        m_pending.insert(m_engine->create(s), p);
    };
    m_tabs->setCurrentIndex(0);
    if (id.startsWith(QLatin1String("01"))) {
        withX([this](int) { say(tr("x = torch.ones(2, 3) lives on the CPU counter: x.device is cpu.")); });
    } else if (id.startsWith(QLatin1String("02"))) {
        setMetaPaneVisible(true);
        withX([this](int x) { requestTransfer(x, QStringLiteral("meta"), TransferMeaning::NewName); });
    } else if (id.startsWith(QLatin1String("03"))) {
        setMetaPaneVisible(true);
        withX([this](int x) { requestTransfer(x, QStringLiteral("meta"), TransferMeaning::Discard); });
    } else if (id.startsWith(QLatin1String("04"))) {
        forgetToMoveTheModel();
    } else if (id.startsWith(QLatin1String("05"))) {
        addModelTrio();
    } else if (id.startsWith(QLatin1String("06"))) {
        m_tabs->setCurrentWidget(m_matmulRace);
        m_matmulRace->startRace(m_matmulRace->settingsFromControls());
    } else if (id.startsWith(QLatin1String("07"))) {
        m_tabs->setCurrentWidget(m_matmulRace);
    } else if (id.startsWith(QLatin1String("08"))) {
        m_tabs->setCurrentWidget(m_trainingRace);
        m_trainingRace->startRace(m_trainingRace->configFromControls(), m_trainingRace->lanesFromControls());
    } else if (id.startsWith(QLatin1String("09"))) {
        m_tabs->setCurrentWidget(m_memory);
    }
}

quint64 MainWindow::openSession(const QString &path)
{
    Pending p;
    p.then = [this, path](const Outcome &o) {
        if (!o.ok())
            return;
        m_undo->clear();
        if (path != autosavePath())
            m_sessionPath = path;
        m_dirty = false;
        updateTitle();
        say(tr("Opened %1.").arg(QFileInfo(path).fileName()) + QLatin1Char(' ') + o.notices.join(QLatin1Char(' ')), 15000);
    };
    const quint64 request = m_engine->openSession(path);
    m_pending.insert(request, p);
    return request;
}

quint64 MainWindow::saveSession(const QString &path)
{
    Pending p;
    p.then = [this, path](const Outcome &o) {
        if (!o.ok())
            return;
        m_sessionPath = path;
        m_undo->setClean();
        updateTitle();
        say(tr("Saved %1.").arg(QFileInfo(path).fileName()));
    };
    const quint64 request = m_engine->saveSession(path);
    m_pending.insert(request, p);
    return request;
}

quint64 MainWindow::loadPtFile(const QString &path, const QString &device)
{
    Pending p;
    p.then = [this, path](const Outcome &o) {
        if (o.ok())
            say(tr("Loaded %1.").arg(QFileInfo(path).fileName()));
    };
    const quint64 request = m_engine->loadPt(path, device == QLatin1String("cuda") ? QStringLiteral("cuda") : device);
    m_pending.insert(request, p);
    return request;
}

QString MainWindow::autosavePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath(QStringLiteral("autosave.tks"));
}

bool MainWindow::autosaveNow(int waitMs)
{
    bool done = false, ok = false;
    const quint64 request = m_engine->saveSession(autosavePath());
    Pending p;
    p.then = [&done, &ok, this, waitMs](const Outcome &o) {
        if (waitMs > 0) {
            done = true;
            ok = o.ok();
        }
        if (o.ok())
            m_dirty = false;
    };
    m_pending.insert(request, p);
    if (waitMs <= 0)
        return true;
    QEventLoop loop;
    QTimer limit;
    limit.setSingleShot(true);
    connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(m_engine, &KitchenEngine::finished, &loop, [&loop, request](quint64 r) {
        if (r == request)
            loop.quit();
    });
    limit.start(waitMs);
    if (!done)
        loop.exec();
    if (!done)
        m_pending[request].then = {}; // late answer: nobody waits for it any more
    return ok;
}

bool MainWindow::recoveryAvailable() const
{
    return QFile::exists(autosavePath());
}

quint64 MainWindow::recoverAutosave() { return openSession(autosavePath()); }

void MainWindow::offerRecovery()
{
    // The previous run set cleanExit back to true on its way out; false means it crashed.
    if (!recoveryAvailable() || m_previousExitWasClean)
        return;
    if (QMessageBox::question(this, tr("Recover the kitchen?"),
                              tr("Tensor Kitchen did not close properly last time. Restore the cards "
                                 "from the last autosave?"))
        == QMessageBox::Yes)
        recoverAutosave();
}

void MainWindow::updateTitle()
{
    const QString name = m_sessionPath.isEmpty() ? tr("untitled") : QFileInfo(m_sessionPath).fileName();
    setWindowTitle(tr("%1%2 — Tensor Kitchen").arg(name, m_undo->isClean() ? QString() : QStringLiteral(" *")));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Stop the races first: each ends within one block or step.
    m_matmulRace->cancelRace();
    m_trainingRace->race()->cancel();
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    if (m_dirty)
        autosaveNow(1500);
    s.setValue(QStringLiteral("session/cleanExit"), true);
    event->accept();
}

} // namespace tk
