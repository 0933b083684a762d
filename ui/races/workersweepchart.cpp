#include "ui/races/workersweepchart.h"

#include "ui/common/chartfactory.h"
#include "core/devices/deviceregistry.h"

#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace tk {

WorkerSweepChart::WorkerSweepChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("workerSweepChart"));
    m_plot = ChartFactory::make(tr("Does the device wait for data?"), tr("DataLoader workers"),
                                tr("device waited for data (%)"), false, false);
    m_plot->setObjectName(QStringLiteral("sweepChart"));
    m_plot->yAxis->setRange(0, 100);
    m_plot->xAxis->setRange(-0.5, 3.5);
    const int cores = DeviceRegistry::hardwareThreads();
    m_note = new QLabel(tr("This machine has %1 hardware threads. The workers compete with the model "
                           "for the same cores, so beyond %1 workers more of them stop helping. With 0 "
                           "the training thread prepares every batch itself while the device waits.")
                            .arg(cores));
    m_note->setObjectName(QStringLiteral("sweepNote"));
    m_note->setWordWrap(true);
    m_last = new QLabel(tr("Choose the DataLoader placement and press Sweep workers: each lane trains "
                           "briefly with each number of workers."));
    m_last->setObjectName(QStringLiteral("sweepLastPoint"));
    m_last->setWordWrap(true);
    ChartFactory::keepPlotArea(m_plot);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_last);
    layout->addWidget(m_note);
    reset({}, {}, WorkerSweep::defaultWorkers());
}

QString WorkerSweepChart::noteText() const { return m_note->text(); }

void WorkerSweepChart::reset(const QStringList &laneLabels, const QList<QColor> &laneColors, const QList<int> &workers)
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_workers = workers;
    m_labels = laneLabels;
    m_points.clear();
    for (int i = 0; i < laneLabels.size(); ++i) {
        QCPGraph *g = m_plot->addGraph();
        g->setName(laneLabels.at(i));
        ChartFactory::applyLaneStyle(g, i, laneColors.value(i, Qt::black));
    }
    // The counts double: evenly spaced they read like a log axis that can still show 0.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < workers.size(); ++i)
        ticker->addTick(i, QString::number(workers.at(i)));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(-0.5, std::max(1, int(workers.size())) - 0.5);
    m_plot->yAxis->setRange(0, 100);
    placeCoreMarker();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// A dashed line where the workers reach the number of hardware threads.
void WorkerSweepChart::placeCoreMarker()
{
    const int cores = DeviceRegistry::hardwareThreads();
    double x = -1;
    for (int i = 0; i < m_workers.size() && x < 0; ++i) {
        if (m_workers.at(i) == cores)
            x = i;
        else if (m_workers.at(i) > cores && i > 0) // between two counts, in proportion
            x = i - 1 + double(cores - m_workers.at(i - 1)) / (m_workers.at(i) - m_workers.at(i - 1));
    }
    if (x < 0)
        return;
    auto *line = new QCPItemStraightLine(m_plot);
    line->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 100);
    auto *label = new QCPItemText(m_plot);
    label->setText(tr("%1 hardware threads").arg(cores));
    label->setColor(Qt::gray);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->position->setCoords(x, 100);
    label->setPadding(QMargins(4, 2, 0, 0));
}

void WorkerSweepChart::addPoint(const WorkerSweepPoint &point)
{
    const int index = int(m_workers.indexOf(point.workers));
    if (point.lane < 0 || point.lane >= m_plot->graphCount() || index < 0)
        return;
    m_plot->graph(point.lane)->addData(index, 100 * point.waitFraction);
    m_points << point;
    m_last->setText(tr("%1 with %2 workers: waited for data %3 % of the time, %4 samples/s; "
                       "preparing took %5 s of CPU time.")
                        .arg(m_labels.value(point.lane))
                        .arg(point.workers)
                        .arg(100 * point.waitFraction, 0, 'f', 1)
                        .arg(point.samplesPerSecond, 0, 'f', 0)
                        .arg(point.prepCpuSeconds, 0, 'f', 2));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QStringList WorkerSweepChart::laneSummaries() const
{
    QStringList rows;
    for (int lane = 0; lane < m_labels.size(); ++lane) {
        const WorkerSweepPoint *fewest = nullptr, *least = nullptr;
        for (const WorkerSweepPoint &p : m_points) {
            if (p.lane != lane)
                continue;
            if (!fewest || p.workers < fewest->workers)
                fewest = &p;
            if (!least || p.waitFraction < least->waitFraction)
                least = &p;
        }
        if (fewest && least)
            rows << tr("%1: waited for data %2 % with %3 workers, %4 % at least (%5 workers)")
                        .arg(m_labels.at(lane))
                        .arg(100 * fewest->waitFraction, 0, 'f', 0)
                        .arg(fewest->workers)
                        .arg(100 * least->waitFraction, 0, 'f', 0)
                        .arg(least->workers);
    }
    return rows;
}

} // namespace tk
