#include "ui/watch/watchcontroller.h"
#include "core/kitchen/koreanparticles.h"

#include "core/watch/watcherpackage.h"

#include "ui/common/actionbuilder.h"
#include "ui/watch/jobkitchen.h"
#include "ui/watch/programkitchen.h"
#include "ui/watch/pythonchooser.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchfindings.h"
#include "core/watch/watchreplay.h"
#include "core/watch/watchserver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QSaveFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QPainter>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>

namespace tk {

void WatchController::addActions(WindowMenus &menus)
{
    using Group = WindowMenus::Group;
    ActionBuilder(this, "runAndWatch")
        .setText(tr("&Run a script and watch…"))
        .addTo(menus, Group::FileWatch)
        .addOnTriggered(this, &WatchController::runScriptWithDialog);
    ActionBuilder(this, "openRecording")
        .setText(tr("Open re&cording…"))
        .addTo(menus, Group::FileWatch)
        .addOnTriggered(this, &WatchController::openRecordingWithDialog);
    ActionBuilder(this, "exportTrace")
        .setText(tr("E&xport timeline (Perfetto)…"))
        .addTo(menus, Group::FileWatch)
        .addOnTriggered(this, &WatchController::exportTraceWithDialog);
}

WatchController::WatchController(QTabWidget *tabs, FlightOverlay *overlay, QWidget *window)
    : QObject(window), m_tabs(tabs), m_overlay(overlay), m_window(window), m_server(new WatchServer(this))
{
    connect(m_server, &WatchServer::programConnected, this, &WatchController::onProgram);
    connect(m_server, &WatchServer::programRefused, this, [this](qint64 pid, const QString &reason) {
        Q_EMIT statusMessage(tr("A program (pid %1) was not let in: %2").arg(pid).arg(reason), 15000);
    });
    // A program's kitchen tab closes; the app's own tabs do not.
    m_tabs->setTabsClosable(true);
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->tabBar()->setTabButton(i, QTabBar::RightSide, nullptr);
        m_tabs->tabBar()->setTabButton(i, QTabBar::LeftSide, nullptr);
    }
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        QWidget *page = m_tabs->widget(index);
        if (qobject_cast<ProgramKitchen *>(page) || qobject_cast<JobKitchen *>(page))
            page->deleteLater(); // a job's tab takes its ranks' kitchens with it
    });
    // A new program's tab is marked until it is looked at.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        QWidget *page = m_tabs->widget(index);
        if (m_badged.remove(page))
            m_tabs->setTabIcon(index, QIcon());
    });
    // Ended programs' tabs beyond kMaxProgramTabs fold into this button's menu.
    m_folds = new QToolButton(m_tabs);
    m_folds->setObjectName(QStringLiteral("foldedPrograms"));
    m_folds->setPopupMode(QToolButton::InstantPopup);
    m_folds->setAutoRaise(true);
    m_folds->setMenu(new QMenu(m_folds));
    m_folds->hide();
    m_tabs->setCornerWidget(m_folds, Qt::TopRightCorner);
    // Said once the window listens to this controller (it connects after constructing it).
    if (!m_server->listen())
        QTimer::singleShot(0, this, [this] {
            Q_EMIT statusMessage(tr("Programs cannot be watched live: %1").arg(m_server->errorString()), 15000);
        });
}

WatchController::~WatchController() = default; // the server removes its socket file

bool WatchController::listening() const { return m_server->isListening(); }
QString WatchController::socketPath() const { return m_server->path(); }

QString WatchController::packageDir() { return WatcherPackage::dir(); }

QList<ProgramKitchen *> WatchController::kitchens() const
{
    QList<ProgramKitchen *> list;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (auto *k = qobject_cast<ProgramKitchen *>(m_tabs->widget(i)))
            list << k;
        else if (auto *job = qobject_cast<JobKitchen *>(m_tabs->widget(i)))
            list << job->ranks();
    }
    return list;
}

QList<JobKitchen *> WatchController::jobs() const
{
    QList<JobKitchen *> list;
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto *job = qobject_cast<JobKitchen *>(m_tabs->widget(i)))
            list << job;
    return list;
}

int WatchController::tabOf(const QWidget *widget) const
{
    for (int i = 0; i < m_tabs->count(); ++i)
        if (m_tabs->widget(i) == widget || m_tabs->widget(i)->isAncestorOf(widget))
            return i;
    return -1;
}

