#include "ui/files/sessioncontroller.h"
#include "core/files/tensorfiletypes.h"

#include "ui/common/actionbuilder.h"
#include "ui/files/loadprogressdialog.h"
#include "core/kitchen/kitchenengine.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLockFile>
#include <QMessageBox>
#include <QPointer>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <memory>
#include <QUndoStack>

namespace tk {

namespace {
// A request's error as a file error: the file named, what is wrong with it in plain words.
OpError fileError(const Outcome &o, const QString &path, OpError::FileTask task)
{
    return OpError::aboutFile(o.error, path, task);
}
} // namespace

void SessionController::addActions(WindowMenus &menus)
{
    using Group = WindowMenus::Group;
    ActionBuilder(this, "openSession")
        .setText(tr("&Open session…"))
        .setShortcut(QKeySequence::Open)
        .addTo(menus, Group::FileKitchen)
        .addOnTriggered(this, &SessionController::openWithDialog);
    ActionBuilder(this, "saveSession")
        .setText(tr("&Save session"))
        .setShortcut(QKeySequence::Save)
        .addTo(menus, Group::FileKitchen)
        .addOnTriggered(this, &SessionController::save);
    ActionBuilder(this, "saveSessionAs")
        .setText(tr("Save session &as…"))
        .setShortcut(QKeySequence::SaveAs)
        .addTo(menus, Group::FileKitchen)
        .addOnTriggered(this, &SessionController::saveAs);
    ActionBuilder(this, "loadPt")
        .setText(tr("&Load tensors (%1)…").arg(TensorFileTypes::shortList()))
        .addTo(menus, Group::FileKitchen)
        .addOnTriggered(this, &SessionController::loadFileWithDialog);
    ActionBuilder(this, "saveSafetensors")
        .setText(tr("Save as safe&tensors…"))
        .addTo(menus, Group::FileKitchen)
        .addOnTriggered(this, &SessionController::saveSafetensorsWithDialog);
    ActionBuilder(this, "exportCode")
        .setText(tr("&Export code…"))
        .setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E))
        .addTo(menus, Group::FileExport)
        .addOnTriggered(this, &SessionController::exportWithDialog);
}

SessionController::SessionController(KitchenEngine *engine, QUndoStack *undo, QWidget *window)
    : QObject(window), m_engine(engine), m_undo(undo), m_window(window)
{
    // Autosave once a minute when something changed; recovery reads it after a crash.
    auto *autosave = new QTimer(this);
    autosave->setInterval(60 * 1000);
    connect(autosave, &QTimer::timeout, this, [this] {
        if (m_dirty)
            autosaveNow(0);
    });
    autosave->start();
    connect(m_undo, &QUndoStack::cleanChanged, this, &SessionController::updateTitle);
    // One window at a time owns the autosave and the flags beside it: a second one would find
    // the first's "not closed yet" and offer to recover a kitchen that is still open, then
    // overwrite its autosave. The lock names this process; one left by a crash is taken over.
    m_autosave = autosavePath();
    m_autosaveLock = std::make_unique<QLockFile>(m_autosave + QStringLiteral(".lock"));
    m_autosaveLock->setStaleLockTime(0); // only a dead owner makes it stale, never its age
    m_ownsAutosave = m_autosaveLock->tryLock(0);
    if (!m_ownsAutosave) {
        m_autosave = QFileInfo(m_autosave)
                         .dir()
                         .filePath(QStringLiteral("autosave-%1.tks").arg(QCoreApplication::applicationPid()));
        return;
    }
    QSettings settings;
    m_previousExitWasClean = settings.value(QStringLiteral("session/cleanExit"), true).toBool();
    settings.setValue(QStringLiteral("session/cleanExit"), false);
    // Read once and cleared at once: a start that opens a named file does not leave it behind
    // for a later start.
    m_resumeRequested = settings.value(QStringLiteral("session/resume"), false).toBool();
    settings.remove(QStringLiteral("session/resume"));
}

SessionController::~SessionController() = default; // the lock is released with it

void SessionController::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open session"), QString(),
                                                      TensorFileTypes::filter(QStringLiteral("session")));
    if (!path.isEmpty())
        openSession(path);
}

