#pragma once

// The loading fuzz targets' one body: the input written to a file named `fileName` (the name
// picks the reader when no format claims the first bytes), loaded as File → Load does.
#include "core/kitchen/workspace.h"

#include <QFile>
#include <QTemporaryDir>
#include <cstddef>
#include <cstdint>
#include <functional>

// `check`, when given, looks at what a load left behind (it traps on what must never be).
inline int fuzzLoad(const uint8_t *data, size_t size, const char *fileName,
                    const std::function<void(const tk::Workspace &, const tk::Outcome &)> &check = {})
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QString::fromLatin1(fileName));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    f.write(reinterpret_cast<const char *>(data), qint64(size));
    f.close();
    tk::Workspace w;
    QList<int> created;
    const tk::Outcome o = w.loadFile(path, QStringLiteral("cpu"), &created);
    if (!o.ok() && (o.error.message.isEmpty() || w.count() != 0))
        __builtin_trap(); // refused: with a reason, and nothing half-made
    if (o.ok() && w.count() != created.size())
        __builtin_trap(); // loaded: every card it made is named as made
    if (check)
        check(w, o);
    return 0;
}
