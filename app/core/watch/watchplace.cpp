#include "core/watch/watchplace.h"

#include "core/watch/watchparser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tk {

QString WatchPlace::cellName(int cell) { return tr("cell [%1]").arg(cell); }

QString WatchPlace::text(const QString &file, int line, int cell)
{
    const QString where = cell > 0 ? cellName(cell) : QFileInfo(file).fileName();
    if (where.isEmpty())
        return {};
    return line > 0 ? tr("%1, line %2").arg(where, QString::number(line)) : where; // one arg(): a "%2" in a name stays
}

QString WatchPlace::compact(const QString &file, int line, int cell)
{
    const QString where = cell > 0 ? cellName(cell) : QFileInfo(file).fileName();
    if (where.isEmpty())
        return {};
    return line > 0 ? QStringLiteral("%1:%2").arg(where, QString::number(line)) : where;
}

namespace {

constexpr int kMaxBytes = 4 * 1024 * 1024;

// A path a program sent, opened into `f`: without following a link and without blocking (a
// FIFO would wait for a writer), and only when it is a regular file of this user's of at most
// 4 MiB. Nothing received is opened any other way.
bool openSafely(const QString &file, QFile &f)
{
    if (!QDir::isAbsolutePath(file)) // "<stdin>", "<ipython-input-…>", or relative to nothing here
        return false;
    const int fd = ::open(QFile::encodeName(file).constData(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::getuid() || st.st_size > kMaxBytes
        || !f.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return false;
    }
    return true;
}

} // namespace

QStringList WatchPlace::excerpt(const QString &file, int line, int context, int *first)
{
    *first = 0;
    // A file of at most 4 MiB has fewer lines than that (and line + context cannot overflow).
    QFile f;
    if (line < 1 || line > kMaxBytes || context < 0 || context > 100 || !openSafely(file, f))
        return {};
    const int from = std::max(1, line - context);
    QStringList lines;
    for (int n = 1; n <= line + context && !f.atEnd(); ++n) {
        QByteArray text = f.readLine(); // whole, however long: a cut line would shift the numbers
        if (text.endsWith('\n'))
            text.chop(1);
        if (n >= from) {
            QString shown = QString::fromUtf8(text.left(400)); // what is shown of a long line
            WatchParser::dropControls(shown);
            lines << shown;
        }
    }
    if (lines.size() < line - from + 1)
        return {}; // the file is shorter than the line: it changed since
    *first = from;
    return lines;
}

QString WatchPlace::source(const QString &file)
{
    QFile f;
    if (!openSafely(file, f))
        return {};
    QString text = QString::fromUtf8(f.read(kMaxBytes));
    WatchParser::dropControls(text);
    return text;
}

} // namespace tk