void SessionController::save()
{
    QString path = m_sessionPath;
    if (path.isEmpty())
        path = QFileDialog::getSaveFileName(m_window, tr("Save session"), QStringLiteral("kitchen.tks"),
                                            TensorFileTypes::filter(QStringLiteral("session")));
    if (!path.isEmpty())
        saveSession(path);
}

void SessionController::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save session"), QStringLiteral("kitchen.tks"),
                                                      TensorFileTypes::filter(QStringLiteral("session")));
    if (!path.isEmpty())
        saveSession(path);
}

void SessionController::loadFileWithDialog()
{
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Load tensors"), QString(), TensorFileTypes::openFilter());
    if (!path.isEmpty())
        loadFile(path, QStringLiteral("cpu"));
}

void SessionController::saveSafetensorsWithDialog()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save tensors as safetensors"),
                                                      QStringLiteral("kitchen.safetensors"),
                                                      TensorFileTypes::filter(QStringLiteral("safetensors"), true));
    if (!path.isEmpty())
        saveSafetensorsFile(path);
}

quint64 SessionController::saveSafetensorsFile(const QString &path, const QList<int> &ids)
{
    return m_engine->submit(request::SaveSafetensors{ids, path}, [this, path](const Outcome &o) {
        if (!o.ok())
            Q_EMIT failed(fileError(o, path, OpError::FileTask::SaveTensors));
        else
            Q_EMIT statusMessage(
                (QStringList(tr("Saved %1.").arg(QFileInfo(path).fileName())) + o.notices).join(QLatin1Char(' ')));
    });
}

void SessionController::exportWithDialog()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export code"), QStringLiteral("kitchen_session.py"),
                                                      tr("Python (*.py)"));
    if (!path.isEmpty())
        exportTo(path);
}

bool SessionController::exportTo(const QString &path)
{
    QString error;
    if (!exportCode(path, &error)) {
        Q_EMIT failed(OpError::aboutFile(OpError::invalid(error), path, OpError::FileTask::ExportCode));
        return false;
    }
    Q_EMIT statusMessage(tr("Wrote %1: it runs under PyTorch.").arg(path));
    return true;
}

bool SessionController::exportCode(const QString &path, QString *error)
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

quint64 SessionController::openSession(const QString &path, std::function<void()> then)
{
    return m_engine->submit(request::OpenSession{path}, [this, path, then](const Outcome &o) {
        if (!o.ok()) {
            Q_EMIT failed(fileError(o, path, OpError::FileTask::OpenSession));
            return;
        }
        m_undo->clear();
        if (path != autosavePath() && path != m_autosave)
            m_sessionPath = path;
        m_dirty = false;
        updateTitle();
        Q_EMIT statusMessage(tr("Opened %1.").arg(QFileInfo(path).fileName()) + QLatin1Char(' ')
                                 + o.notices.join(QLatin1Char(' ')),
                             15000);
        if (then)
            then();
    });
}

quint64 SessionController::saveSession(const QString &path)
{
    return m_engine->submit(request::SaveSession{path}, [this, path](const Outcome &o) {
        if (!o.ok()) {
            Q_EMIT failed(fileError(o, path, OpError::FileTask::SaveSession));
            return;
        }
        m_sessionPath = path;
        m_undo->setClean();
        updateTitle();
        Q_EMIT statusMessage(tr("Saved %1.").arg(QFileInfo(path).fileName()));
    });
}

quint64 SessionController::loadFile(const QString &path, const QString &device)
{
    // The dialog is made once the request has its id; the answer comes later, from the queue.
    const auto dialog = std::make_shared<QPointer<LoadProgressDialog>>();
    const quint64 request = m_engine->submit(request::LoadFile{path, device}, [this, path, dialog](const Outcome &o) {
        if (*dialog)
            (*dialog)->finish();
        if (o.cancelled)
            Q_EMIT statusMessage(o.notices.value(0));
        else if (!o.ok())
            Q_EMIT failed(fileError(o, path, OpError::FileTask::LoadTensors));
        else // with what the file also said (a .safetensors file's metadata)
            Q_EMIT statusMessage(
                (QStringList(tr("Loaded %1.").arg(QFileInfo(path).fileName())) + o.notices).join(QLatin1Char(' ')),
                o.notices.isEmpty() ? 8000 : 15000);
    });
    *dialog = new LoadProgressDialog(m_engine, request, QFileInfo(path).fileName(), m_loadProgressAfter, m_window);
    return request;
}

