#pragma once

#include "core/races/trainconfig.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace tk {

class LoaderOptions;
class ReplicaOptions;

// The training race's side form: the model and data settings, the DataLoader options, the
// lanes (the replicated ones among them), Train/Pause/Cancel with progress, the status line and the final summary. The settings
// are remembered between runs; the panel that owns the race decides what the buttons do.
class TrainingRaceControls : public QWidget
{
    Q_OBJECT

public:
    explicit TrainingRaceControls(QWidget *parent = nullptr);

    TrainConfig config() const;
    QList<TrainLane> lanes() const;
    LoaderOptions *loaderOptions() const { return m_loader; }
    ReplicaOptions *replicaOptions() const { return m_replicas; }
    void choosePlacement(TrainPlacement placement);
    // Checks exactly these lanes' boxes (a lesson's Try it).
    void chooseLanes(const QList<TrainLane> &lanes);

    // Which DataLoader and rank-sweep controls show and work, and whether Train does, while
    // these run.
    void updateRunControls(bool racing, bool workerSweeping, bool replicaSweeping);
    // Pause is offered only while the race can park its lanes: not while a DDP lane trains.
    void setPauseAllowed(bool allowed);
    void showRaceStarted(int steps); // progress over the steps, Train off, Pause and Cancel on, no summary
    void showRaceFinished(); // Train on, Pause released and off, Cancel off
    void showSweepStarted(int runs); // progress over the runs, Cancel stops the sweep
    void showSweepFinished();
    void showPaused(bool paused);
    void setProgress(int done, int total);
    void advanceProgress(int step); // never backwards: lanes train in turn

    void setStatus(const QString &text);
    void showError(const QString &error); // in red, as plain text
    QString statusText() const;
    void setSummary(const QString &text);
    QString summaryText() const;

Q_SIGNALS:
    void trainClicked(); // the settings are saved by then
    void pauseToggled(bool paused);
    void cancelClicked();
    void sweepClicked();
    void replicaSweepClicked();
    void placementChanged();
    void stepsChanged();

private:
    QFormLayout *buildSettings(bool hasGpu);
    QGroupBox *buildLanes(int gpuCount);
    QHBoxLayout *buildButtons();
    void loadSettings();
    void saveSettings() const;

    QSpinBox *m_width = nullptr;
    QSpinBox *m_depth = nullptr;
    QSpinBox *m_batch = nullptr;
    QSpinBox *m_steps = nullptr;
    QSpinBox *m_seed = nullptr;
    QDoubleSpinBox *m_lr = nullptr;
    QComboBox *m_optimizer = nullptr;
    QComboBox *m_placement = nullptr;
    LoaderOptions *m_loader = nullptr;
    ReplicaOptions *m_replicas = nullptr;
    QCheckBox *m_cpuAll = nullptr;
    QCheckBox *m_cpuOne = nullptr;
    QList<QCheckBox *> m_gpus;
    QPushButton *m_run = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_summary = nullptr;
    bool m_racing = false; // between showRaceStarted and showRaceFinished
};

} // namespace tk
