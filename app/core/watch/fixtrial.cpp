#include "core/watch/fixtrial.h"

#include "core/watch/watcherpackage.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTimer>

#include <cmath>

namespace tk {

namespace {

// A step time as the runs measured it: finite, above 0 and under a day.
double seconds(const QJsonValue &v)
{
    const double s = v.toDouble(-1);
    return std::isfinite(s) && s > 0 && s < 86400 ? s : -1;
}

} // namespace

bool FixTrial::canTry(const WatchFinding &finding)
{
    return (finding.kind == QLatin1String("data_wait") || finding.kind == QLatin1String("non_blocking_unpinned"))
        && finding.fixInLoader;
}

QString FixTrial::whyNot(const WatchHello &hello)
{
    if (hello.executable.isEmpty() && hello.cwd.isEmpty())
        return tr("Its watcher did not say how it was run (a version older than this app's).");
    if (hello.script.isEmpty() && hello.module.isEmpty())
        return tr("It ran in a notebook or an interactive Python: there is no script to run again.");
    const QFileInfo python(hello.executable);
    // Only a Python runs the rerun: a recording could name any program as its "executable".
    if (hello.executable.isEmpty() || !python.isAbsolute() || !python.isFile() || !python.isExecutable()
        || !python.fileName().startsWith(QLatin1String("python")))
        return tr("Its Python (%1) is not on this computer.").arg(hello.executable);
    if (!QFileInfo(hello.cwd).isDir())
        return tr("Its folder (%1) is not on this computer.").arg(hello.cwd);
    if (!hello.script.isEmpty() && !QFileInfo(hello.script).isFile())
        return tr("Its script (%1) is not on this computer.").arg(hello.script);
    return {};
}

QStringList FixTrial::arguments(const WatchHello &hello, const WatchFinding &finding, int steps, int rounds)
{
    QStringList args{QStringLiteral("-m"),   QStringLiteral("tensorkitchen"), QStringLiteral("--try"),
                     finding.kind,           QStringLiteral("--json"),        QStringLiteral("--steps"),
                     QString::number(steps), QStringLiteral("--rounds"),      QString::number(rounds)};
    if (finding.fixLine > 0 && finding.fixCell == 0 && !finding.fixFile.isEmpty())
        args << QStringLiteral("--at") << QStringLiteral("%1:%2").arg(finding.fixFile).arg(finding.fixLine);
    if (!hello.module.isEmpty())
        args << QStringLiteral("-m") << hello.module;
    else
        args << QStringLiteral("--") << hello.script;
    args << hello.argv.mid(1);
    return args;
}

FixTrial::Result FixTrial::read(const QByteArray &output)
{
    Result r;
    // The last line that is a JSON object: the program's own output does not reach it, but a
    // warning printed by Python at exit might.
    QJsonObject o;
    for (const QByteArray &line : output.split('\n')) {
        const QJsonDocument doc = QJsonDocument::fromJson(line.trimmed());
        if (doc.isObject())
            o = doc.object();
    }
    if (o.isEmpty()) {
        r.error = tr("The runs said nothing that could be read.");
        return r;
    }
    if (o.contains(QLatin1String("error"))) {
        r.error = o.value(QLatin1String("error")).toString().left(500);
        return r;
    }
    r.asIsSeconds = seconds(o.value(QLatin1String("as_is_s")));
    r.fixedSeconds = seconds(o.value(QLatin1String("fixed_s")));
    r.asIsSteps = int(qBound(0.0, o.value(QLatin1String("as_is_steps")).toDouble(), 1e9));
    r.fixedSteps = int(qBound(0.0, o.value(QLatin1String("fixed_steps")).toDouble(), 1e9));
    const QJsonArray applied = o.value(QLatin1String("applied")).toArray();
    for (qsizetype i = 0; i < applied.size() && i < 16; ++i) {
        const QJsonObject a = applied.at(i).toObject();
        QStringList changes;
        const QJsonObject c = a.value(QLatin1String("changes")).toObject();
        for (auto it = c.constBegin(); it != c.constEnd() && changes.size() < 8; ++it)
            changes << QStringLiteral("%1=%2").arg(
                it.key().left(64),
                it->isBool() ? (it->toBool() ? QStringLiteral("True") : QStringLiteral("False"))
                             : QString::number(it->toInt()));
        r.applied << QStringLiteral("%1:%2: %3")
                         .arg(QFileInfo(a.value(QLatin1String("file")).toString().left(4096)).fileName())
                         .arg(a.value(QLatin1String("line")).toInt())
                         .arg(changes.join(QStringLiteral(", ")));
        if (a.contains(QLatin1String("note")))
            r.notes << a.value(QLatin1String("note")).toString().left(300);
    }
    r.ok = r.asIsSeconds > 0 && r.fixedSeconds > 0;
    if (!r.ok)
        r.error = tr("The runs measured no steps to compare.");
    return r;
}

FixTrial::FixTrial(QObject *parent) : QObject(parent)
{
    connect(&m_process, &QProcess::readyReadStandardOutput, this,
            [this] { m_stdout += m_process.readAllStandardOutput().left(1 << 20); });
    connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
        const QString text = QString::fromUtf8(m_process.readAllStandardError());
        for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            // "tensorkitchen --try: round 1 of 2, as is…", said again in the app's language.
            static const QRegularExpression round(
                QStringLiteral("^tensorkitchen --try: round (\\d{1,6}) of (\\d{1,6}), (as is|fixed)"));
            if (const QRegularExpressionMatch m = round.match(line); m.hasMatch())
                Q_EMIT progress(m.captured(3) == QLatin1String("fixed")
                                    ? tr("round %1 of %2, with the fix…").arg(m.captured(1), m.captured(2))
                                    : tr("round %1 of %2, as it is…").arg(m.captured(1), m.captured(2)));
            m_stderrTail = (m_stderrTail + line + QLatin1Char('\n')).right(2000);
        }
    });
    connect(&m_process, &QProcess::finished, this, &FixTrial::done);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            Result r;
            r.error = tr("Could not start %1: %2").arg(m_process.program(), m_process.errorString());
            Q_EMIT finished(r);
        }
    });
}

