#pragma once

#include "watch/watchdevice.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tk {

// What a watched program says about itself in its first message.
struct WatchHello
{
    int version = 0;   // the protocol's v; only 1 is accepted
    qint64 pid = 0;
    QString program;   // "train.py"
    QStringList argv;
    QString python;    // "3.11.2"
    QString torch;     // "2.11.0+cu130"
    QString cuda;      // torch.version.cuda; empty for a CPU-only torch
    int cudaCount = -1; // torch.cuda.device_count(); -1: not sent
    QList<WatchDevice> devices;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchHello)
