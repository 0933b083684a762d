#include "ui/races/matmulracecharts.h"

#include "ui/common/chartfactory.h"
#include "core/races/crossover.h"
#include "ui/common/devicestyle.h"
#include "ui/common/palette.h"

#include <QMap>
#include <QPdfWriter>
#include <QGridLayout>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace tk {

namespace {

QColor laneColor(const MatmulLane &lane)
{
    QColor c = DeviceStyle::color(lane.device);
    if (lane.device == QLatin1String("cpu") && lane.threads == 1)
        c = c.lighter(140);
    if (lane.mode == MatmulMode::EndToEnd)
        c = c.darker(150);
    if (lane.mode == MatmulMode::Naive)
        c = QColor(Qt::gray);
    if (lane.engine == MatmulEngine::Python) // the device's colour, turned: a sibling curve
        c = QColor::fromHsv((c.hue() + 300) % 360, c.saturation(), c.value());
    return c;
}

} // namespace

MatmulRaceCharts::MatmulRaceCharts(bool hasGpu, QWidget *parent) : QWidget(parent)
{
    m_timePlot = makePlot(tr("Time per A @ B"), tr("N (A and B are N × N)"), tr("seconds"), true);
    m_gflopsPlot = makePlot(tr("Throughput"), tr("N"), tr("GFLOP/s (2N³ / time)"), false);
    m_speedupPlot = makePlot(hasGpu ? tr("GPU speed-up over the CPU") : tr("Several cooks vs one"), tr("N"),
                             tr("speed-up (×)"), true);
    // Times read as times ("100 µs", "1 ms"), speed-ups as plain factors ("0.5", "2", "10").
    ChartFactory::setLogTicks(m_timePlot->yAxis, 10, &MatmulRaceCharts::formatSeconds);
    ChartFactory::setLogTicks(m_speedupPlot->yAxis, 10, &ChartFactory::plainNumber);
    auto *one = new QCPItemStraightLine(m_speedupPlot);
    one->point1->setCoords(1, 1);
    one->point2->setCoords(2, 1);
    one->setPen(QPen(Qt::black, 1, Qt::DashLine));
    // The verdict gets a line of its own under the title, never over the curves it sums up.
    m_crossoverLabel
        = new QCPTextElement(m_speedupPlot, QString(), QFont(font().family(), font().pointSize(), QFont::Bold));
    m_crossoverLabel->setObjectName(QStringLiteral("crossover"));
    m_speedupPlot->plotLayout()->insertRow(1);
    m_speedupPlot->plotLayout()->addElement(1, 0, m_crossoverLabel);
    m_crossoverLine = new QCPItemStraightLine(m_speedupPlot);
    m_crossoverLine->setPen(QPen(Palette::workbench(), 1.5, Qt::DotLine));
    m_crossoverLine->setVisible(false);

    // Side by side where the window is wide, one above the other where it is not; a short
    // window (a dock open below) scrolls them rather than squash their plot areas.
    auto *charts = new QWidget;
    m_grid = new QGridLayout(charts);
    m_grid->setContentsMargins(0, 0, 0, 0);
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        ChartFactory::keepPlotArea(p);
    arrange(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(ChartFactory::scrolling(charts));

    // Redraw at most 25 times a second, and only what changed: never from the worker.
    m_replotTimer = new QTimer(this);
    m_replotTimer->setInterval(40);
    connect(m_replotTimer, &QTimer::timeout, this, &MatmulRaceCharts::replotDirty);
    m_replotTimer->start();
}

void MatmulRaceCharts::arrange(bool wide)
{
    if (m_wide == wide && m_grid->count() == 3)
        return;
    m_wide = wide;
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        m_grid->removeWidget(p);
    // Wide: the time and the throughput on top, the verdict (the speed-up) across below.
    m_grid->addWidget(m_timePlot, 0, 0, 1, wide ? 1 : 2);
    m_grid->addWidget(m_gflopsPlot, wide ? 0 : 1, wide ? 1 : 0, 1, wide ? 1 : 2);
    m_grid->addWidget(m_speedupPlot, wide ? 1 : 2, 0, 1, 2);
    for (int row = 0; row < 3; ++row)
        m_grid->setRowStretch(row, row < (wide ? 2 : 3) ? 1 : 0);
}

void MatmulRaceCharts::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange(width() >= kWideFrom);
}

QCustomPlot *MatmulRaceCharts::makePlot(const QString &title, const QString &xLabel, const QString &yLabel, bool logY)
{
    QCustomPlot *plot = ChartFactory::make(title, xLabel, yLabel, true, logY);
    connect(plot, &QCustomPlot::mouseMove, this, [this, plot](QMouseEvent *e) { showTracer(plot, e); });
    return plot;
}

QString MatmulRaceCharts::formatSeconds(double s)
{
    if (s < 1e-3)
        return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'g', 3);
    if (s < 1)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'g', 3);
    return QStringLiteral("%1 s").arg(s, 0, 'g', 3);
}

