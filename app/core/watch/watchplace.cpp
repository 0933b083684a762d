#include "core/watch/watchplace.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

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

QStringList WatchPlace::excerpt(const QString &file, int line, int context, int *first)
{
    *first = 0;
    const QFileInfo info(file);
    if (line < 1 || file.startsWith(QLatin1Char('<')) || !info.isFile() || info.size() > 4 * 1024 * 1024)
        return {};
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const int from = std::max(1, line - context);
    QStringList lines;
    for (int n = 1; n <= line + context && !f.atEnd(); ++n) {
        QByteArray text = f.readLine(4096);
        if (text.endsWith('\n'))
            text.chop(1);
        if (n >= from)
            lines << QString::fromUtf8(text);
    }
    if (lines.size() < line - from + 1)
        return {}; // the file is shorter than the line: it changed since
    *first = from;
    return lines;
}

} // namespace tk