void WatchController::placeInJob(ProgramKitchen *kitchen)
{
    const WatchHello &h = kitchen->program()->hello();
    if (h.rank < 0 || h.worldSize < 2 || h.group.isEmpty() || tabOf(kitchen) < 0
        || qobject_cast<JobKitchen *>(m_tabs->widget(tabOf(kitchen))))
        return; // not a rank of a job the app can tell apart, or placed already
    JobKitchen *job = nullptr;
    for (JobKitchen *j : jobs())
        if (j->group() == h.group)
            job = j;
    const bool current = m_tabs->currentWidget() == kitchen;
    const int index = tabOf(kitchen);
    m_tabs->removeTab(index);
    if (!job) {
        job = new JobKitchen(h.group);
        m_tabs->insertTab(index, job, QString());
        connect(job, &JobKitchen::titleChanged, this,
                [this, job](const QString &title) { m_tabs->setTabText(m_tabs->indexOf(job), title); });
    }
    job->addRank(kitchen);
    if (current)
        m_tabs->setCurrentWidget(job);
}

void WatchController::badge(QWidget *page)
{
    const int index = tabOf(page);
    if (index < 0 || m_tabs->currentIndex() == index)
        return;
    QPixmap dot(12, 12);
    dot.fill(Qt::transparent);
    QPainter p(&dot);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(m_tabs->palette().color(QPalette::Highlight));
    p.drawEllipse(QRectF(2, 2, 8, 8));
    m_tabs->setTabIcon(index, QIcon(dot));
    m_badged.insert(page);
    connect(page, &QObject::destroyed, this, [this, page] { m_badged.remove(page); });
}

void WatchController::foldEndedTabs()
{
    QList<ProgramKitchen *> ended;
    int programs = 0;
    for (int i = 0; i < m_tabs->count(); ++i) {
        QWidget *page = m_tabs->widget(i);
        if (!qobject_cast<ProgramKitchen *>(page) && !qobject_cast<JobKitchen *>(page))
            continue;
        ++programs;
        auto *k = qobject_cast<ProgramKitchen *>(page);
        if (k && page != m_tabs->currentWidget() && k->program()
            && k->program()->state() != WatchedProgram::State::Running
            && k->program()->state() != WatchedProgram::State::AwaitingHello)
            ended << k; // in tab order: the oldest first
    }
    for (ProgramKitchen *k : ended) {
        if (programs <= kMaxProgramTabs)
            break;
        m_tabs->removeTab(tabOf(k)); // kept, hidden, with all it holds
        m_badged.remove(k);
        k->hide();
        QAction *unfold = m_folds->menu()->addAction(k->title());
        connect(unfold, &QAction::triggered, this, [this, k, unfold] {
            m_folds->menu()->removeAction(unfold);
            unfold->deleteLater();
            m_tabs->setCurrentIndex(m_tabs->addTab(k, k->title()));
            updateFolds();
        });
        connect(k, &QObject::destroyed, unfold, [this, unfold] {
            m_folds->menu()->removeAction(unfold);
            unfold->deleteLater();
            updateFolds();
        });
        --programs;
    }
    updateFolds();
}

void WatchController::updateFolds()
{
    const int n = int(m_folds->menu()->actions().size());
    m_folds->setText(tr("%n ended programs", nullptr, n));
    m_folds->setToolTip(tr("Programs that ended, folded away so that the tabs stay readable: pick one to "
                           "open its tab again."));
    m_folds->setVisible(n > 0);
}

int WatchController::foldedCount() const { return int(m_folds->menu()->actions().size()); }

ProgramKitchen *WatchController::addKitchen(WatchedProgram *program, bool focus)
{
    auto *kitchen = new ProgramKitchen(program, m_overlay);
    const int index = m_tabs->addTab(kitchen, kitchen->title());
    connect(kitchen, &ProgramKitchen::titleChanged, this, [this, kitchen](const QString &title) {
        if (m_tabs->indexOf(kitchen) >= 0) // a rank in a job's tab: the job names the tab
            m_tabs->setTabText(m_tabs->indexOf(kitchen), title);
    });
    connect(kitchen, &ProgramKitchen::statusMessage, this, &WatchController::statusMessage);
    connect(kitchen, &ProgramKitchen::errorRaised, this, [this, kitchen] {
        m_tabs->setTabIcon(tabOf(kitchen), m_tabs->style()->standardIcon(QStyle::SP_MessageBoxWarning));
    });
    // The ranks of one job (their hellos share a group) go side by side into one tab.
    connect(program, &WatchedProgram::helloReceived, this, [this, kitchen] { placeInJob(kitchen); });
    // The user's own action (a recording opened, a script started from the app) shows its tab;
    // a program that connects by itself never takes the focus from what the user is doing.
    if (focus)
        m_tabs->setCurrentIndex(index);
    else
        badge(kitchen);
    if (program->state() != WatchedProgram::State::AwaitingHello)
        placeInJob(kitchen);
    foldEndedTabs();
    return kitchen;
}

