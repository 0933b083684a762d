#pragma once

#include "core/watch/watchfinding.h"
#include "core/watch/watchhello.h"

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace tk {

// "Try the fix": a finding's fix measured, not predicted. The watched program runs again, with
// the Python and folder it ran with, under `python -m tensorkitchen --try KIND --json`, which
// runs it as it is and with the fix (the DataLoader's arguments, where it is made) in
// interleaved rounds of a few optimizer steps each, stops each run after them, and says each
// side's median step. Said before it starts (it runs the user's program again); cancellable.
class FixTrial : public QObject
{
    Q_OBJECT

public:
    static constexpr int kSteps = 50; // optimizer steps a run measures
    static constexpr int kRounds = 2; // runs each way

    struct Result
    {
        bool ok = false;
        QString error; // why not, when !ok
        double asIsSeconds = -1, fixedSeconds = -1; // the median step of each side
        int asIsSteps = 0, fixedSteps = 0; // the steps each median is of
        QStringList applied; // "train.py:12: num_workers=2, persistent_workers=True"
        QStringList notes; // what the fix may change besides speed
    };

    // The kinds whose fix it can try: the fix is a DataLoader's arguments.
    static bool canTry(const WatchFinding &finding);
    // Why `hello`'s program cannot be run again (empty: it can): a notebook, or a Python or
    // script not on this computer (a recording from elsewhere).
    static QString whyNot(const WatchHello &hello);
    // The command it runs: the program's Python, then its arguments.
    static QStringList arguments(const WatchHello &hello, const WatchFinding &finding, int steps = kSteps,
                                 int rounds = kRounds);
    // What `--try --json` printed, read; nothing in it is trusted beyond its shape.
    static Result read(const QByteArray &output);

    explicit FixTrial(QObject *parent = nullptr);
    ~FixTrial() override;

    // Starts it (false with *error when it cannot start); `package` is the folder holding
    // tensorkitchen/, put first on the program's PYTHONPATH.
    bool start(const WatchHello &hello, const WatchFinding &finding, const QString &package, QString *error,
               int steps = kSteps, int rounds = kRounds);
    void cancel(); // the runs stopped (their DataLoader workers too); finished() says cancelled
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }

Q_SIGNALS:
    void progress(const QString &text); // "round 1 of 2, as it is…"
    void finished(const tk::FixTrial::Result &result);

private:
    void done(int exitCode, QProcess::ExitStatus status);

    QProcess m_process;
    QByteArray m_stdout;
    QString m_stderrTail;
    bool m_cancelled = false;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::FixTrial::Result)
