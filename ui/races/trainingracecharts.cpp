#include "ui/races/trainingracecharts.h"

#include "ui/common/chartfactory.h"
#include "ui/common/devicestyle.h"
#include "ui/races/decisionview.h"
#include "ui/races/replicasweepchart.h"
#include "ui/races/workersweepchart.h"
#include "core/races/lanes/traininglane.h"

#include <QHBoxLayout>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace tk {

// The device's colour; a single-threaded lane lighter, replicated ones darker.
QColor TrainingRaceCharts::laneColor(const TrainLane &lane)
{
    QColor c = DeviceStyle::color(lane.device);
    if (TrainingLanes::of(lane.kind).ownProcesses())
        return c.darker(160);
    return lane.device == QLatin1String("cpu") && lane.threads == 1 ? c.lighter(150) : c;
}

namespace {
bool hasData(const QCustomPlot *plot)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->dataCount() > 0)
            return true;
    return false;
}
} // namespace

TrainingRaceCharts::TrainingRaceCharts(QWidget *parent) : QWidget(parent)
{
    QWidget *charts = buildRaceCharts();
    // The sweep's chart has a tab of its own: beside the race's four it would squash them all.
    m_sweepChart = new WorkerSweepChart;
    m_chartTabs = new QTabWidget;
    m_chartTabs->setObjectName(QStringLiteral("trainingChartTabs"));
    m_chartTabs->addTab(charts, tr("Training"));
    m_chartTabs->addTab(ChartFactory::scrolling(m_sweepChart), tr("Data loading"));
    m_replicaSweepChart = new ReplicaSweepChart;
    m_chartTabs->addTab(ChartFactory::scrolling(m_replicaSweepChart), tr("Replicas"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chartTabs);

    // Redraw at most 25 times a second, and only what changed: never per step.
    auto *timer = new QTimer(this);
    timer->setInterval(40);
    connect(timer, &QTimer::timeout, this, &TrainingRaceCharts::replotDirty);
    timer->start();
}

QWidget *TrainingRaceCharts::buildRaceCharts()
{
    m_lossPlot = ChartFactory::make(tr("Loss vs step (faint: each step, bold: EMA α = %1)").arg(kEmaAlpha), tr("step"),
                                    tr("cross-entropy"), false, true);
    m_wallPlot = ChartFactory::make(tr("Loss vs training time (the race)"), tr("seconds"), tr("cross-entropy (EMA)"),
                                    false, true);
    m_speedPlot = ChartFactory::make(tr("Throughput"), tr("step"), tr("samples/s (EMA)"), false, false);
    auto *views = new QWidget;
    m_viewsLayout = new QHBoxLayout(views);
    auto *charts = new QSplitter(Qt::Vertical);
    auto *top = new QSplitter(Qt::Horizontal);
    top->addWidget(m_lossPlot);
    top->addWidget(m_wallPlot);
    // The same width each (the loss legend needs its share); sizes under a chart's minimum
    // would count as that minimum, so the two are given as large and equal.
    top->setSizes({10000, 10000});
    charts->addWidget(top);
    auto *bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(m_speedPlot);
    bottom->addWidget(views);
    charts->addWidget(bottom);
    for (QCustomPlot *p : {m_lossPlot, m_wallPlot, m_speedPlot})
        ChartFactory::keepPlotArea(p);
    charts->setChildrenCollapsible(false);
    return ChartFactory::scrolling(charts);
}

void TrainingRaceCharts::showPlan(const TrainConfig &config)
{
    // The step charts span the whole race from the start: a curve grows towards the end of
    // its axis instead of the axis chasing the curve.
    for (QCustomPlot *p : {m_lossPlot, m_speedPlot})
        p->xAxis->setRange(0, config.steps);
    m_wallPlot->xAxis->setRange(0, 10); // seconds: unknown until the lanes run
    // Two classes: the cross-entropy starts near ln 2 ≈ 0.69 and falls.
    m_lossPlot->yAxis->setRange(0.01, 1);
    m_wallPlot->yAxis->setRange(0.01, 1);
    m_speedPlot->yAxis->setRange(0, 1000);
    m_dirty = true;
}

void TrainingRaceCharts::reset(const TrainConfig &config, const QList<TrainLane> &lanes)
{
    for (QCustomPlot *p : {m_lossPlot, m_wallPlot, m_speedPlot})
        p->clearPlottables();
    qDeleteAll(m_views);
    m_views.clear();
    m_ema.clear();
    m_emaSpeed.clear();
    m_waited.clear();
    m_stepTime.clear();
    showPlan(config);
    // A marker every tenth of the race: one per step would be a smear.
    const int skip = std::max(0, config.steps / 10 - 1);
    for (int i = 0; i < lanes.size(); ++i) {
        const TrainLane &lane = lanes.at(i);
        const QColor c = laneColor(lane);
        // Lane i has the same line style and marker on every chart; the raw loss is the faint
        // line of the same style; the legend names each lane once (the title says which is which).
        QCPGraph *raw = m_lossPlot->addGraph();
        raw->setName(tr("%1 (raw)").arg(lane.label()));
        raw->setPen(QPen(QColor(c.red(), c.green(), c.blue(), 70), 1, ChartFactory::laneStyle(i).pen));
        raw->removeFromLegend();
        QCPGraph *ema = m_lossPlot->addGraph();
        ema->setName(lane.label());
        QCPGraph *wall = m_wallPlot->addGraph();
        wall->setName(lane.label());
        QCPGraph *speed = m_speedPlot->addGraph();
        speed->setName(lane.label());
        for (QCPGraph *g : {ema, wall, speed}) {
            ChartFactory::applyLaneStyle(g, i, c);
            g->setScatterSkip(skip);
        }
        m_ema << std::nan("");
        m_emaSpeed << std::nan("");
        m_waited << 0;
        m_stepTime << 0;
        auto *view = new DecisionView(lane.label());
        m_views << view;
        m_viewsLayout->addWidget(view);
    }
    m_dirty = true;
}

bool TrainingRaceCharts::hasLanes() const { return m_lossPlot->graphCount() > 0; }

bool TrainingRaceCharts::addStep(const TrainStep &s)
{
    if (s.lane < 0 || s.lane >= m_ema.size())
        return false;
    double &ema = m_ema[s.lane];
    ema = std::isnan(ema) ? s.loss : kEmaAlpha * s.loss + (1 - kEmaAlpha) * ema;
    double &speed = m_emaSpeed[s.lane];
    speed = std::isnan(speed) ? s.samplesPerSecond : kEmaAlpha * s.samplesPerSecond + (1 - kEmaAlpha) * speed;
    m_lossPlot->graph(2 * s.lane)->addData(s.step, s.loss);
    m_lossPlot->graph(2 * s.lane + 1)->addData(s.step, ema);
    m_wallPlot->graph(s.lane)->addData(s.wallSeconds, ema);
    m_speedPlot->graph(s.lane)->addData(s.step, speed);
    m_waited[s.lane] += s.waitSeconds;
    m_stepTime[s.lane] += s.stepSeconds;
    return true;
}

void TrainingRaceCharts::nameWaits(const QList<TrainLane> &lanes)
{
    for (int i = 0; i < lanes.size() && i < m_speedPlot->graphCount(); ++i)
        if (m_stepTime.value(i) > 0)
            m_speedPlot->graph(i)->setName(
                tr("%1 · waited for data %2 %").arg(lanes.at(i).label()).arg(100 * dataWaitFraction(i), 0, 'f', 0));
}

void TrainingRaceCharts::showDecision(const DecisionGrid &grid)
{
    if (grid.lane >= 0 && grid.lane < m_views.size())
        m_views[grid.lane]->setGrid(grid);
}

void TrainingRaceCharts::showDataset(const QVector<float> &xyClass)
{
    for (DecisionView *v : std::as_const(m_views))
        v->setPoints(xyClass);
}

double TrainingRaceCharts::dataWaitFraction(int lane) const
{
    const double total = m_stepTime.value(lane);
    return total > 0 ? m_waited.value(lane) / total : 0;
}

void TrainingRaceCharts::replotDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    for (QCustomPlot *p : {m_lossPlot, m_wallPlot, m_speedPlot}) {
        // No data yet: the planned axes stay (rescaling nothing would only widen them).
        if (hasData(p)) {
            // The step axes keep 0..planned steps; the time axis grows with the race.
            if (p == m_wallPlot) {
                p->xAxis->rescale();
                p->xAxis->setRange(0, p->xAxis->range().upper * 1.05);
            }
            p->yAxis->rescale();
            if (p != m_speedPlot)
                p->yAxis->setRange(p->yAxis->range().lower * 0.8, p->yAxis->range().upper * 1.25);
            else
                p->yAxis->setRange(0, p->yAxis->range().upper * 1.1);
        }
        p->replot(QCustomPlot::rpQueuedReplot);
    }
}