void WatchController::onProgram(WatchedProgram *program)
{
    const qint64 pid = program->hello().pid;
    const QString output = m_outputs.take(pid);
    ProgramKitchen *kitchen = addKitchen(program, !output.isEmpty());
    // The tab owns the program from now on: it stays readable after its connection closes.
    program->setParent(kitchen);
    Q_EMIT statusMessage(
        output.isEmpty() ? tr("Watching %1 in a tab of its own (marked until you look at it).").arg(kitchen->title())
                         : tr("Watching %1.").arg(kitchen->title()),
        8000);
    // The status bar follows the tab: "Watching" is replaced once the program has ended.
    connect(program, &WatchedProgram::ended, this, [this, program, title = kitchen->title()] {
        Q_EMIT statusMessage(program->hasExitCode() ? tr("%1 ended (exit code %2).").arg(title).arg(program->exitCode())
                                                    : tr("%1 ended.").arg(title),
                             8000);
    });
    if (output.isEmpty())
        return;
    // A script the app started: its output file, followed while the tab is open.
    auto *timer = new QTimer(kitchen);
    auto offset = std::make_shared<qint64>(0);
    connect(timer, &QTimer::timeout, kitchen, [kitchen, output, offset] {
        QFile f(output);
        if (!f.open(QIODevice::ReadOnly) || f.size() <= *offset)
            return;
        f.seek(*offset);
        const QByteArray bytes = f.read(256 * 1024);
        *offset += bytes.size();
        kitchen->appendOutput(QString::fromUtf8(bytes));
    });
    timer->start(200);
}

ProgramKitchen *WatchController::openRecording(const QString &path, double speed)
{
    auto *replay = new WatchReplay(this);
    if (!replay->open(path)) {
        Q_EMIT statusMessage(
            tr("Cannot open the recording %1: %2").arg(QDir::toNativeSeparators(path), replay->errorString()), 15000);
        replay->deleteLater();
        return nullptr;
    }
    ProgramKitchen *kitchen = addKitchen(replay->program(), true);
    replay->setParent(kitchen); // closing the tab stops the replay
    connect(replay, &WatchReplay::notice, this, [this](const QString &t) { Q_EMIT statusMessage(t, 12000); });
    connect(replay, &WatchReplay::failed, this, [this, path](const QString &reason) {
        Q_EMIT statusMessage(
            tr("%1 is not a recording Tensor Kitchen can play: %2").arg(QFileInfo(path).fileName(), reason), 15000);
    });
    replay->setSpeed(speed);
    replay->start();
    return kitchen;
}

void WatchController::openRecordingWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open a recording"), QString(),
                                                      tr("Watch recordings (*.tkwatch);;All files (*)"));
    if (path.isEmpty())
        return;
    // Its own pace shows the program as it ran; faster skims a long run.
    const QStringList speeds = {tr("at its own pace"), tr("4× faster"), tr("as fast as possible")};
    bool ok = false;
    const QString speed = QInputDialog::getItem(m_window, tr("Play the recording"),
                                                tr("Play %1:").arg(QFileInfo(path).fileName()), speeds, 0, false, &ok);
    if (ok)
        openRecording(path, speed == speeds.at(0) ? 1 : speed == speeds.at(1) ? 4 : 0);
}

bool WatchController::exportTrace(const ProgramKitchen *kitchen, const QString &path, QString *error)
{
    return exportTrace(QList<const ProgramKitchen *>{kitchen}, path, error);
}

