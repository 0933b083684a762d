#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace tk {

// A tensor or module a watched program's frames name, from its latest `tensors` sample.
struct WatchCard
{
    QString name;
    QString kind; // "tensor" or "module"
    QString className; // a module's class, "Sequential"
    QString device;
    QList<qint64> shape;
    QString dtype;
    qint64 bytes = 0;
    qint64 params = -1; // a module's parameter count; -1: not sent
    QString file; // the frame the name lives in, and its current line
    int line = 0;
    int cell = 0; // the notebook cell of file:line; 0: none
    // A tensor with autograd history: the nodes of its graph (at most the watcher's 4,096),
    // and the line of `file` that assigns the name (graph_kept). -1 / 0: not sent.
    qint64 graphNodes = -1;
    int assignedLine = 0;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchCard)
