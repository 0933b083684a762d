#include "core/watch/watchplace.h"

#include <QFileInfo>

namespace tk {

QString WatchPlace::cellName(int cell) { return tr("cell [%1]").arg(cell); }

QString WatchPlace::text(const QString &file, int line, int cell)
{
    const QString where = cell > 0 ? cellName(cell) : QFileInfo(file).fileName();
    if (where.isEmpty())
        return {};
    return line > 0 ? tr("%1, line %2").arg(where).arg(line) : where;
}

QString WatchPlace::compact(const QString &file, int line, int cell)
{
    const QString where = cell > 0 ? cellName(cell) : QFileInfo(file).fileName();
    if (where.isEmpty())
        return {};
    return line > 0 ? QStringLiteral("%1:%2").arg(where).arg(line) : where;
}

} // namespace tk