bool WatchController::exportTrace(const QList<const ProgramKitchen *> &kitchens, const QString &path, QString *error)
{
    // Each program's trace with its findings (WatchFindings) as instants: a copy, the
    // program's own trace stays as its stream made it.
    QList<WatchTrace> copies;
    for (const ProgramKitchen *k : kitchens)
        if (k && k->program()) {
            copies << k->program()->trace();
            copies.last().addFindings(k->program()->hello().pid, WatchFindings::of(*k->program()));
        }
    QList<const WatchTrace *> traces;
    for (const WatchTrace &t : copies)
        traces << &t;
    if (traces.isEmpty()) {
        *error = tr("This tab's program is gone.");
        return false;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || !WatchTrace::write(&f, traces) || !f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

void WatchController::exportTraceWithDialog()
{
    // A program's tab, or a job's: then every rank, each a process of the one trace.
    QList<const ProgramKitchen *> kitchens;
    if (auto *kitchen = qobject_cast<ProgramKitchen *>(m_tabs->currentWidget()))
        kitchens << kitchen;
    else if (auto *job = qobject_cast<JobKitchen *>(m_tabs->currentWidget()))
        for (const ProgramKitchen *k : job->ranks())
            kitchens << k;
    if (kitchens.isEmpty() || !kitchens.first()->program()) {
        Q_EMIT statusMessage(tr("Choose a program's tab first (a watched program or a recording): its "
                                "timeline is what is exported."));
        return;
    }
    const WatchHello &hello = kitchens.first()->program()->hello();
    const QString name = QFileInfo(hello.program).completeBaseName();
    // Named after the program and its process: two tabs of one script suggest two files.
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export the timeline"),
        QStringLiteral("%1-%2.trace.json").arg(name.isEmpty() ? QStringLiteral("program") : name).arg(hello.pid),
        tr("Chrome trace for Perfetto or chrome://tracing (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportTrace(kitchens, path, &error))
        Q_EMIT statusMessage(tr("Saved the timeline to %1: open it in ui.perfetto.dev or chrome://tracing.")
                                 .arg(QDir::toNativeSeparators(path)));
    else
        Q_EMIT statusMessage(tr("Could not save %1: %2").arg(QDir::toNativeSeparators(path), error), 15000);
}

bool WatchController::runScript(const QString &python, const QString &script)
{
    const QString package = packageDir();
    if (package.isEmpty()) {
        Q_EMIT statusMessage(tr("The tensorkitchen package is not installed beside this app."), 15000);
        return false;
    }
    if (!m_server->isListening()) {
        Q_EMIT statusMessage(tr("The app is not listening for programs: %1").arg(m_server->errorString()), 15000);
        return false;
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    QDir().mkpath(dir);
    const QString output = QDir(dir).filePath(
        QStringLiteral("run-%1.log").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss-zzz"))));
    QProcess process;
    process.setProgram(python);
    process.setArguments(
        {QStringLiteral("-m"), QStringLiteral("tensorkitchen"), QStringLiteral("--socket"), m_server->path(), script});
    process.setWorkingDirectory(QFileInfo(script).absolutePath());
    QProcessEnvironment env = WatcherPackage::environment(package);
    env.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1")); // its output as it prints
    process.setProcessEnvironment(env);
    // Into a file, not a pipe: the program runs on, undisturbed, when the app closes.
    process.setStandardOutputFile(output);
    process.setStandardErrorFile(output);
    qint64 pid = 0;
    if (!process.startDetached(&pid)) {
        Q_EMIT statusMessage(tr("Could not start %1: %2").arg(python, process.errorString()), 15000);
        return false;
    }
    m_outputs.insert(pid, output);
    Q_EMIT statusMessage(tr("Started %1 under the watcher (pid %2).").arg(QFileInfo(script).fileName()).arg(pid), 8000);
    return true;
}

void WatchController::runScriptWithDialog()
{
    QSettings settings;
    const QString script = QFileDialog::getOpenFileName(m_window, tr("Run a script and watch it"),
                                                        settings.value(QStringLiteral("watch/lastScript")).toString(),
                                                        tr("Python scripts (*.py);;All files (*)"));
    if (script.isEmpty())
        return;
    // Found for this script, each with its torch; the build's Python and the last choice too.
    PythonChooser chooser(script, settings.value(QStringLiteral("watch/python")).toString(), m_window);
    if (chooser.exec() != QDialog::Accepted || chooser.python().isEmpty())
        return;
    const QString python = chooser.python();
    settings.setValue(QStringLiteral("watch/lastScript"), script);
    settings.setValue(QStringLiteral("watch/python"), python);
    runScript(python, script);
}

} // namespace tk
