#pragma once

#include "core/watch/watchdevice.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tk {

// What a watched program says about itself in its first message.
struct WatchHello
{
    int version = 0; // the protocol's v; only 1 is accepted
    qint64 pid = 0;
    QString program; // "train.py"
    QStringList argv;
    QString python; // "3.11.2"
    QString torch; // "2.11.0+cu130"
    QString cuda; // torch.version.cuda; empty for a CPU-only torch
    int cudaCount = -1; // torch.cuda.device_count(); -1: not sent
    QList<WatchDevice> devices;
    // Sent by a rank of a torch.distributed group (tensorkitchen.replicas); defaults otherwise.
    int rank = -1; // -1: not a rank
    int localRank = -1; // the rank on its machine (LOCAL_RANK); -1: not sent
    int worldSize = 0;
    QString backend; // "gloo", "nccl"
    QString group; // "<launcher pid>-<port>": the ranks of one run share it
    QString device; // the rank's device, "cpu" or "cuda:1"
    int threads = 0; // torch threads of the rank
    QString parallel; // "ddp", "dp"
    // What runs it, so that a finding's fix can be tried on it again (FixTrial): its Python, its
    // folder, and its main script's absolute path or `python -m` module (neither: a notebook).
    QString executable;
    QString cwd;
    QString script;
    QString module;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WatchHello)
