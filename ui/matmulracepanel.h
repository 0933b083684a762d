#pragma once

#include "matmulresult.h"

#include <QMap>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPErrorBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

namespace tk {

class MatmulRace;

// The potato-peeling race: controls, Run/Cancel with progress, and three live charts
// (time per matmul, GFLOP/s, speed-up with the crossover marked), with exports.
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
    QCustomPlot *timeChart() const { return m_timePlot; }
    QCustomPlot *gflopsChart() const { return m_gflopsPlot; }
    QCustomPlot *speedupChart() const { return m_speedupPlot; }
    QString crossoverText() const;
    QString statusText() const;

    bool exportPng(const QString &path) const;
    bool exportPdf(const QString &path) const;
    bool exportCsv(const QString &path, QString *error) const;
    bool exportJson(const QString &path, QString *error) const;

private:
    struct Lane
    {
        QCPGraph *time = nullptr;
        QCPErrorBars *iqr = nullptr;
        QCPGraph *gflops = nullptr;
        QCPGraph *speedup = nullptr; // null for the baseline lane
    };

    void buildControls(QWidget *box);
    QCustomPlot *makePlot(const QString &title, const QString &xLabel, const QString &yLabel,
                          bool logY);
    void resetCharts(const MatmulSettings &settings);
    void onPoint(const MatmulResult &r);
    void onFinished(bool cancelled, const QString &error);
    void refreshSpeedup();
    void replotDirty();
    void showTracer(QCustomPlot *plot, QMouseEvent *event);
    void exportDialog();
    int baselineLane() const;
    int challengerLane(int lane) const; // which lane's speed-up a curve shows, -1: none

    MatmulRace *m_race = nullptr;
    bool m_hasGpu = false;
    QComboBox *m_dtype = nullptr;
    QComboBox *m_from = nullptr;
    QComboBox *m_to = nullptr;
    QDoubleSpinBox *m_minRun = nullptr;
    QSpinBox *m_threads = nullptr;
    QCheckBox *m_oneCook = nullptr;
    QCheckBox *m_gpuCompute = nullptr;
    QCheckBox *m_gpuEndToEnd = nullptr;
    QCheckBox *m_gpuNaive = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_export = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_noGpu = nullptr;
    QCustomPlot *m_timePlot = nullptr;
    QCustomPlot *m_gflopsPlot = nullptr;
    QCustomPlot *m_speedupPlot = nullptr;
    QCPItemText *m_crossoverLabel = nullptr;
    QCPItemStraightLine *m_crossoverLine = nullptr;
    QList<Lane> m_lanes;
    MatmulSettings m_settings;
    QTimer *m_replotTimer = nullptr;
    bool m_dirty = false;
};

} // namespace tk
