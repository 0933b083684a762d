#include "ui/watch/stepchart.h"

#include "ui/common/chartfactory.h"
#include "ui/common/palette.h"

#include <QFontMetrics>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

namespace tk {

namespace {

// Each part at least 3:1 against a light background (WCAG's non-text contrast); a gap of the
// background between stacked parts sets them apart, so they need not contrast with each other.
QColor otherColor() { return QColor(0x5f, 0x63, 0x68); }
QColor waitColor() { return QColor(0xb4, 0x53, 0x09); }
const QColor kBackground = Qt::white; // QCustomPlot's own background, in either theme
constexpr int kFaintAlpha = 200; // still ≥ 3:1: the emphasis is the others' fading, not a vanishing

QString ms(double v)
{
    return QLocale().toString(v, 'f', v >= 100 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : 3) + QStringLiteral(" ms");
}

} // namespace

StepChart::StepChart(QWidget *parent) : QWidget(parent)
{
    m_plot = ChartFactory::make(tr("Each step: copying, waiting for data, the rest"), tr("step (counted from 1)"),
                                tr("milliseconds"), false, false);
    m_title = qobject_cast<QCPTextElement *>(m_plot->plotLayout()->element(0, 0));
    // Along the steps only: the time axis always fits the steps in view.
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    auto bars = [this](const QString &name, const QColor &color) {
        auto *b = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        b->setName(name);
        b->setPen(QPen(kBackground, 1)); // the gap between stacked parts
        b->setBrush(color);
        b->setWidthType(QCPBars::wtPlotCoords);
        b->setWidth(0.85);
        b->setStackingGap(1);
        b->removeFromLegend(); // in the legend once it has happened in a step
        return b;
    };
    // The rest at the bottom, waiting above it, copying on top: the two a user can change.
    m_other = bars(tr("the rest (compute, Python)"), otherColor());
    m_wait = bars(tr("waiting for the DataLoader"), waitColor());
    m_collective = bars(tr("in torch.distributed collectives"), Palette::shelf());
    m_copy = bars(tr("copying between devices"), Palette::workbench());
    m_other->addToLegend();
    m_wait->moveAbove(m_other);
    m_collective->moveAbove(m_wait);
    m_copy->moveAbove(m_collective);
    m_plot->yAxis2->setLabel(tr("bytes moved"));
    m_bytes = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_bytes->setName(tr("bytes moved in the step"));
    m_bytes->setPen(QPen(Palette::code(), 1.5));
    m_bytes->removeFromLegend(); // with its axis, once a step moved bytes
    // On CUDA, how long the GPU sat idle before each step's work: a measured point per step,
    // drawn over the bars. In the legend once a step has one (a CPU run never does).
    m_idle = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_idle->setName(tr("GPU idle before the step's work"));
    m_idle->setPen(QPen(Palette::error(), 1.5));
    m_idle->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    m_idle->removeFromLegend();
    m_plot->xAxis->setRange(0.5, 10.5);
    m_plot->yAxis->setRange(0, 1);
    m_plot->yAxis2->setRange(0, 1);
    // Hovering a bar tells its step; elsewhere the chart's own hint.
    m_plot->setMouseTracking(true);
    const QString hint = m_plot->toolTip();
    connect(m_plot, &QCustomPlot::mouseMove, this, [this, hint](QMouseEvent *e) {
        hover(e->pos());
        if (m_plot->toolTip().isEmpty())
            m_plot->setToolTip(hint);
    });
    // A pan or zoom that leaves the newest steps stops following them; back to them, it follows.
    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this](const QCPRange &r) {
        if (!m_steps.empty())
            m_follow = r.upper >= double(m_steps.back().n) + 0.25;
        fitTime();
    });
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
            m_steps.clear();
            m_count = 0;
            m_maxBytes = 0;
            m_follow = true;
        }
        m_cells = s.isCell;
        m_title->setText(m_cells ? tr("Each cell: copying, waiting for data, the rest")
                                 : tr("Each step: copying, waiting for data, the rest"));
        m_plot->xAxis->setLabel(m_cells ? tr("cell (execution count)") : tr("step (counted from 1)"));
        m_bytes->setName(m_cells ? tr("bytes moved in the cell") : tr("bytes moved in the step"));
    }
    const double x = double(s.n);
    m_copy->addData(x, s.copySeconds * 1e3);
    m_wait->addData(x, s.waitSeconds * 1e3);
    m_collective->addData(x, s.collectiveSeconds * 1e3);
    m_other->addData(x, s.otherSeconds() * 1e3);
    m_bytes->addData(x, double(s.bytes));
    // Each part joins the legend when it first happens: a legend of only what is drawn.
    for (auto [b, v] : {std::pair{m_copy, s.copySeconds}, std::pair{m_wait, s.waitSeconds},
                        std::pair{m_collective, s.collectiveSeconds}})
        if (v > 0 && !m_plot->legend->hasItemWithPlottable(b))
            b->addToLegend();
    if (s.bytes > 0 && !m_plot->legend->hasItemWithPlottable(m_bytes)) {
        m_bytes->addToLegend();
        m_plot->yAxis2->setVisible(true);
    }
    if (s.gpuIdleSeconds >= 0) {
        if (m_idle->data()->isEmpty())
            m_idle->addToLegend();
        m_idle->addData(x, s.gpuIdleSeconds * 1e3);
    }
    m_steps.push_back(s);
    if (m_steps.size() > size_t(kSteps))
        m_steps.pop_front();
    for (QCPBars *b : {m_copy, m_collective, m_wait, m_other})
        b->data()->removeBefore(x - kSteps + 1);
    m_bytes->data()->removeBefore(x - kSteps + 1);
    m_idle->data()->removeBefore(x - kSteps + 1);
    m_maxBytes = std::max(m_maxBytes, double(s.bytes));
    ++m_count;
    m_dirty = true;
}

