#include "ui/watch/stepchart.h"

#include "ui/common/chartfactory.h"
#include "ui/common/palette.h"

#include <QTimer>
#include <QVBoxLayout>

namespace tk {

StepChart::StepChart(QWidget *parent) : QWidget(parent)
{
    m_plot = ChartFactory::make(tr("Each step: copying, waiting for data, the rest"), tr("step"), tr("milliseconds"),
                                false, false);
    m_title = qobject_cast<QCPTextElement *>(m_plot->plotLayout()->element(0, 0));
    auto bars = [this](const QString &name, const QColor &color) {
        auto *b = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        b->setName(name);
        b->setPen(Qt::NoPen);
        b->setBrush(color);
        b->setWidthType(QCPBars::wtPlotCoords);
        b->setWidth(0.9);
        return b;
    };
    // The rest at the bottom, waiting above it, copying on top: the two a user can change.
    m_other = bars(tr("the rest (compute, Python)"), Palette::dim());
    m_wait = bars(tr("waiting for the DataLoader"), Palette::warningBorder());
    m_collective = bars(tr("in torch.distributed collectives"), Palette::shelf());
    m_copy = bars(tr("copying between devices"), Palette::workbench());
    m_wait->moveAbove(m_other);
    m_collective->moveAbove(m_wait);
    m_copy->moveAbove(m_collective);
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setLabel(tr("bytes moved"));
    m_bytes = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_bytes->setName(tr("bytes moved in the step"));
    m_bytes->setPen(QPen(Palette::code(), 1.5));
    // On CUDA, how long the GPU sat idle before each step's work: a measured point per step,
    // drawn over the bars. In the legend once a step has one (a CPU run never does).
    m_idle = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_idle->setName(tr("GPU idle before the step's work"));
    m_idle->setPen(QPen(Palette::error(), 1.5));
    m_idle->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    m_idle->removeFromLegend();
    m_plot->xAxis->setRange(0, 10);
    m_plot->yAxis->setRange(0, 1);
    m_plot->yAxis2->setRange(0, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    auto *timer = new QTimer(this);
    timer->setInterval(100); // a fast loop has hundreds of steps a second: draw ten times
    connect(timer, &QTimer::timeout, this, &StepChart::replot);
    timer->start();
}

void StepChart::addStep(const WatchStep &s)
{
    if (m_count == 0 || s.isCell != m_cells) {
        // A notebook with no optimizer steps: each cell is a bar, numbered as Jupyter numbers it.
        // Its first optimizer step takes the chart back for the steps.
        if (m_count > 0) {
            for (QCPBars *b : {m_copy, m_collective, m_wait, m_other})
                b->data()->clear();
            m_bytes->data()->clear();
            m_idle->data()->clear();
            m_count = 0;
            m_maxMs = m_maxBytes = 0;
        }
        m_cells = s.isCell;
        m_title->setText(m_cells ? tr("Each cell: copying, waiting for data, the rest")
                                 : tr("Each step: copying, waiting for data, the rest"));
        m_plot->xAxis->setLabel(m_cells ? tr("cell (execution count)") : tr("step"));
        m_bytes->setName(m_cells ? tr("bytes moved in the cell") : tr("bytes moved in the step"));
    }
    const double x = double(s.n);
    m_copy->addData(x, s.copySeconds * 1e3);
    m_wait->addData(x, s.waitSeconds * 1e3);
    m_collective->addData(x, s.collectiveSeconds * 1e3);
    m_other->addData(x, s.otherSeconds() * 1e3);
    m_bytes->addData(x, double(s.bytes));
    if (s.gpuIdleSeconds >= 0) {
        if (m_idle->data()->isEmpty())
            m_idle->addToLegend();
        m_idle->addData(x, s.gpuIdleSeconds * 1e3);
    }
    for (QCPBars *b : {m_copy, m_collective, m_wait, m_other})
        b->data()->removeBefore(x - kSteps + 1);
    m_bytes->data()->removeBefore(x - kSteps + 1);
    m_idle->data()->removeBefore(x - kSteps + 1);
    m_maxMs = std::max(m_maxMs, s.seconds * 1e3);
    m_maxBytes = std::max(m_maxBytes, double(s.bytes));
    ++m_count;
    m_dirty = true;
}

QCPBars *StepChart::bars(const QString &part) const
{
    if (part == QLatin1String("wait"))
        return m_wait;
    if (part == QLatin1String("copy"))
        return m_copy;
    if (part == QLatin1String("collective"))
        return m_collective;
    if (part == QLatin1String("other"))
        return m_other;
    return nullptr;
}

void StepChart::emphasise(const QString &part)
{
    m_emphasised = bars(part) || part == QLatin1String("gpu_idle") ? part : QString();
    for (const QString &p :
         {QStringLiteral("wait"), QStringLiteral("copy"), QStringLiteral("collective"), QStringLiteral("other")}) {
        QCPBars *b = bars(p);
        QColor c = b->brush().color();
        c.setAlpha(isFaint(p) ? 60 : 255);
        b->setBrush(c);
    }
    QPen pen = m_idle->pen();
    QColor c = pen.color();
    c.setAlpha(isFaint(QStringLiteral("gpu_idle")) ? 60 : 255);
    pen.setColor(c);
    m_idle->setPen(pen);
    m_dirty = true;
}

bool StepChart::isFaint(const QString &part) const { return !m_emphasised.isEmpty() && part != m_emphasised; }

double StepChart::valueAt(const QCPBars *bars, qint64 n)
{
    auto it = bars->data()->findBegin(double(n), false);
    return it != bars->data()->constEnd() && qint64(it->key) == n ? it->value : -1;
}

double StepChart::copyMs(qint64 n) const { return valueAt(m_copy, n); }
double StepChart::waitMs(qint64 n) const { return valueAt(m_wait, n); }
double StepChart::collectiveMs(qint64 n) const { return valueAt(m_collective, n); }
double StepChart::otherMs(qint64 n) const { return valueAt(m_other, n); }

double StepChart::gpuIdleMs(qint64 n) const
{
    auto it = m_idle->data()->findBegin(double(n), false);
    return it != m_idle->data()->constEnd() && qint64(it->key) == n ? it->value : -1;
}

bool StepChart::gpuIdleInLegend() const { return m_plot->legend->hasItemWithPlottable(m_idle); }

void StepChart::replot()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    bool found = false;
    const QCPRange keys = m_other->data()->keyRange(found);
    if (found)
        m_plot->xAxis->setRange(keys.lower - 0.5, std::max(keys.upper, keys.lower + 9) + 0.5);
    m_plot->yAxis->setRange(0, std::max(m_maxMs, 1e-3) * 1.1);
    m_plot->yAxis2->setRange(0, std::max(m_maxBytes, 1.0) * 1.1);
    ChartFactory::updateLegend(m_plot);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace tk