FixTrial::~FixTrial()
{
    if (isRunning()) {
        // Closing the app mid-trial: its runs stop with it (the --try parent kills them on TERM).
        m_process.terminate();
        if (!m_process.waitForFinished(3000))
            m_process.kill();
        m_process.waitForFinished(1000);
    }
}

bool FixTrial::start(const WatchHello &hello, const WatchFinding &finding, const QString &package, QString *error,
                     int steps, int rounds)
{
    if (isRunning()) {
        *error = tr("A fix is being tried already.");
        return false;
    }
    if (const QString why = whyNot(hello); !why.isEmpty()) {
        *error = why;
        return false;
    }
    if (package.isEmpty()) {
        *error = tr("The tensorkitchen package is not installed beside this app.");
        return false;
    }
    m_stdout.clear();
    m_stderrTail.clear();
    m_cancelled = false;
    m_process.setProgram(hello.executable);
    m_process.setArguments(arguments(hello, finding, steps, rounds));
    m_process.setWorkingDirectory(hello.cwd);
    m_process.setProcessEnvironment(WatcherPackage::environment(package));
    m_process.setStandardInputFile(QProcess::nullDevice());
    m_process.start();
    return true;
}

void FixTrial::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_process.terminate(); // the --try parent stops its run's process group, then itself
    QTimer::singleShot(3000, this, [this] {
        if (isRunning())
            m_process.kill();
    });
}

void FixTrial::done(int exitCode, QProcess::ExitStatus status)
{
    m_stdout += m_process.readAllStandardOutput().left(1 << 20);
    Result r;
    if (m_cancelled) {
        r.error = tr("Cancelled.");
    } else {
        r = read(m_stdout);
        if (!r.ok && r.error.isEmpty())
            r.error = status == QProcess::CrashExit ? tr("The runs stopped unexpectedly.")
                                                    : tr("The runs ended with exit code %1.").arg(exitCode);
        if (!r.ok && !m_stderrTail.trimmed().isEmpty() && m_stdout.trimmed().isEmpty())
            r.error += QLatin1Char(' ') + m_stderrTail.trimmed().section(QLatin1Char('\n'), -3);
    }
    Q_EMIT finished(r);
}

} // namespace tk
