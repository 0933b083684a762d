#include "ui/races/replicasweepchart.h"

#include "ui/common/chartfactory.h"
#include "core/devices/deviceregistry.h"

#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace tk {

ReplicaSweepChart::ReplicaSweepChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("replicaSweepChart"));
    m_plot = ChartFactory::make(tr("Do more ranks train faster?"), tr("ranks (processes)"),
                                tr("samples/s (the whole group)"), false, false);
    m_plot->setObjectName(QStringLiteral("rankSweepPlot"));
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setLabel(tr("all-reduce share of the step (%)"));
    m_plot->yAxis2->setRange(0, 100);
    const int cores = DeviceRegistry::hardwareThreads();
    m_note = new QLabel(tr("This machine has %1 hardware threads. Every rank is a process of its own "
                           "with its own copy of the model; the cores are split between them, and "
                           "during each backward pass they wait for one another to average the "
                           "gradients (the all-reduces). On a GPU machine each rank has a GPU of "
                           "its own instead.")
                            .arg(cores));
    m_note->setObjectName(QStringLiteral("rankSweepNote"));
    m_note->setWordWrap(true);
    m_last = new QLabel(tr("Check DistributedDataParallel under Lanes and press Sweep ranks: the DDP "
                           "lane trains briefly on each number of ranks."));
    m_last->setObjectName(QStringLiteral("rankSweepLastPoint"));
    m_last->setWordWrap(true);
    ChartFactory::keepPlotArea(m_plot);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_last);
    layout->addWidget(m_note);
    reset(QString(), Qt::black, ReplicaSweep::defaultRanks());
}

QString ReplicaSweepChart::noteText() const { return m_note->text(); }

void ReplicaSweepChart::reset(const QString &laneLabel, const QColor &color, const QList<int> &ranks)
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_label = laneLabel;
    m_ranks = ranks;
    m_points.clear();
    QCPGraph *speed = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    speed->setName(tr("samples/s"));
    ChartFactory::applyLaneStyle(speed, 0, color);
    // The share in grey on the right axis: a second measure of the same lane, not a second lane.
    QCPGraph *share = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    share->setName(tr("all-reduce share (%), right axis"));
    ChartFactory::applyLaneStyle(share, 1, Qt::darkGray);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int n : ranks)
        ticker->addTick(n, QString::number(n));
    m_plot->xAxis->setTicker(ticker);
    const int last = ranks.isEmpty() ? 1 : ranks.last();
    m_plot->xAxis->setRange(ranks.isEmpty() ? 0.5 : ranks.first() - 0.5, last + 0.5);
    m_plot->yAxis->setRange(0, 1000);
    m_plot->yAxis2->setRange(0, 100);
    placeCoreMarker();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// A dashed line where the ranks reach the number of hardware threads: from there each rank has
// less than one core.
void ReplicaSweepChart::placeCoreMarker()
{
    const int cores = DeviceRegistry::hardwareThreads();
    if (m_ranks.isEmpty() || cores < m_ranks.first() || cores > m_ranks.last())
        return;
    auto *line = new QCPItemStraightLine(m_plot);
    line->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    line->point1->setCoords(cores, 0);
    line->point2->setCoords(cores, 1);
    auto *label = new QCPItemText(m_plot);
    label->setText(tr("%1 hardware threads").arg(cores));
    label->setColor(Qt::gray);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(cores, 0);
    label->setPadding(QMargins(4, 2, 0, 0));
}

void ReplicaSweepChart::addPoint(const ReplicaSweepPoint &point)
{
    if (!m_ranks.contains(point.ranks) || m_plot->graphCount() < 2)
        return;
    m_plot->graph(0)->addData(point.ranks, point.samplesPerSecond);
    m_plot->graph(1)->addData(point.ranks, 100 * point.allreduceShare);
    m_points << point;
    m_last->setText(tr("%1 on %2 ranks: %3 samples/s, a step takes %4 ms of which the all-reduce %5 ms "
                       "(%6 %, %7 bytes per rank); final loss %8.")
                        .arg(m_label)
                        .arg(point.ranks)
                        .arg(point.samplesPerSecond, 0, 'f', 0)
                        .arg(1000 * point.stepSeconds, 0, 'f', 2)
                        .arg(1000 * point.allreduceSeconds, 0, 'f', 2)
                        .arg(100 * point.allreduceShare, 0, 'f', 0)
                        .arg(point.allreduceBytes)
                        .arg(point.finalLoss, 0, 'f', 4));
    rescale();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ReplicaSweepChart::rescale()
{
    double top = 0;
    for (const ReplicaSweepPoint &p : std::as_const(m_points))
        top = std::max(top, p.samplesPerSecond);
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.15 : 1000);
}

QString ReplicaSweepChart::summary() const
{
    const ReplicaSweepPoint *one = nullptr, *best = nullptr;
    for (const ReplicaSweepPoint &p : m_points) {
        if (p.ranks == 1)
            one = &p;
        if (!best || p.samplesPerSecond > best->samplesPerSecond)
            best = &p;
    }
    if (!best)
        return QString();
    QString s = tr("%1: most samples/s on %n ranks (%2)", "", best->ranks)
                    .arg(m_label)
                    .arg(best->samplesPerSecond, 0, 'f', 0);
    if (one && one != best)
        s += tr("; one rank: %1 samples/s").arg(one->samplesPerSecond, 0, 'f', 0);
    return s;
}

} // namespace tk
