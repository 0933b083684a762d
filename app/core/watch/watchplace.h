#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tk {

// Where in a watched program's code something happened, as the app says it: "train.py, line
// 12", or in a notebook "cell [3], line 2" (the execution count Jupyter shows beside the cell).
class WatchPlace
{
    Q_DECLARE_TR_FUNCTIONS(tk::WatchPlace)

public:
    // "train.py, line 12", "cell [3], line 2", "train.py", or empty when nothing is known.
    static QString text(const QString &file, int line, int cell);
    // The short form for a card's caption: "train.py:12", "cell [3]:2".
    static QString compact(const QString &file, int line, int cell);
    // "cell [3]" (Jupyter's own notation).
    static QString cellName(int cell);
    // The lines around `line` of a file on this disk (the program runs here), `context` before
    // and after; empty when it cannot be read, is not a regular file of this user's (a link, a
    // FIFO, another user's), or is over 4 MiB. `*first` is the first line's number. Opened
    // without blocking and without following links: the path came from a program.
    static QStringList excerpt(const QString &file, int line, int context, int *first);
    // The whole of such a file as text (for the app's own viewer), or empty.
    static QString source(const QString &file);
};

} // namespace tk
