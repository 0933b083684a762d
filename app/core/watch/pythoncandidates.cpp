#include "core/watch/pythoncandidates.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QStandardPaths>

namespace tk {

namespace {

struct Found
{
    QList<PythonCandidates::Candidate> list;
    QSet<QString> seen; // real paths: a venv's python links to the system's, and is still its own
    void add(const QString &path, const QString &origin)
    {
        const QFileInfo info(path);
        if (path.isEmpty() || !info.isFile() || !info.isExecutable())
            return;
        // A venv's bin/python is a link to the base interpreter but runs with the venv's
        // packages: tell them apart by the folder holding it as well as by the target.
        const QString key = info.absolutePath() + QLatin1Char('|') + info.canonicalFilePath();
        if (seen.contains(key))
            return;
        seen.insert(key);
        list.append({info.absoluteFilePath(), origin});
    }
};

QString interpreterIn(const QString &prefix)
{
    for (const char *name : {"bin/python3", "bin/python"}) {
        const QString p = QDir(prefix).filePath(QLatin1String(name));
        if (QFileInfo(p).isExecutable())
            return p;
    }
    return {};
}

} // namespace

QList<PythonCandidates::Candidate> PythonCandidates::find(const QString &scriptDir, const QString &buildPython,
                                                          const QProcessEnvironment &env)
{
    Found found;
    found.add(buildPython, tr("this app's build"));
    if (const QString venv = env.value(QStringLiteral("VIRTUAL_ENV")); !venv.isEmpty())
        found.add(interpreterIn(venv), tr("active virtual environment"));
    if (const QString conda = env.value(QStringLiteral("CONDA_PREFIX")); !conda.isEmpty())
        found.add(interpreterIn(conda), tr("active conda environment"));
    // Beside the script and up to three folders above it: where a project keeps its venv.
    QDir dir(scriptDir);
    for (int up = 0; up < 4 && !scriptDir.isEmpty(); ++up) {
        for (const char *name : {".venv", "venv", "env", ".env"})
            found.add(interpreterIn(dir.filePath(QLatin1String(name))),
                      tr("virtual environment %1").arg(QDir::toNativeSeparators(dir.filePath(QLatin1String(name)))));
        if (!dir.cdUp())
            break;
    }
    const QString path = env.value(QStringLiteral("PATH"));
    const QStringList paths = path.split(QDir::listSeparator(), Qt::SkipEmptyParts);
    for (const char *name : {"python3", "python"})
        found.add(QStandardPaths::findExecutable(QLatin1String(name), paths),
                  tr("%1 on the PATH").arg(QLatin1String(name)));
    // conda's, virtualenvwrapper's and pyenv's homes.
    const QString home = env.value(QStringLiteral("HOME"), QDir::homePath());
    for (const char *root : {"miniconda3", "anaconda3", "miniforge3", "mambaforge", ".conda"}) {
        const QString base = QDir(home).filePath(QLatin1String(root));
        found.add(interpreterIn(base), tr("conda: base"));
        const QDir envs(QDir(base).filePath(QStringLiteral("envs")));
        for (const QString &e : envs.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            found.add(interpreterIn(envs.filePath(e)), tr("conda: %1").arg(e));
    }
    for (const char *root : {".virtualenvs", ".pyenv/versions"}) {
        const QDir homes(QDir(home).filePath(QLatin1String(root)));
        for (const QString &e : homes.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            found.add(interpreterIn(homes.filePath(e)),
                      root[1] == 'v' ? tr("virtual environment %1").arg(e) : tr("pyenv: %1").arg(e));
    }
    return found.list;
}

} // namespace tk
