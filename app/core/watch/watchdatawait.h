#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace tk {

// One batch a watched program took from a DataLoader, and how long it waited for it.
struct WatchDataWait
{
    double at = 0; // the protocol's t
    double seconds = 0; // time waited in next()
    qint64 batch = 0; // counts from 0 per iterator
    qint64 workers = -1; // -1: not sent
    bool pinMemory = false;
    QString dataset; // its class: "TensorDataset", "ImageFolder", …
    qint64 datasetBytes = -1; // a TensorDataset's tensors, all together; -1: not sent
    qint64 step = -1;
    QString file;
    int line = 0;
    int cell = 0; // the notebook cell of file:line; 0: none
    // Where the user's code made the DataLoader (its arguments are the fix for a wait); 0: not
    // seen (made before the watcher started, or by a library's code alone).
    QString loaderFile;
    int loaderLine = 0;
    int loaderCell = 0;
    QString loaderSettings; // the class of the settings a library made it from: "TrainingArguments"
};

} // namespace tk

// Relocatable, as MoveReport is (a kept list grows by moving its memory).
Q_DECLARE_TYPEINFO(tk::WatchDataWait, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(tk::WatchDataWait)