QString SessionController::autosavePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath(QStringLiteral("autosave.tks"));
}

bool SessionController::autosaveNow(int waitMs)
{
    // Shared with the follow-up: an answer later than the wait finds it still there.
    struct Wait
    {
        bool done = false;
        bool ok = false;
    };
    const auto wait = std::make_shared<Wait>();
    const QString path = m_autosave;
    const quint64 request = m_engine->submit(request::SaveSession{path}, [this, wait, path](const Outcome &o) {
        wait->done = true;
        wait->ok = o.ok();
        if (o.ok())
            m_dirty = false;
        else
            Q_EMIT failed(fileError(o, path, OpError::FileTask::SaveSession));
    });
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
    if (!wait->done)
        loop.exec();
    return wait->ok;
}

bool SessionController::recoveryAvailable() const { return m_ownsAutosave && QFile::exists(autosavePath()); }

quint64 SessionController::recoverAutosave() { return openSession(autosavePath()); }

void SessionController::offerRecovery()
{
    // The previous run set cleanExit back to true on its way out; false means it crashed.
    if (!recoveryAvailable() || m_previousExitWasClean)
        return;
    // While the question is open the autosave is the crashed session: a quit now must not
    // overwrite it (see saveOnClose).
    m_recoveryPending = true;
    const auto answer = QMessageBox::question(m_window, tr("Recover the kitchen?"),
                                              tr("Tensor Kitchen did not close properly last time. Restore "
                                                 "the cards from the last autosave?"));
    m_recoveryPending = false;
    if (answer == QMessageBox::Yes)
        recoverAutosave();
}

void SessionController::startUp()
{
    if (!m_ownsAutosave) {
        Q_EMIT statusMessage(tr("Another Tensor Kitchen window is open: it keeps the autosave, "
                                "this one autosaves to %1.")
                                 .arg(QDir::toNativeSeparators(m_autosave)),
                             15000);
        return;
    }
    if (m_resumeRequested) {
        m_resumeRequested = false;
        if (recoveryAvailable()) {
            openSession(autosavePath(), [this] {
                Q_EMIT statusMessage(tr("The kitchen is back as it was when Tensor Kitchen was "
                                        "asked to quit."),
                                     15000);
            });
            return;
        }
    }
    offerRecovery();
}

void SessionController::keepForNextStart() { m_keepForNextStart = true; }

bool SessionController::saveForNextStart()
{
    if (m_recoveryPending || !m_ownsAutosave)
        return false; // (a second window: the one that owns the autosave is resumed)
    // Written before the flag, so a flag always has its file.
    if (!autosaveNow(5000))
        return false;
    QSettings().setValue(QStringLiteral("session/resume"), true);
    return true;
}

void SessionController::saveOnClose()
{
    if (!m_ownsAutosave) {
        // Nothing offers this window's autosave back: a clean close leaves none behind. A
        // crash leaves it, to be opened with File → Open session.
        QFile::remove(m_autosave);
        return;
    }
    QSettings settings;
    if (m_recoveryPending) {
        // Quit while asked about recovery: the autosave still holds the crashed session, and
        // cleanExit stays false so the next start asks again.
        return;
    }
    if (m_keepForNextStart) {
        if (!saveForNextStart())
            return; // not saved: the next start offers the last autosave, as after a crash
    } else {
        settings.remove(QStringLiteral("session/resume")); // a logout that was cancelled
        if (m_dirty)
            autosaveNow(1500);
    }
    settings.setValue(QStringLiteral("session/cleanExit"), true);
}

void SessionController::updateTitle()
{
    const QString name = m_sessionPath.isEmpty() ? tr("untitled") : QFileInfo(m_sessionPath).fileName();
    m_window->setWindowTitle(
        tr("%1%2 — Tensor Kitchen").arg(name, m_undo->isClean() ? QString() : QStringLiteral(" *")));
}

} // namespace tk