void TrainingRaceCharts::setBusyWarning(const QString &text)
{
    // On the loss-vs-time chart (the race), between its title and its plot area: inside it, the
    // note covered the curves.
    if (!m_busyWarning)
        m_busyWarning.emplace(m_wallPlot);
    if (m_busyWarning->set(text))
        m_dirty = true;
}

QString TrainingRaceCharts::busyWarning() const { return m_busyWarning ? m_busyWarning->text() : QString(); }

void TrainingRaceCharts::showTraining() { m_chartTabs->setCurrentIndex(0); }

void TrainingRaceCharts::showSweep(const QList<TrainLane> &lanes, const QList<int> &workers)
{
    QStringList labels;
    QList<QColor> colors;
    for (const TrainLane &lane : lanes) {
        labels << lane.label();
        colors << laneColor(lane);
    }
    m_sweepChart->reset(labels, colors, workers);
    m_chartTabs->setCurrentIndex(1); // the Data loading tab
}

} // namespace tk

namespace tk {

void TrainingRaceCharts::showReplicaSweep(const TrainLane &lane, const QList<int> &ranks)
{
    // The lane without its count: the sweep varies it.
    const QString label = lane.device == QLatin1String("cpu") ? tr("DDP · CPU") : tr("DDP · GPUs");
    m_replicaSweepChart->reset(label, laneColor(lane), ranks);
    m_chartTabs->setCurrentIndex(2); // the Replicas tab
}

} // namespace tk
