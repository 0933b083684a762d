#pragma once

#include "core/watch/watchfinding.h"
#include "core/watch/watchstep.h"

#include <QWidget>
#include <deque>

class QCPBars;
class QCPGraph;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

namespace tk {

// A watched program's steps, one bar each: the time spent copying between devices, waiting
// for the DataLoader, in collectives and doing the rest, stacked; and the bytes moved per step
// as a line on the right axis. Keeps the latest kSteps steps and shows the latest kShown; the
// user pans and zooms along the steps, and the time axis fits the steps in view: a step far
// above the others (the first, which holds the program's start-up) is drawn clipped with its
// time written on it. Replots on a short timer, not per step.
class StepChart : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSteps = 300;
    static constexpr int kShown = 60;

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
    // What hovering step n's bar says: its time, its parts, its bytes; empty when not kept.
    QString describeStep(qint64 n) const;
    // The labels written on clipped bars, as drawn (after a replot).
    QStringList clippedLabels() const;
    QList<QRectF> clippedLabelRects() const; // as drawn, in the plot's pixels
    // Draws one part (a bar's part, or the GPU's idle line) in full and the others faint: the
    // evidence of the finding a user selected. None: all in full.
    void emphasise(StepPart part);
    StepPart emphasised() const { return m_emphasised; }
    bool isFaint(StepPart part) const;
    void replotNow() { replot(); }

private:
    void replot();
    void fitTime();
    void stackClipLabels(double upper); // side by side, never over one another
    void hover(const QPoint &pos);
    const WatchStep *kept(qint64 n) const;
    static double valueAt(const QCPBars *bars, qint64 n);
    QCPBars *bars(StepPart part) const;

    QCustomPlot *m_plot = nullptr;
    QCPBars *m_copy = nullptr;
    QCPBars *m_wait = nullptr;
    QCPBars *m_collective = nullptr;
    QCPBars *m_other = nullptr;
    StepPart m_emphasised = StepPart::None;
    QCPGraph *m_bytes = nullptr;
    QCPGraph *m_idle = nullptr;
    QCPTextElement *m_title = nullptr;
    QList<QCPItemText *> m_clipLabels; // on the bars drawn clipped
    std::deque<WatchStep> m_steps; // the kept ones, oldest first
    bool m_cells = false; // the bars are a notebook's cells, not optimizer steps
    bool m_follow = true; // the view follows the newest steps until the user pans away
    int m_count = 0;
    double m_maxBytes = 0;
    bool m_dirty = false;
};

} // namespace tk
