#include "watch/watcherpackage.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace tk {

QString WatcherPackage::dir()
{
    // Without an application object (a library caller) there is no app folder to look beside.
    QStringList candidates;
    if (QCoreApplication::instance())
        candidates << QDir(QCoreApplication::applicationDirPath())
                          .filePath(QStringLiteral("../share/tensor-kitchen/python"));
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

} // namespace tk
