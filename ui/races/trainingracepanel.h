#pragma once

#include "races/busymachinenote.h"
#include "races/trainconfig.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace tk {

class DecisionView;
class LoaderOptions;
class TrainingRace;
class WorkerSweep;
class WorkerSweepChart;

// The training race: the same MLP from the same seed on every lane, with live loss charts,
// throughput, what each model has learned, and a final comparison of the numbers.
class TrainingRacePanel : public QWidget
{
    Q_OBJECT

public:
    explicit TrainingRacePanel(QWidget *parent = nullptr);
    ~TrainingRacePanel() override;

    TrainConfig configFromControls() const;
    QList<TrainLane> lanesFromControls() const;
    bool startRace(const TrainConfig &config, const QList<TrainLane> &lanes);
    TrainingRace *race() const { return m_race; }
    QCustomPlot *lossChart() const { return m_lossPlot; }
    QCustomPlot *wallChart() const { return m_wallPlot; }
    QCustomPlot *throughputChart() const { return m_speedPlot; }
    QList<DecisionView *> decisionViews() const { return m_views; }
    QString summaryText() const;
    QString statusText() const;
    QString busyWarningText() const; // shown on the race chart; empty when the machine was quiet

    // The DataLoader placement with this many workers (a lesson's Try it).
    void chooseDataLoader(int workers);
    // The placement the Data box shows, e.g. the whole dataset preloaded (a lesson's Try it).
    void choosePlacement(TrainPlacement placement);
    LoaderOptions *loaderOptions() const { return m_loader; }
    // Of lane i's steps so far, the share of the time spent waiting for batches (0…1).
    double dataWaitFraction(int lane) const;
    // Sweeps the DataLoader workers over the chosen lanes, min(steps, kSweepMaxSteps) steps each.
    bool startSweep();
    WorkerSweep *sweep() const { return m_sweep; }
    WorkerSweepChart *sweepChart() const { return m_sweepChart; }

    static constexpr double kEmaAlpha = 0.05;
    static constexpr int kSweepMaxSteps = 100;

private:
    void onSteps(const QList<TrainStep> &steps);
    void onFinished(bool cancelled, const QString &error);
    void resetCharts();
    void showPlan(const TrainConfig &config); // the axes of a race with this config, before data
    void replotDirty();
    void showMachineLoad(const MachineLoad &cpuLanes);
    void updateLoaderControls(); // which DataLoader controls show and work now
    void onSweepFinished(bool cancelled, const QString &error);

    TrainingRace *m_race = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_depth = nullptr;
    QSpinBox *m_batch = nullptr;
    QSpinBox *m_steps = nullptr;
    QSpinBox *m_seed = nullptr;
    QDoubleSpinBox *m_lr = nullptr;
    QComboBox *m_optimizer = nullptr;
    QComboBox *m_placement = nullptr;
    QCheckBox *m_cpuAll = nullptr;
    QCheckBox *m_cpuOne = nullptr;
    QList<QCheckBox *> m_gpus;
    QPushButton *m_run = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_summary = nullptr;
    QCustomPlot *m_lossPlot = nullptr;
    QCustomPlot *m_wallPlot = nullptr;
    QCustomPlot *m_speedPlot = nullptr;
    QHBoxLayout *m_viewsLayout = nullptr;
    QList<DecisionView *> m_views;
    QList<double> m_ema;      // per lane, loss
    QList<double> m_emaSpeed; // per lane, samples/s
    QList<double> m_waited;   // per lane, seconds waiting for batches (DataLoader placement)
    QList<double> m_stepTime; // per lane, seconds of all steps so far
    LoaderOptions *m_loader = nullptr;
    WorkerSweep *m_sweep = nullptr;
    WorkerSweepChart *m_sweepChart = nullptr;
    QTabWidget *m_chartTabs = nullptr;
    bool m_dirty = false;
    std::optional<BusyMachineNote> m_busyWarning; // on the race chart, made when first needed
};

} // namespace tk