QCPBars *StepChart::bars(StepPart part) const
{
    switch (part) {
    case StepPart::Wait:
        return m_wait;
    case StepPart::Copy:
        return m_copy;
    case StepPart::Collective:
        return m_collective;
    case StepPart::Other:
        return m_other;
    case StepPart::None:
    case StepPart::GpuIdle:
        break;
    }
    return nullptr;
}

void StepChart::emphasise(StepPart part)
{
    m_emphasised = part;
    for (StepPart p : {StepPart::Wait, StepPart::Copy, StepPart::Collective, StepPart::Other}) {
        QCPBars *b = bars(p);
        QColor c = b->brush().color();
        c.setAlpha(isFaint(p) ? kFaintAlpha : 255);
        b->setBrush(c);
    }
    QPen pen = m_idle->pen();
    QColor c = pen.color();
    c.setAlpha(isFaint(StepPart::GpuIdle) ? kFaintAlpha : 255);
    pen.setColor(c);
    m_idle->setPen(pen);
    m_dirty = true;
}

bool StepChart::isFaint(StepPart part) const { return m_emphasised != StepPart::None && part != m_emphasised; }

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

const WatchStep *StepChart::kept(qint64 n) const
{
    // The kept steps' numbers increase: found by bisection.
    const auto it
        = std::lower_bound(m_steps.begin(), m_steps.end(), n, [](const WatchStep &s, qint64 key) { return s.n < key; });
    return it != m_steps.end() && it->n == n ? &*it : nullptr;
}

QString StepChart::describeStep(qint64 n) const
{
    const WatchStep *s = kept(n);
    if (!s)
        return {};
    QStringList lines;
    lines << (m_cells ? tr("Cell [%1]: %2").arg(QString::number(n), ms(s->seconds * 1e3))
                      : tr("Step %1: %2").arg(QString::number(n), ms(s->seconds * 1e3)));
    if (!m_cells && n == 1)
        lines << tr("from the watcher's start: the program's start-up is in it");
    if (s->copySeconds > 0)
        lines << tr("copying between devices: %1").arg(ms(s->copySeconds * 1e3));
    if (s->waitSeconds > 0)
        lines << tr("waiting for the DataLoader: %1").arg(ms(s->waitSeconds * 1e3));
    if (s->collectiveSeconds > 0)
        lines << tr("in torch.distributed collectives: %1").arg(ms(s->collectiveSeconds * 1e3));
    lines << tr("the rest (compute, Python): %1").arg(ms(s->otherSeconds() * 1e3));
    if (s->bytes > 0)
        lines << tr("moved %1 in %n moves", nullptr, int(std::min<qint64>(s->moves, INT_MAX)))
                     .arg(QLocale().formattedDataSize(s->bytes, 1, QLocale::DataSizeTraditionalFormat));
    if (s->gpuIdleSeconds >= 0)
        lines << tr("the GPU sat idle %1 before its work").arg(ms(s->gpuIdleSeconds * 1e3));
    return lines.join(QLatin1Char('\n'));
}

void StepChart::hover(const QPoint &pos)
{
    const bool inside = m_plot->axisRect()->rect().contains(pos);
    const qint64 n = qRound64(m_plot->xAxis->pixelToCoord(pos.x()));
    const WatchStep *s = inside ? kept(n) : nullptr;
    const double y = m_plot->yAxis->pixelToCoord(pos.y());
    // Over a bar (or just above a short one): that step.
    const bool onBar = s && std::abs(m_plot->xAxis->pixelToCoord(pos.x()) - double(n)) <= 0.45
        && y <= std::max(s->seconds * 1e3, m_plot->yAxis->range().upper * 0.1);
    m_plot->setToolTip(onBar ? describeStep(n) : QString());
}

QStringList StepChart::clippedLabels() const
{
    QStringList labels;
    for (const QCPItemText *t : m_clipLabels)
        if (t->visible())
            labels << t->text();
    return labels;
}

QList<QRectF> StepChart::clippedLabelRects() const
{
    QList<QRectF> rects;
    for (QCPItemText *t : m_clipLabels)
        if (t->visible())
            rects << QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
    return rects;
}

