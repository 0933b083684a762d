#pragma once

#include "core/races/trainconfig.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSettings;
class QSpinBox;

namespace tk {

// The lanes of the training race that Python trains, inside its Lanes box: the Python lane (the
// same training in one Python process, on the CPU and on the first GPU), DistributedDataParallel × N
// on the CPU (and over the GPUs where there are some), nn.DataParallel where there are two GPUs
// or more — or, with fewer, why the guide's DataParallel line does nothing here — and the
// button that sweeps the number of ranks.
class ReplicaOptions : public QWidget
{
    Q_OBJECT

public:
    // gpuCount: CUDA devices DeviceRegistry::knownDevices() found.
    explicit ReplicaOptions(int gpuCount, QWidget *parent = nullptr);

    QList<TrainLane> lanes() const; // the checked ones, in the order shown
    // ReplicaRun::maxRanks from the devices already known: asking again would touch LibTorch,
    // which the GUI thread must not.
    static int maxRanks(const QString &device);
    // Checks exactly the replicated lanes among these (others are the plain lanes' business).
    void chooseLanes(const QList<TrainLane> &lanes);
    // The lane a rank sweep measures: the checked DDP lane, else the CPU one.
    TrainLane sweepLane() const;
    int ranks() const;
    void setRanks(int ranks);
    // The global batch, so a checked DDP lane's N it does not split over is named before Train
    // is pressed.
    void setBatch(int batch);
    QString batchWarning() const; // empty while every checked DDP lane can run
    QString dataParallelNote() const; // empty where the DataParallel lane is offered instead
    QPushButton *sweepButton() const { return m_sweep; }
    void setSweeping(bool sweeping); // the sweep button becomes its stop button

    void load(QSettings &settings);
    void save(QSettings &settings) const;

Q_SIGNALS:
    void lanesChanged();

private:
    void updateBatchWarning();
    struct Offer
    {
        QCheckBox *box; // null where this machine does not offer the lane
        QString kind;
        QString device;
        QSpinBox *ranks; // DDP's
    };
    QList<Offer> offers() const;

    QCheckBox *m_pythonCpu = nullptr;
    QCheckBox *m_pythonGpu = nullptr; // only with GPUs: on cuda:0
    QCheckBox *m_cpuDdp = nullptr;
    QSpinBox *m_cpuRanks = nullptr;
    QCheckBox *m_gpuDdp = nullptr; // only with GPUs: one rank per GPU
    QSpinBox *m_gpuRanks = nullptr;
    QCheckBox *m_dataParallel = nullptr; // only with two GPUs or more
    QLabel *m_dpNote = nullptr; // only with fewer
    QLabel *m_batchWarning = nullptr;
    QPushButton *m_sweep = nullptr;
    int m_batch = TrainConfig{}.batch;
};

} // namespace tk
