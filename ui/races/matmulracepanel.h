#pragma once

#include "core/races/matmulresult.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace tk {

class MatmulRace;
class MatmulRaceCharts;

// The potato-peeling race: controls, Run/Cancel with progress, and three live charts
// (MatmulRaceCharts: time per matmul, GFLOP/s, speed-up with the crossover marked), with exports.
class MatmulRacePanel : public QWidget
{
    Q_OBJECT

public:
    explicit MatmulRacePanel(QWidget *parent = nullptr);
    ~MatmulRacePanel() override;

    MatmulSettings settingsFromControls() const;
    bool startRace(const MatmulSettings &settings); // false: the reason is shown in the panel
    void cancelRace();
    MatmulRace *race() const { return m_race; }
    QCustomPlot *timeChart() const;
    QCustomPlot *gflopsChart() const;
    QCustomPlot *speedupChart() const;
    QString crossoverText() const;
    QString statusText() const;
    QString busyWarningText() const; // shown on the time chart; empty when the machine was quiet

    bool exportPng(const QString &path) const;
    bool exportPdf(const QString &path) const;
    bool exportCsv(const QString &path, QString *error) const;
    bool exportJson(const QString &path, QString *error) const;

private:
    void buildControls(QWidget *box);
    void onPoint(const MatmulResult &r);
    void showMachineLoad(const MatmulResult &r);
    void onFinished(bool cancelled, const QString &error);
    void exportDialog();

    MatmulRace *m_race = nullptr;
    bool m_hasGpu = false;
    QComboBox *m_dtype = nullptr;
    QComboBox *m_from = nullptr;
    QComboBox *m_to = nullptr;
    QDoubleSpinBox *m_minRun = nullptr;
    QSpinBox *m_threads = nullptr;
    QCheckBox *m_oneCook = nullptr;
    QCheckBox *m_python = nullptr;
    QCheckBox *m_gpuCompute = nullptr;
    QCheckBox *m_gpuEndToEnd = nullptr;
    QCheckBox *m_gpuNaive = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_export = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_noGpu = nullptr;
    MatmulRaceCharts *m_charts = nullptr;
    MatmulSettings m_settings;
    MachineLoad m_load; // the CPU lanes' points so far
};

} // namespace tk
