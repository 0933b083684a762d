#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/replicastep.h"
#include "core/races/trainconfig.h"

#include <QObject>
#include <atomic>

namespace tk {

// The training race: the same model from the same seed on every lane, trained in turn on the
// race's own thread (a BackgroundRun); steps stream back in batches. Pause and cancel are
// checked between steps. Each lane's kind (TrainingLane) checks it, prepares it and trains its
// turns; a lane of processes of its own (Python, DDP) trains all its steps in its first turn:
// its processes cannot be parked between turns, so Pause is not offered meanwhile.
class TrainingRace : public QObject
{
    Q_OBJECT

public:
    explicit TrainingRace(QObject *parent = nullptr);
    ~TrainingRace() override;

    bool start(const TrainConfig &config, const QList<TrainLane> &lanes, QString *error);
    void cancel();
    void setPaused(bool paused);
    bool isPaused() const { return m_pause.load(); }
    // False while a lane of its own processes trains (its ranks run to the end or are cancelled).
    bool canPause() const { return !m_replicasTraining.load(); }
    bool isRunning() const { return m_run.isRunning(); }
    const QList<QList<TrainStep>> &steps() const { return m_steps; } // per lane
    const QList<MachineLoad> &laneLoads() const { return m_loads; } // per lane, so far
    // Other processes' load over the CPU lanes' turns so far: the race's figure.
    MachineLoad cpuLoad() const;
    const QList<TrainLane> &lanes() const { return m_lanes; }
    const TrainConfig &config() const { return m_config; }

    // How many leading significant digits two losses share (a GPU may differ from the CPU in
    // the last digits). 17 when they are identical.
    static int agreeingDigits(double a, double b);
    // Training time until the loss first reaches the target; negative if it never did.
    static double timeToTarget(const QList<TrainStep> &steps, double target);
    // The median of the steps' times (0 for none): what a lane's step costs, warm-up included.
    static double medianStepSeconds(const QList<TrainStep> &steps);

Q_SIGNALS:
    void stepsReady(const QList<tk::TrainStep> &steps);
    void decisionReady(const tk::DecisionGrid &grid);
    void datasetReady(const QVector<float> &xyClass); // x, y, class per training point
    void machineLoadReady(const tk::MachineLoad &cpuLanes); // cpuLoad(), after each turn
    // A DDP lane's ranks connected, then its medians about every 25 steps and at its end.
    void replicasChanged(const tk::ReplicaSummary &summary);
    void finished(bool cancelled, const QString &error);

private:
    void onResults(const QVariantList &results);

    std::atomic<bool> m_pause{false}; // read by the worker between steps
    std::atomic<bool> m_replicasTraining{false}; // set by the worker around a DDP lane's run
    TrainConfig m_config;
    QList<TrainLane> m_lanes;
    QList<QList<TrainStep>> m_steps;
    QList<MachineLoad> m_loads;
    BackgroundRun m_run; // last: destroyed first, so training has stopped before m_pause goes
};

} // namespace tk
