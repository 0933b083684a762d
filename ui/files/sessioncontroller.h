#pragma once

#include "ui/files/loadprogressdialog.h"
#include "core/kitchen/operror.h"

#include <QObject>
#include <functional>
#include <memory>
#include <QList>
#include <QString>

class QLockFile;
class QUndoStack;

namespace tk {

class KitchenEngine;
class WindowMenus;

// The kitchen's files: sessions opened and saved, .pt files loaded, the code exported, the
// autosave that runs once a minute after a change and the recovery from it after a crash,
// and the window title that names the session and shows unsaved changes.
class SessionController : public QObject
{
    Q_OBJECT

public:
    // `window` gets the title and parents the file dialogs.
    SessionController(KitchenEngine *engine, QUndoStack *undo, QWidget *window);
    ~SessionController() override;
    // The File menu's entries for sessions, tensor files and the exported code.
    void addActions(WindowMenus &menus);

    // `then` runs after a session that opened (the start-up's resume says so).
    quint64 openSession(const QString &path, std::function<void()> then = {});
    quint64 saveSession(const QString &path);
    // Shows the load's progress with Cancel once it takes a moment (LoadProgressDialog).
    quint64 loadFile(const QString &path, const QString &device);
    // How long a load runs before its progress shows (tests: 0, to see it at once).
    void setLoadProgressAfter(int ms) { m_loadProgressAfter = ms; }
    // The tensor cards `ids` (every tensor card when empty) in one .safetensors file.
    quint64 saveSafetensorsFile(const QString &path, const QList<int> &ids = {});
    bool exportCode(const QString &path, QString *error);
    bool exportTo(const QString &path); // exportCode(), its failure shown as a file error

    static QString autosavePath();
    // Another window of the app holds the autosave (two started at once): this one keeps its
    // own autosave apart, neither offers nor takes the other's, and leaves the clean-exit and
    // resume flags to it.
    bool sharesTheApp() const { return !m_ownsAutosave; }
    QString ownAutosavePath() const { return m_autosave; }
    bool autosaveNow(int waitMs = 2000); // waits for the worker to finish writing
    bool recoveryAvailable() const;
    quint64 recoverAutosave();
    // At start (main() only): the kitchen kept by a quit-by-signal or logout comes back without
    // a question; after a crash the user is asked whether to recover the autosave.
    void startUp();
    void offerRecovery(); // asks whether to recover the autosave after a crash
    void markDirty() { m_dirty = true; }
    // A quit the user did not ask for in the window (SIGTERM, Ctrl+C, logout): the kitchen is
    // saved as it is and the next start opens it again.
    void keepForNextStart();
    // Saves the kitchen now and marks it for the next start, without closing (a logout asks
    // this first; it may still be cancelled). False when it could not be saved.
    bool saveForNextStart();
    // For the window's close: autosave what changed (everything when kept for the next start),
    // then record that this exit was clean.
    void saveOnClose();

public Q_SLOTS:
    // The File menu's actions: each asks for a path first.
    void openWithDialog();
    void save(); // asks only when the session has no file yet
    void saveAs();
    void loadFileWithDialog();
    void saveSafetensorsWithDialog(); // the whole kitchen
    void exportWithDialog();
    void updateTitle();

Q_SIGNALS:
    void statusMessage(const QString &text, int ms = 8000);
    // A file error, told in plain words about the file: for the window's error dialog.
    void failed(const tk::OpError &error);

private:
    KitchenEngine *m_engine = nullptr;
    QUndoStack *m_undo = nullptr;
    QWidget *m_window = nullptr;
    QString m_sessionPath;
    bool m_dirty = false; // changed since the last autosave
    bool m_previousExitWasClean = true;
    bool m_keepForNextStart = false;
    bool m_resumeRequested = false; // the previous run kept its kitchen for this start
    bool m_recoveryPending = false; // the recovery question is open
    int m_loadProgressAfter = LoadProgressDialog::kShowAfter; // ms before a load's progress shows
    std::unique_ptr<QLockFile> m_autosaveLock; // held while this window owns autosavePath()
    bool m_ownsAutosave = true;
    QString m_autosave; // where this window autosaves
};

} // namespace tk