void StepChart::fitTime()
{
    // The steps in view, the first (start-up in it) apart: a robust top, so that one slow step
    // does not flatten the others into slivers.
    const QCPRange keys = m_plot->xAxis->range();
    std::vector<double> times;
    double firstMs = -1;
    for (const WatchStep &s : m_steps) {
        if (double(s.n) < keys.lower || double(s.n) > keys.upper)
            continue;
        if (!m_cells && s.n == 1)
            firstMs = s.seconds * 1e3;
        else
            times.push_back(s.seconds * 1e3);
    }
    double top = 1e-3;
    if (!times.empty()) {
        std::sort(times.begin(), times.end());
        const double highest = times.back();
        const double p90 = times[size_t(double(times.size() - 1) * 0.9)];
        // A few steps far above the rest are outliers: drawn clipped, their times written.
        top = times.size() >= 5 && highest > 3 * p90 ? p90 * 1.6 : highest;
        top = std::max(top, 1e-3);
    }
    if (times.empty() || firstMs <= top * 1.5)
        top = std::max(top, firstMs); // the first step is scaled to unless it stands far above
    const double upper = top * 1.15;
    m_plot->yAxis->setRange(0, upper);
    m_plot->yAxis2->setRange(0, std::max(m_maxBytes, 1.0) * 1.1);
    // Labels on the clipped bars, the tallest first, at most a handful.
    std::vector<const WatchStep *> clipped;
    for (const WatchStep &s : m_steps)
        if (double(s.n) >= keys.lower && double(s.n) <= keys.upper && s.seconds * 1e3 > upper)
            clipped.push_back(&s);
    std::sort(clipped.begin(), clipped.end(),
              [](const WatchStep *a, const WatchStep *b) { return a->seconds > b->seconds; });
    clipped.resize(std::min<size_t>(clipped.size(), 6));
    while (m_clipLabels.size() < qsizetype(clipped.size())) {
        auto *t = new QCPItemText(m_plot);
        t->setClipToAxisRect(true);
        t->position->setType(QCPItemPosition::ptPlotCoords);
        t->setPadding(QMargins(3, 1, 3, 1));
        t->setBrush(QBrush(kBackground));
        t->setPen(QPen(otherColor()));
        QFont f = t->font();
        f.setPointSize(8);
        t->setFont(f);
        m_clipLabels << t;
    }
    for (qsizetype i = 0; i < m_clipLabels.size(); ++i) {
        QCPItemText *t = m_clipLabels.at(i);
        t->setVisible(i < qsizetype(clipped.size()));
        if (!t->visible())
            continue;
        const WatchStep *s = clipped[size_t(i)];
        // Over its bar; the leftmost in view is written from its bar's left edge, not cut.
        const bool leftmost = double(s->n) - 0.5 <= keys.lower + 0.5;
        t->setPositionAlignment(Qt::AlignTop | (leftmost ? Qt::AlignLeft : Qt::AlignHCenter));
        t->position->setCoords(leftmost ? double(s->n) - 0.45 : double(s->n), upper);
        t->setText(!m_cells && s->n == 1 ? tr("%1 ↑ start-up").arg(ms(s->seconds * 1e3))
                                         : tr("%1 ↑").arg(ms(s->seconds * 1e3)));
    }
    stackClipLabels(upper);
}

// Clipped bars side by side get labels wider than a bar: each goes in the first row, from
// the top of the plot down, where it does not cover the one before it.
void StepChart::stackClipLabels(double upper)
{
    struct Placed
    {
        QCPItemText *label;
        double left, right;
    };
    std::vector<Placed> placed;
    for (QCPItemText *t : std::as_const(m_clipLabels)) {
        if (!t->visible())
            continue;
        const QFontMetrics fm(t->font());
        const double width = fm.horizontalAdvance(t->text()) + t->padding().left() + t->padding().right();
        const double x = m_plot->xAxis->coordToPixel(t->position->key());
        const double left = t->positionAlignment() & Qt::AlignLeft ? x : x - width / 2;
        placed.push_back({t, left, left + width});
    }
    std::sort(placed.begin(), placed.end(), [](const Placed &a, const Placed &b) { return a.left < b.left; });
    std::vector<double> rowEnds; // the right edge of each row's last label
    const double top = m_plot->yAxis->coordToPixel(upper);
    for (const Placed &p : placed) {
        size_t row = 0;
        while (row < rowEnds.size() && rowEnds[row] + 2 > p.left)
            ++row;
        if (row == rowEnds.size())
            rowEnds.push_back(0);
        rowEnds[row] = p.right;
        const double height
            = QFontMetrics(p.label->font()).height() + p.label->padding().top() + p.label->padding().bottom() + 1;
        p.label->position->setCoords(p.label->position->key(), m_plot->yAxis->pixelToCoord(top + double(row) * height));
    }
}

void StepChart::replot()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    if (m_follow && !m_steps.empty()) {
        // The newest kShown steps (at least ten slots, so that a few steps are not fat blocks).
        const double last = double(m_steps.back().n);
        const double first = std::max(double(m_steps.front().n), last - kShown + 1);
        m_plot->xAxis->setRange(first - 0.5, std::max(last, first + 9) + 0.5); // fits the time too
    }
    fitTime();
    ChartFactory::updateLegend(m_plot);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace tk
