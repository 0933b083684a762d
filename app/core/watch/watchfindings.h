#pragma once

#include "core/watch/watchfinding.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace tk {

class WatchedProgram;

// Findings computed from what a watched program told so far (its steps, DataLoader waits, moves
// and errors): nothing is added to the program to find them. Thresholds are here and in
// docs/findings.md; each kind is said once, at the line where it happens most.
class WatchFindings
{
    Q_DECLARE_TR_FUNCTIONS(tk::WatchFindings)

public:
    static constexpr double kWaitShare = 0.20; // a step waiting ≥ 20 % of its time for data,
    static constexpr double kMinWait = 0.001; // and ≥ 1 ms a step (less is not worth workers)
    static constexpr int kMinSteps = 3; // steps before a per-step pattern is a finding
    static constexpr qint64 kGraphNodesCounted = 4096; // the watcher counts a graph's nodes up to this
    // memory_growth: over ≥ 10 steps, rising with them (rank correlation ≥ 0.8) by ≥ 16 MiB
    static constexpr qint64 kMinGrowthSteps = 10;
    static constexpr double kMinGrowthRank = 0.8;
    static constexpr double kMinGrowthBytes = 16.0 * 1024 * 1024;

    static QList<WatchFinding> of(const WatchedProgram &program);
    // The kinds this run could not check, and why ("gpu_idle": "needs a GPU: …").
    static QMap<QString, QString> notChecked(const WatchedProgram &program);
    // A duration as the findings write it: "12.3" (ms), two decimals below 10 ms.
    static QString milliseconds(double seconds);
    // num_workers the advice names: as many as this machine's cores, at most 4. Workers beyond
    // the cores compete with the loop (the README's sweep: 4 workers on 2 cores beat by 2).
    static int adviceWorkers();
    // One finding as the bench's JSON and the timeline's instants give it (docs/findings.md).
    static QJsonObject toJson(const WatchFinding &finding);
};

} // namespace tk
