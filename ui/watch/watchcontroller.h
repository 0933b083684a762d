#pragma once

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

class QTabWidget;
class QToolButton;

namespace tk {

class FlightOverlay;
class JobKitchen;
class ProgramKitchen;
class WatchedProgram;
class WatchReplay;
class WatchServer;
class WindowMenus;

// The window's side of watching real programs: listens on the user's local socket for
// programs run under `python -m tensorkitchen` (or calling tensorkitchen.watch()), gives each a
// kitchen tab of its own, replays recordings (File → Open recording…) and starts a script
// under the watcher with a Python the user picks (File → Run a script and watch…).
class WatchController : public QObject
{
    Q_OBJECT

public:
    // `tabs` gets a tab per program; `overlay` is the window's flight layer.
    WatchController(QTabWidget *tabs, FlightOverlay *overlay, QWidget *window);
    ~WatchController() override;
    // The File menu's entries for programs: run and watch, open a recording, export a timeline.
    void addActions(WindowMenus &menus);

    bool listening() const;
    QString socketPath() const;
    // The tensorkitchen package that came with the app: installed beside it, or the source
    // tree's python/ folder when run from a build folder. Empty when neither is there.
    static QString packageDir();

    // Plays `path` into a new tab at `speed` (1: its own pace, 0: as fast as possible); the
    // tab, or nullptr with the reason said (statusMessage) when the file cannot be read.
    ProgramKitchen *openRecording(const QString &path, double speed = 1);
    // Runs `script` under the watcher with `python`; false with the reason said.
    bool runScript(const QString &python, const QString &script);
    QList<ProgramKitchen *> kitchens() const;
    // The program of `kitchen`, what its stream said so far, as a Chrome trace for Perfetto or
    // chrome://tracing; false with *error when the file cannot be written.
    static bool exportTrace(const ProgramKitchen *kitchen, const QString &path, QString *error);
    // The ranks of a job (or any programs) as one trace, a process each.
    static bool exportTrace(const QList<const ProgramKitchen *> &kitchens, const QString &path, QString *error);
    // The tabs that hold a job's ranks side by side.
    QList<JobKitchen *> jobs() const;
    // Program tabs kept open; beyond it the oldest ended ones fold into a menu by the tabs.
    static constexpr int kMaxProgramTabs = 8;
    int foldedCount() const;
    bool isBadged(const QWidget *tab) const { return m_badged.contains(const_cast<QWidget *>(tab)); }

public Q_SLOTS:
    void openRecordingWithDialog();
    void runScriptWithDialog();
    void exportTraceWithDialog(); // the current tab's program

Q_SIGNALS:
    void statusMessage(const QString &text, int ms = 8000);

private:
    // `focus`: the user asked for it (a recording, a script started here); else a badge.
    ProgramKitchen *addKitchen(WatchedProgram *program, bool focus);
    void badge(QWidget *page);
    void foldEndedTabs();
    void updateFolds();
    void onProgram(WatchedProgram *program);
    // A rank of a job (its hello names a group and a world size): into the job's tab.
    void placeInJob(ProgramKitchen *kitchen);
    int tabOf(const QWidget *widget) const; // the tab that shows `widget`, or -1

    QTabWidget *m_tabs = nullptr;
    FlightOverlay *m_overlay = nullptr;
    QWidget *m_window = nullptr;
    WatchServer *m_server = nullptr;
    // Scripts the app started, by pid: their output goes to a file (so that they run on when
    // the app closes) that their tab follows.
    QHash<qint64, QString> m_outputs;
    QSet<QWidget *> m_badged; // tabs not looked at since their program arrived
    QToolButton *m_folds = nullptr;
};

} // namespace tk
