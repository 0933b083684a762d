#pragma once

#include "ui/races/busymachinenote.h"
#include "core/races/trainconfig.h"

#include <QColor>
#include <QList>
#include <QWidget>
#include <optional>

class QCustomPlot;
class QHBoxLayout;
class QTabWidget;

namespace tk {

class DecisionView;
class ReplicaSweepChart;
class WorkerSweepChart;

// The training race's pictures, in three tabs: "Training" with loss vs step, loss vs training
// time, throughput and what each lane's model has learned; "Data loading" with the worker
// sweep's chart; "Replicas" with the rank sweep's. Redrawn by its own timer and only when something changed, never per step.
class TrainingRaceCharts : public QWidget
{
    Q_OBJECT

public:
    explicit TrainingRaceCharts(QWidget *parent = nullptr);

    // The axes of a race with this config, before its data: steps 0..planned.
    void showPlan(const TrainConfig &config);
    // Empty curves and pictures for the lanes of a new race, on the axes of its plan.
    void reset(const TrainConfig &config, const QList<TrainLane> &lanes);
    bool hasLanes() const; // false until the first race: the plan is all there is to draw
    // False for a lane the race does not have; nothing is drawn then.
    bool addStep(const TrainStep &step);
    // The throughput legend names each lane's share of waiting, the steps so far.
    void nameWaits(const QList<TrainLane> &lanes);
    void showDecision(const DecisionGrid &grid);
    void showDataset(const QVector<float> &xyClass);
    void requestReplot() { m_dirty = true; }
    // Of lane i's steps so far, the share of the time spent waiting for batches (0…1).
    double dataWaitFraction(int lane) const;

    // A busy machine named on the loss-vs-time chart; empty hides it.
    void setBusyWarning(const QString &text);
    QString busyWarning() const; // empty while hidden

    void showTraining(); // the race's tab
    // Empty sweep curves for these lanes and worker counts, on the sweep's own tab.
    void showSweep(const QList<TrainLane> &lanes, const QList<int> &workers);
    // Empty rank-sweep curves for this DDP lane and rank counts, on the "Replicas" tab.
    void showReplicaSweep(const TrainLane &lane, const QList<int> &ranks);
    static QColor laneColor(const TrainLane &lane);

    QCustomPlot *lossChart() const { return m_lossPlot; }
    QCustomPlot *wallChart() const { return m_wallPlot; }
    QCustomPlot *throughputChart() const { return m_speedPlot; }
    QList<DecisionView *> decisionViews() const { return m_views; }
    WorkerSweepChart *sweepChart() const { return m_sweepChart; }
    ReplicaSweepChart *replicaSweepChart() const { return m_replicaSweepChart; }

    static constexpr double kEmaAlpha = 0.05;

private:
    QWidget *buildRaceCharts();
    void replotDirty();

    QCustomPlot *m_lossPlot = nullptr;
    QCustomPlot *m_wallPlot = nullptr;
    QCustomPlot *m_speedPlot = nullptr;
    QHBoxLayout *m_viewsLayout = nullptr;
    QList<DecisionView *> m_views;
    QList<double> m_ema; // per lane, loss
    QList<double> m_emaSpeed; // per lane, samples/s
    QList<double> m_waited; // per lane, seconds waiting for batches (DataLoader placement)
    QList<double> m_stepTime; // per lane, seconds of all steps so far
    WorkerSweepChart *m_sweepChart = nullptr;
    ReplicaSweepChart *m_replicaSweepChart = nullptr;
    QTabWidget *m_chartTabs = nullptr;
    bool m_dirty = false;
    std::optional<BusyMachineNote> m_busyWarning; // on the race chart, made when first needed
};

} // namespace tk