int MatmulRaceCharts::baselineLane() const
{
    const bool gpu = std::any_of(m_settings.lanes.begin(), m_settings.lanes.end(),
                                 [](const MatmulLane &l) { return l.device != QLatin1String("cpu"); });
    for (int i = 0; i < m_settings.lanes.size(); ++i) {
        const MatmulLane &l = m_settings.lanes.at(i);
        if (l.device != QLatin1String("cpu") || l.engine != MatmulEngine::LibTorch)
            continue;
        // With a GPU, the CPU at full strength is the baseline; without, the single cook.
        if (gpu ? l.threads != 1 : l.threads == 1)
            return i;
    }
    return -1;
}

int MatmulRaceCharts::challengerLane(int lane) const
{
    const int base = baselineLane();
    if (base < 0 || lane == base)
        return -1;
    const MatmulLane &l = m_settings.lanes.at(lane);
    if (l.engine == MatmulEngine::Python) // its gap is the C++ lane's, said in words at the end
        return -1;
    const bool gpu = m_settings.lanes.at(base).threads != 1;
    if (gpu)
        return l.device != QLatin1String("cpu") ? lane : -1;
    return l.device == QLatin1String("cpu") ? lane : -1;
}

void MatmulRaceCharts::showPlan(const MatmulSettings &settings)
{
    if (!m_results.isEmpty() || settings.sizes.isEmpty())
        return; // a race is drawn: its axes stay until the next one starts
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        p->xAxis->setRange(settings.sizes.first() / 1.3, settings.sizes.last() * 1.3);
    // Until the first point: from a microsecond to a second, where small and large N land.
    m_timePlot->yAxis->setRange(1e-6, 1);
    m_gflopsPlot->yAxis->setRange(0, 100);
    m_speedupPlot->yAxis->setRange(0.1, 10);
    m_dirty = true;
}

void MatmulRaceCharts::reset(const MatmulSettings &settings)
{
    m_settings = settings;
    m_results.clear();
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        p->clearPlottables();
    m_lanes.clear();
    for (int i = 0; i < settings.lanes.size(); ++i) {
        const MatmulLane &l = settings.lanes.at(i);
        const QColor color = laneColor(l);
        // Lane i has the same line style and marker on all three charts.
        Lane lane;
        lane.time = m_timePlot->addGraph();
        lane.time->setName(l.label());
        ChartFactory::applyLaneStyle(lane.time, i, color);
        lane.time->setProperty("lane", i);
        lane.iqr = new QCPErrorBars(m_timePlot->xAxis, m_timePlot->yAxis);
        lane.iqr->setDataPlottable(lane.time);
        lane.iqr->setPen(QPen(color, 1));
        lane.iqr->removeFromLegend();
        lane.gflops = m_gflopsPlot->addGraph();
        lane.gflops->setName(l.label());
        ChartFactory::applyLaneStyle(lane.gflops, i, color);
        lane.gflops->setProperty("lane", i);
        m_lanes << lane;
    }
    for (int i = 0; i < settings.lanes.size(); ++i) {
        if (challengerLane(i) < 0)
            continue;
        const MatmulLane &l = settings.lanes.at(i);
        QCPGraph *g = m_speedupPlot->addGraph();
        const int base = baselineLane();
        g->setName(tr("%1 vs %2").arg(l.label(), settings.lanes.at(base).label()));
        ChartFactory::applyLaneStyle(g, i, laneColor(l));
        g->setProperty("lane", i);
        m_lanes[i].speedup = g;
    }
    m_crossoverLabel->setText(QString());
    showPlan(settings);
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        p->replot(QCustomPlot::rpQueuedReplot);
}

bool MatmulRaceCharts::addPoint(const MatmulResult &r)
{
    if (r.lane < 0 || r.lane >= m_lanes.size())
        return false;
    m_results << r;
    Lane &lane = m_lanes[r.lane];
    lane.time->addData(r.n, r.medianS);
    lane.iqr->addData(r.iqrS / 2, r.iqrS / 2); // IQR bars centred on the median
    lane.gflops->addData(r.n, r.gflops);
    refreshSpeedup();
    bool found = false;
    m_timePlot->yAxis->rescale();
    m_timePlot->yAxis->setRange(m_timePlot->yAxis->range().lower / 2, m_timePlot->yAxis->range().upper * 2);
    m_gflopsPlot->yAxis->rescale();
    m_gflopsPlot->yAxis->setRangeLower(0);
    m_gflopsPlot->yAxis->setRangeUpper(m_gflopsPlot->yAxis->range().upper * 1.1);
    if (m_speedupPlot->graphCount() > 0) {
        m_speedupPlot->yAxis->rescale();
        const QCPRange sp = m_speedupPlot->yAxis->range();
        found = sp.lower > 0;
        m_speedupPlot->yAxis->setRange(found ? std::min(sp.lower / 1.5, 0.5) : 0.5, std::max(sp.upper * 1.5, 2.0));
    }
    m_dirty = true;
    return true;
}

