#include "core/watch/watcherpackage.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace tk {

QString WatcherPackage::dir()
{
    // Without an application object (a library caller) there is no app folder to look beside.
    QStringList candidates;
    if (QCoreApplication::instance())
        candidates
            << QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/tensor-kitchen/python"));
    candidates << QStringLiteral(TK_PACKAGE_SOURCE_DIR);
    for (const QString &d : std::as_const(candidates))
        if (QFile::exists(d + QStringLiteral("/tensorkitchen/__init__.py")))
            return QDir(d).canonicalPath();
    return {};
}

QString WatcherPackage::python()
{
    const QString set = qEnvironmentVariable("TK_PYTHON");
    return set.isEmpty() ? QStringLiteral(TK_BUILD_PYTHON) : set;
}

QProcessEnvironment WatcherPackage::environment(const QString &package)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (env.value(QStringLiteral("TK_NO_REEXEC")) == QLatin1String("1")) {
        env.remove(QStringLiteral("OMP_WAIT_POLICY"));
        env.remove(QStringLiteral("TK_NO_REEXEC"));
    }
    const QString path = env.value(QStringLiteral("PYTHONPATH"));
    env.insert(QStringLiteral("PYTHONPATH"), path.isEmpty() ? package : package + QLatin1Char(':') + path);
    return env;
}

} // namespace tk
