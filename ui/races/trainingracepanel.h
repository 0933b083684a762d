#pragma once

#include "core/races/trainconfig.h"
#include "ui/races/trainingracecharts.h"
#include "ui/races/trainingracecontrols.h"

#include <QWidget>

class QTimer;

namespace tk {

class ReplicaStrip;
class ReplicaSweep;
class ReplicaSweepChart;
class TrainingRace;
class WorkerSweep;

// The training race: the same MLP from the same seed on every lane, with live loss charts,
// throughput, what each model has learned, and a final comparison of the numbers. Owns the race,
// the worker sweep and the rank sweep; the form (TrainingRaceControls) and the pictures
// (TrainingRaceCharts, with the DDP lanes' ReplicaStrip under them) are its two halves.
class TrainingRacePanel : public QWidget
{
    Q_OBJECT

public:
    explicit TrainingRacePanel(QWidget *parent = nullptr);
    ~TrainingRacePanel() override;

    TrainConfig configFromControls() const { return m_controls->config(); }
    QList<TrainLane> lanesFromControls() const { return m_controls->lanes(); }
    bool startRace(const TrainConfig &config, const QList<TrainLane> &lanes);
    TrainingRace *race() const { return m_race; }
    QCustomPlot *lossChart() const { return m_charts->lossChart(); }
    QCustomPlot *wallChart() const { return m_charts->wallChart(); }
    QCustomPlot *throughputChart() const { return m_charts->throughputChart(); }
    QList<DecisionView *> decisionViews() const { return m_charts->decisionViews(); }
    QString summaryText() const;
    QString statusText() const;
    QString busyWarningText() const; // shown on the race chart; empty when the machine was quiet

    // Checks exactly these lanes (a lesson's Try it).
    void chooseLanes(const QList<TrainLane> &lanes);
    // The DataLoader placement with this many workers (a lesson's Try it).
    void chooseDataLoader(int workers);
    // The placement the Data box shows, e.g. the whole dataset preloaded (a lesson's Try it).
    void choosePlacement(TrainPlacement placement);
    LoaderOptions *loaderOptions() const { return m_controls->loaderOptions(); }
    // Of lane i's steps so far, the share of the time spent waiting for batches (0…1).
    double dataWaitFraction(int lane) const;
    // Sweeps the DataLoader workers over the chosen lanes, min(steps, kSweepMaxSteps) steps each.
    bool startSweep();
    WorkerSweep *sweep() const { return m_sweep; }
    WorkerSweepChart *sweepChart() const { return m_charts->sweepChart(); }
    // Sweeps the DDP lane's ranks (ReplicaSweep::defaultRanks() when empty),
    // min(steps, kSweepMaxSteps) steps each.
    bool startReplicaSweep(const QList<int> &ranks = {});
    ReplicaSweep *replicaSweep() const { return m_replicaSweep; }
    ReplicaSweepChart *replicaSweepChart() const { return m_charts->replicaSweepChart(); }
    ReplicaStrip *replicaStrip() const { return m_strip; }
    ReplicaOptions *replicaOptions() const { return m_controls->replicaOptions(); }

    static constexpr double kEmaAlpha = TrainingRaceCharts::kEmaAlpha;
    static constexpr int kSweepMaxSteps = 100;

private:
    void connectControls();
    void connectRace();
    void connectSweep();
    void onSteps(const QList<TrainStep> &steps);
    void onFinished(bool cancelled, const QString &error);
    QString summaryHtml() const; // the final comparison, one line per lane
    void showMachineLoad(const MachineLoad &cpuLanes);
    void updateLoaderControls(); // which DataLoader and sweep controls show and work now
    void onSweepFinished(bool cancelled, const QString &error);
    void onReplicaSweepFinished(bool cancelled, const QString &error);
    void syncPause(); // Pause follows TrainingRace::canPause()
    bool anySweepRunning() const;

    TrainingRace *m_race = nullptr;
    WorkerSweep *m_sweep = nullptr;
    ReplicaSweep *m_replicaSweep = nullptr;
    ReplicaStrip *m_strip = nullptr;
    QTimer *m_pauseTimer = nullptr; // while racing: a DDP lane's turn begins between two steps
    TrainingRaceControls *m_controls = nullptr;
    TrainingRaceCharts *m_charts = nullptr;
};

} // namespace tk
