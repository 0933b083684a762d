#pragma once

#include <QGroupBox>

class QCheckBox;
class QPushButton;
class QSettings;
class QSpinBox;

namespace tk {

// The DataLoader placement's settings: worker threads, the CPU cost of preparing a sample, and
// pinned batches (CUDA only), with the button that sweeps the number of workers.
class LoaderOptions : public QGroupBox
{
    Q_OBJECT

public:
    // hasGpu: a CUDA device was found (DeviceRegistry::knownDevices()); without one the pinned
    // box stays off.
    explicit LoaderOptions(bool hasGpu, QWidget *parent = nullptr);

    int workers() const;
    int prepCost() const;
    bool pinBatches() const;
    void setWorkers(int workers);
    QPushButton *sweepButton() const { return m_sweep; }
    void setSweeping(bool sweeping); // the sweep button becomes its stop button

    void load(QSettings &settings);
    void save(QSettings &settings) const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void explainPin();

    QSpinBox *m_workers = nullptr;
    QSpinBox *m_prepCost = nullptr;
    QCheckBox *m_pin = nullptr;
    QPushButton *m_sweep = nullptr;
    bool m_hasGpu = false;
    bool m_pinExplained = false;
};

} // namespace tk
