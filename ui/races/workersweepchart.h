#pragma once

#include "core/races/workersweep.h"

#include <QColor>
#include <QWidget>

class QCustomPlot;
class QLabel;

namespace tk {

// The DataLoader sweep's chart: how much of the step time the device waited for data, against
// the number of workers, one curve per lane, with a note on what the cores allow.
class WorkerSweepChart : public QWidget
{
    Q_OBJECT

public:
    explicit WorkerSweepChart(QWidget *parent = nullptr);

    // A new sweep: one empty curve per lane, the worker counts on the x axis.
    void reset(const QStringList &laneLabels, const QList<QColor> &laneColors, const QList<int> &workers);
    void addPoint(const WorkerSweepPoint &point);
    QCustomPlot *plot() const { return m_plot; }
    const QList<int> &workers() const { return m_workers; }
    QString noteText() const;
    // Per lane: the wait with the fewest workers, and the least wait with its count.
    QStringList laneSummaries() const;

private:
    void placeCoreMarker();

    QCustomPlot *m_plot = nullptr;
    QLabel *m_note = nullptr;
    QLabel *m_last = nullptr;
    QList<int> m_workers;
    QStringList m_labels;
    QList<WorkerSweepPoint> m_points; // this sweep's, as drawn
};

} // namespace tk
