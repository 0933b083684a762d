#pragma once

#include "ui/races/busymachinenote.h"
#include "core/races/matmulresult.h"

#include <QList>
#include <QWidget>
#include <optional>

class QCustomPlot;
class QGridLayout;
class QCPErrorBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPTextElement;
class QMouseEvent;
class QTimer;

namespace tk {

// The matmul race's three live charts, stacked: time per matmul with IQR bars, GFLOP/s, and
// the speed-up over the baseline lane with the crossover marked. Tooltips on hover, PNG and
// PDF export. Redrawn by its own timer and only when something changed, never per point.
class MatmulRaceCharts : public QWidget
{
    Q_OBJECT

public:
    explicit MatmulRaceCharts(bool hasGpu, QWidget *parent = nullptr);

    // The axes of a race with these settings, while no race is drawn: N from the first to the
    // last size, a default decade of times. Called for the panel's settings before any run.
    void showPlan(const MatmulSettings &settings);
    // Empty curves for the lanes of a new race, on the axes of its plan.
    void reset(const MatmulSettings &settings);
    // False for a lane the race does not have; nothing is drawn then.
    bool addPoint(const MatmulResult &r);
    void requestReplot() { m_dirty = true; }

    QCustomPlot *timeChart() const { return m_timePlot; }
    QCustomPlot *gflopsChart() const { return m_gflopsPlot; }
    QCustomPlot *speedupChart() const { return m_speedupPlot; }
    QString crossoverText() const;
    bool exportPng(const QString &path) const;
    bool exportPdf(const QString &path) const;

    static QString formatSeconds(double s); // "12.3 µs", "4.56 ms", "1.2 s"

    // A busy machine named on the time chart (and so in its PNG and PDF); empty hides it.
    void setBusyWarning(const QString &text);
    QString busyWarning() const; // empty while hidden

private:
    struct Lane
    {
        QCPGraph *time = nullptr;
        QCPErrorBars *iqr = nullptr;
        QCPGraph *gflops = nullptr;
        QCPGraph *speedup = nullptr; // null for the baseline lane
    };

    QCustomPlot *makePlot(const QString &title, const QString &xLabel, const QString &yLabel, bool logY);
    void refreshSpeedup();
    void replotDirty();
    void arrange(bool wide);
    void resizeEvent(QResizeEvent *event) override;
    static constexpr int kWideFrom = 880; // two charts of at least 440 px side by side
    void showTracer(QCustomPlot *plot, QMouseEvent *event);
    int baselineLane() const;
    int challengerLane(int lane) const; // which lane's speed-up a curve shows, -1: none

    QCustomPlot *m_timePlot = nullptr;
    QCustomPlot *m_gflopsPlot = nullptr;
    QCustomPlot *m_speedupPlot = nullptr;
    QCPTextElement *m_crossoverLabel = nullptr; // under the title: over the plot it hid points
    QCPItemStraightLine *m_crossoverLine = nullptr;
    QList<Lane> m_lanes;
    MatmulSettings m_settings;
    QList<MatmulResult> m_results; // the points drawn, for the speed-up and the tooltips
    QTimer *m_replotTimer = nullptr;
    bool m_dirty = false;
    QGridLayout *m_grid = nullptr;
    bool m_wide = false;
    std::optional<BusyMachineNote> m_busyWarning; // made by setBusyWarning
};

} // namespace tk
