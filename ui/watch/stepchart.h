#pragma once

#include "core/watch/watchstep.h"

#include <QWidget>

class QCPBars;
class QCPGraph;
class QCPTextElement;
class QCustomPlot;

namespace tk {

// A watched program's steps, one bar each: the time spent copying between devices, waiting
// for the DataLoader and doing the rest, stacked; and the bytes moved per step as a line on the
// right axis. Keeps the latest kSteps steps; replots on a short timer, not per step.
class StepChart : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSteps = 300;

    explicit StepChart(QWidget *parent = nullptr);

    void addStep(const WatchStep &step);
    int stepCount() const { return m_count; } // steps drawn since the start
    bool drawsCells() const { return m_cells; } // a notebook's cells are the bars
    QCustomPlot *plot() const { return m_plot; }
    // The bars' values at step n (ms): copying, waiting, the rest; -1 when not kept.
    double copyMs(qint64 n) const;
    double waitMs(qint64 n) const;
    double collectiveMs(qint64 n) const; // blocking torch.distributed collectives in step n
    double otherMs(qint64 n) const;
    double gpuIdleMs(qint64 n) const; // the GPU's idle time before step n's work; -1: not measured
    bool gpuIdleInLegend() const;
    // Draws one part ("wait", "copy", "collective", "other" of the bars, or the "gpu_idle" line)
    // in full and the others faint: the evidence of the finding a user selected. Empty: all in full.
    void emphasise(const QString &part);
    QString emphasised() const { return m_emphasised; }
    bool isFaint(const QString &part) const;

private:
    void replot();
    static double valueAt(const QCPBars *bars, qint64 n);
    QCPBars *bars(const QString &part) const;

    QCustomPlot *m_plot = nullptr;
    QCPBars *m_copy = nullptr;
    QCPBars *m_wait = nullptr;
    QCPBars *m_collective = nullptr;
    QCPBars *m_other = nullptr;
    QString m_emphasised;
    QCPGraph *m_bytes = nullptr;
    QCPGraph *m_idle = nullptr;
    QCPTextElement *m_title = nullptr;
    bool m_cells = false; // the bars are a notebook's cells, not optimizer steps
    int m_count = 0;
    double m_maxMs = 0;
    double m_maxBytes = 0;
    bool m_dirty = false;
};

} // namespace tk