void MatmulRaceCharts::refreshSpeedup()
{
    const int base = baselineLane();
    if (base < 0)
        return;
    QMap<int, double> baseTime;
    for (const MatmulResult &r : m_results)
        if (r.lane == base)
            baseTime[r.n] = r.medianS;
    QString label;
    m_crossoverLine->setVisible(false);
    for (int i = 0; i < m_lanes.size(); ++i) {
        QCPGraph *g = m_lanes[i].speedup;
        if (!g)
            continue;
        QVector<double> ns, speedups;
        for (const MatmulResult &r : m_results)
            if (r.lane == i && baseTime.contains(r.n) && r.medianS > 0) {
                ns << r.n;
                speedups << baseTime.value(r.n) / r.medianS;
            }
        g->setData(ns, speedups, true);
        if (!label.isEmpty() || ns.isEmpty())
            continue;
        const MatmulLane &l = m_settings.lanes.at(i);
        if (l.mode == MatmulMode::Naive)
            continue; // a lie does not get to name the winner
        const bool gpu = l.device != QLatin1String("cpu");
        const Crossover c = Crossover::find(ns, speedups);
        switch (c.state) {
        case Crossover::State::At:
            m_crossoverLine->point1->setCoords(c.n, 1);
            m_crossoverLine->point2->setCoords(c.n, 2);
            m_crossoverLine->setVisible(true);
            label = gpu ? tr("GPU wins from N ≈ %1").arg(qRound(c.n))
                        : tr("Several cooks win from N ≈ %1").arg(qRound(c.n));
            break;
        case Crossover::State::Always:
            label = gpu ? tr("GPU wins at every N tried") : tr("Several cooks win at every N tried");
            break;
        case Crossover::State::Never:
            label = gpu ? tr("GPU has not won yet (up to N = %1)").arg(int(ns.last()))
                        : tr("One cook keeps up so far (up to N = %1)").arg(int(ns.last()));
            break;
        case Crossover::State::NoData:
            break;
        }
    }
    m_crossoverLabel->setText(label);
}

QString MatmulRaceCharts::crossoverText() const { return m_crossoverLabel->text(); }

void MatmulRaceCharts::replotDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot})
        p->replot(QCustomPlot::rpQueuedReplot);
}

void MatmulRaceCharts::showTracer(QCustomPlot *plot, QMouseEvent *event)
{
    const QPointF pos = event->position();
    double best = 400; // 20 px squared
    QString text;
    for (int g = 0; g < plot->graphCount(); ++g) {
        QCPGraph *graph = plot->graph(g);
        if (!graph->visible())
            continue;
        const int lane = graph->property("lane").toInt();
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF px = graph->coordsToPixels(it->key, it->value);
            const double d = QPointF::dotProduct(px - pos, px - pos);
            if (d >= best)
                continue;
            best = d;
            const MatmulResult *hit = nullptr;
            for (const MatmulResult &r : m_results)
                if (r.lane == lane && r.n == int(it->key))
                    hit = &r;
            text = QStringLiteral("%1\nN = %2\n").arg(graph->name()).arg(int(it->key));
            if (plot == m_speedupPlot)
                text += tr("speed-up ×%1").arg(it->value, 0, 'g', 3);
            else if (hit)
                text += tr("%1 per matmul (IQR %2 %)\n%3 GFLOP/s\nfirst call: %4")
                            .arg(formatSeconds(hit->medianS))
                            .arg(hit->medianS > 0 ? 100 * hit->iqrS / hit->medianS : 0, 0, 'f', 1)
                            .arg(hit->gflops, 0, 'f', 1)
                            .arg(formatSeconds(hit->coldS));
        }
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, plot);
}

bool MatmulRaceCharts::exportPng(const QString &path) const
{
    const int w = 900, h = 360;
    QPixmap all(w, 3 * h);
    all.fill(Qt::white);
    QPainter painter(&all);
    int y = 0;
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot}) {
        painter.drawPixmap(0, y, p->toPixmap(w, h));
        y += h;
    }
    painter.end();
    return all.save(path, "PNG");
}

bool MatmulRaceCharts::exportPdf(const QString &path) const
{
    QPdfWriter pdf(path);
    pdf.setResolution(96);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setTitle(tr("Tensor Kitchen matmul race"));
    QCPPainter painter(&pdf);
    if (!painter.isActive())
        return false;
    const QRect page = pdf.pageLayout().paintRectPixels(pdf.resolution());
    const int h = page.height() / 3;
    for (QCustomPlot *p : {m_timePlot, m_gflopsPlot, m_speedupPlot}) {
        p->toPainter(&painter, page.width(), h);
        painter.translate(0, h);
    }
    return painter.end();
}

void MatmulRaceCharts::setBusyWarning(const QString &text)
{
    // On the time chart, between its title and its plot area.
    if (!m_busyWarning)
        m_busyWarning.emplace(m_timePlot);
    if (m_busyWarning->set(text))
        m_dirty = true;
}

QString MatmulRaceCharts::busyWarning() const { return m_busyWarning ? m_busyWarning->text() : QString(); }

} // namespace tk
