#pragma once

// Recordings made by real PyTorch: the package in python/ runs one of its test scripts (the
// source texts' code) under `python -m tensorkitchen --record`, with the Python whose torch
// matches this build.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace tk::testsupport {

inline QString watcherScript(const QString &name)
{
    return qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/python/tests/scripts/") + name;
}

inline QProcessEnvironment watcherEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PYTHONPATH"), qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/python"));
    env.insert(QStringLiteral("TK_WATCH_DEVICE"), QStringLiteral("meta")); // a real move without a GPU
    env.insert(QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("1"));
    return env;
}

// Records `script` into `dir`/`script`.tkwatch; the recording's path, or empty (with the
// Python's output in `log`) when it could not be made. `exitCode`: what the script returned.
inline QString recordScript(const QString &python, const QString &script, const QString &dir, QString *log = nullptr,
                            int *exitCode = nullptr)
{
    const QString out = QDir(dir).filePath(QString(script).replace(QStringLiteral(".py"), QStringLiteral(".tkwatch")));
    QProcess p;
    p.setProcessEnvironment(watcherEnvironment());
    p.setWorkingDirectory(dir);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(python,
            {QStringLiteral("-m"), QStringLiteral("tensorkitchen"), QStringLiteral("--no-app"),
             QStringLiteral("--quiet"), QStringLiteral("--record"), out, watcherScript(script)});
    const bool finished = p.waitForFinished(120000);
    if (!finished)
        p.kill();
    if (log)
        *log = QString::fromUtf8(p.readAll());
    if (exitCode)
        *exitCode = p.exitCode();
    return finished && QFile::exists(out) ? out : QString();
}

} // namespace tk::testsupport
