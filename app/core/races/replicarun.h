#pragma once

#include "core/races/replicastep.h"
#include "core/races/trainconfig.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <atomic>
#include <functional>

namespace tk {

// Runs the DDP launcher (`python -m tensorkitchen.replicas`) synchronously, from a worker
// thread (the race's, the sweep's, the CLI's): its own private WatchServer on a socket in a
// fresh 0700 temporary folder, an event loop of its own while it waits. Every wait is bounded
// (no rank connecting, steps that stop coming) and cancel stops every rank.
class ReplicaRun
{
    Q_DECLARE_TR_FUNCTIONS(ReplicaRun)

public:
    // Every collective's timeout (the launcher's --timeout): a rank that stops answering fails
    // the others within it.
    static constexpr int kCollectiveTimeoutS = 60;

    struct Callbacks
    {
        std::function<void(const QList<ReplicaInfo> &)> ranksReady; // every rank said hello
        std::function<void(const ReplicaStep &)> step; // every rank sent step n
        std::function<void(const QString &)> notice; // "DDP on cpu: 2 ranks …"
    };

    static QString pythonExecutable(); // $TK_PYTHON, else the build's TK_PYTHON
    static QString packageDir(); // the tensorkitchen package beside the app / the source
    static int maxRanks(const QString &device); // 8 on the CPU; the GPU count for cuda

    // The ranks' medians over `steps` (the summary's figures; `notice` and `lane` copied).
    static ReplicaSummary summarize(int lane, const QList<ReplicaInfo> &ranks, const QList<ReplicaStep> &steps,
                                    const QString &notice);
    // The lane's steps (config.steps) on its kind's processes (a ReplicaLane: Python, DDP,
    // nn.DataParallel), checked by the kind first. False with *error on failure or cancel (then
    // *error says so).
    static bool run(const TrainConfig &config, const TrainLane &lane, const Callbacks &cb,
                    const std::atomic<bool> *cancel, ReplicaSummary *summary, QString *error);
};

} // namespace tk
