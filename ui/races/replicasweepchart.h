#pragma once

#include "core/races/replicasweep.h"

#include <QColor>
#include <QWidget>

class QCustomPlot;
class QLabel;

namespace tk {

// The rank sweep's chart: samples/s of the whole group (left axis) and the all-reduce's share
// of the step (right axis, %) against the number of ranks, with what the cores allow.
class ReplicaSweepChart : public QWidget
{
    Q_OBJECT

public:
    explicit ReplicaSweepChart(QWidget *parent = nullptr);

    // A new sweep of this lane over these rank counts: two empty curves.
    void reset(const QString &laneLabel, const QColor &color, const QList<int> &ranks);
    void addPoint(const ReplicaSweepPoint &point);
    QCustomPlot *plot() const { return m_plot; }
    const QList<int> &ranks() const { return m_ranks; }
    const QList<ReplicaSweepPoint> &points() const { return m_points; }
    QString noteText() const;
    // The fastest N and, beside it, one rank's figures: what the status line says at the end.
    QString summary() const;

private:
    void placeCoreMarker();
    void rescale();

    QCustomPlot *m_plot = nullptr;
    QLabel *m_note = nullptr;
    QLabel *m_last = nullptr;
    QString m_label;
    QList<int> m_ranks;
    QList<ReplicaSweepPoint> m_points; // this sweep's, as drawn
};

} // namespace tk
