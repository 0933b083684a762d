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
    // A file of at most 4 MiB has fewer lines than that (and line + context cannot overflow).
    constexpr qint64 kMaxBytes = 4 * 1024 * 1024;
    if (line < 1 || line > kMaxBytes || context < 0 || context > 100 || file.startsWith(QLatin1Char('<'))
        || !info.isFile() || info.size() > kMaxBytes)
        return {};
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const int from = std::max(1, line - context);
    QStringList lines;
    for (int n = 1; n <= line + context && !f.atEnd(); ++n) {
        QByteArray text = f.readLine(); // whole, however long: a cut line would shift the numbers
        if (text.endsWith('\n'))
            text.chop(1);
        if (n >= from)
            lines << QString::fromUtf8(text.left(400)); // what is shown of a long line
    }
    if (lines.size() < line - from + 1)
        return {}; // the file is shorter than the line: it changed since
    *first = from;
    return lines;
}

} // namespace tk
