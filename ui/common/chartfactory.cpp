#include "ui/common/chartfactory.h"
#include "ui/common/palette.h"

#include <QFontMetrics>
#include <QObject>
#include <QScrollArea>
#include <algorithm>
#include <cmath>

namespace tk {

namespace {

const char *const kLegendRow = "legendRow";

// 10^k as the literal would give it: 1e-3 * 10 is not 0.01, and "0.01" must not read "0.00999".
double powerOfTen(int k) { return k >= 0 ? std::pow(10.0, k) : 1.0 / std::pow(10.0, -k); }

// Every m·10^k within [lower, upper] and one step beyond each end, for the mantissas given.
QVector<double> decadeTicks(const QCPRange &range, std::initializer_list<int> mantissas)
{
    QVector<double> ticks;
    const int first = int(std::floor(std::log10(range.lower))), last = int(std::ceil(std::log10(range.upper)));
    for (int k = first; k <= last; ++k)
        for (int m : mantissas)
            ticks << (k >= 0 ? m * powerOfTen(k) : m / powerOfTen(-k));
    return ticks;
}

int visibleCount(const QVector<double> &ticks, const QCPRange &range)
{
    return int(std::count_if(ticks.begin(), ticks.end(), [&](double t) { return range.contains(t); }));
}

// QCPAxisTickerLog with labels of our choosing: "1 ms", "4 KiB", "2048" rather than what
// a number format makes of 2^-3 or 1e-06. On a base-10 axis spanning a decade or two, where
// powers alone give a single tick (and QCustomPlot falls back to linear ticks crammed at the
// top), it ticks 1-2-5 per decade, or every digit.
class LabelledLogTicker : public QCPAxisTickerLog
{
public:
    explicit LabelledLogTicker(std::function<QString(double)> label) : m_label(std::move(label)) { }
    QString label(double tick) const { return m_label(tick); }

protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override { return m_label(tick); }

    QVector<double> createTickVector(double tickStep, const QCPRange &range) override
    {
        QVector<double> ticks = QCPAxisTickerLog::createTickVector(tickStep, range);
        if (mLogBase != 10 || range.lower <= 0 || range.upper <= 0)
            return ticks;
        const double decades = std::log10(range.upper / range.lower);
        if (decades >= 1.6) {
            for (double &t : ticks) // products of powers drift: 1e-6 · 100³ is 0.99999…
                t = powerOfTen(int(std::lround(std::log10(t))));
            if (visibleCount(ticks, range) >= 2)
                return ticks;
        }
        ticks = decadeTicks(range, {1, 2, 5});
        if (visibleCount(ticks, range) >= 2)
            return ticks;
        return decadeTicks(range, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    }

private:
    std::function<QString(double)> m_label;
};

} // namespace

QCustomPlot *ChartFactory::make(const QString &title, const QString &xLabel, const QString &yLabel, bool logX,
                                bool logY)
{
    auto *plot = new QCustomPlot;
    plot->setMinimumHeight(120); // three stacked still leave the code log room at 1024×640
    const QFont base = plot->font();
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, title, QFont(base.family(), 10, QFont::Bold)));
    plot->xAxis->setLabel(xLabel);
    plot->yAxis->setLabel(yLabel);
    if (logX) {
        plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
        plot->xAxis->setRange(1, 1024); // a range a log axis can show until the chart gets its plan
        setLogTicks(plot->xAxis, 2, plainNumber);
    }
    if (logY) {
        plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
        plot->yAxis->setRange(0.01, 1);
        setLogTicks(plot->yAxis, 10, plainNumber);
    }

    // The legend gets a row of its own under the plot: inside the axis rect it covered the
    // very points it names. The empty cells either side keep it centred at its own width.
    auto *legendRow = new QCPLayoutGrid;
    legendRow->setObjectName(QLatin1String(kLegendRow));
    plot->plotLayout()->addElement(2, 0, legendRow);
    plot->plotLayout()->setRowStretchFactor(2, 0.001);
    legendRow->expandTo(1, 3);
    legendRow->setMargins(QMargins(0, 0, 0, 4));
    legendRow->setColumnStretchFactors({1, 0.001, 1});
    legendRow->addElement(0, 1, plot->legend);
    plot->legend->setFont(QFont(base.family(), 8));
    plot->legend->setIconSize(36, 14); // wide enough to show a dash pattern and a marker
    plot->legend->setBorderPen(QPen(Palette::frame()));
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legendRow->take(plot->legend); // hidden until a curve has data
    plot->legend->setVisible(false);

    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom | QCP::iSelectLegend);
    QObject::connect(plot, &QCustomPlot::legendClick, plot,
                     [plot](QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *) {
                         if (auto *pli = qobject_cast<QCPPlottableLegendItem *>(item)) {
                             QCPAbstractPlottable *p = pli->plottable();
                             p->setVisible(!p->visible());
                             pli->setTextColor(p->visible() ? Qt::black : Qt::gray);
                             plot->replot(QCustomPlot::rpQueuedReplot);
                         }
                     });
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        updateLegend(plot);
        fitTicks(plot);
    });
    plot->setToolTip(QObject::tr("Drag to pan, wheel to zoom, click a legend entry to hide its curve."));
    return plot;
}

ChartFactory::LaneStyle ChartFactory::laneStyle(int index)
{
    // Five line styles and six markers: every pair differs in both for the first five lanes,
    // and no two of the first thirty look the same.
    static const Qt::PenStyle pens[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
    static const QCPScatterStyle::ScatterShape shapes[]
        = {QCPScatterStyle::ssCircle,  QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
           QCPScatterStyle::ssDiamond, QCPScatterStyle::ssCross,  QCPScatterStyle::ssTriangleInverted};
    const int i = std::max(0, index);
    return {pens[i % 5], shapes[i % 6]};
}

void ChartFactory::applyLaneStyle(QCPGraph *graph, int index, const QColor &color, double width)
{
    const LaneStyle style = laneStyle(index);
    graph->setPen(QPen(color, width, style.pen));
    // Crosses have no inside to fill; the others are filled so they read at a glance.
    const bool open = style.shape == QCPScatterStyle::ssCross;
    graph->setScatterStyle(QCPScatterStyle(style.shape, QPen(color, 1.5), open ? QBrush() : QBrush(color), 7));
}

void ChartFactory::setLogTicks(QCPAxis *axis, double base, const std::function<QString(double)> &label)
{
    QSharedPointer<LabelledLogTicker> ticker(new LabelledLogTicker(label));
    ticker->setLogBase(base);
    ticker->setSubTickCount(0); // in-between ticks on a base-2 axis read as sizes that were not run
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("g")); // no "beautiful powers": the labels are final
}

QString ChartFactory::plainNumber(double v)
{
    return v >= 1 ? QString::number(qRound64(v)) : QString::number(v, 'g', 3);
}

void ChartFactory::updateLegend(QCustomPlot *plot)
{
    auto *row = plot->plotLayout()->findChild<QCPLayoutGrid *>(QLatin1String(kLegendRow));
    QCPLegend *legend = plot->legend;
    if (!row || !legend)
        return;
    bool hasData = false;
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem *item = legend->item(i);
        if (!item) // a wrapped legend's last row has empty cells (three lanes in two columns)
            continue;
        const QCPLayoutElement *element = item; // the size hint is protected in the item classes
        widest = std::max(widest, element->minimumOuterSizeHint().width());
        if (auto *pli = qobject_cast<QCPPlottableLegendItem *>(item))
            if (QCPPlottableInterface1D *data = pli->plottable()->interface1D())
                hasData = hasData || data->dataCount() > 0;
    }
    if (!hasData) {
        if (legend->layout())
            row->take(legend);
        legend->setVisible(false);
        return;
    }
    // As many entries side by side as the width allows, the rest on further rows.
    const int columns = std::clamp((plot->viewport().width() - 24) / std::max(1, widest + legend->columnSpacing()), 1,
                                   std::max(1, legend->itemCount()));
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    if (!legend->layout())
        row->addElement(0, 1, legend);
    legend->setVisible(true);
}

void ChartFactory::fitTicks(QCustomPlot *plot)
{
    const QRect view = plot->viewport();
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        if (!axis->visible())
            continue;
        auto *log = dynamic_cast<QCPAxisTickerLog *>(axis->ticker().data());
        if (!log) {
            // A linear value axis on a short chart: as many ticks as fit two label heights apart.
            if (axis->orientation() == Qt::Vertical) {
                const int rows = axis->axisRect()->height() / (2 * QFontMetrics(axis->tickLabelFont()).height());
                axis->ticker()->setTickCount(std::clamp(rows, 2, 6));
            }
            continue;
        }
        const QFontMetrics fm(axis->tickLabelFont());
        int length = 0, spacing = 0;
        if (axis->orientation() == Qt::Horizontal) {
            length = view.width() - 100; // the value axis, its labels and the margins
            int label = fm.horizontalAdvance(QStringLiteral("00000"));
            if (auto *labelled = dynamic_cast<LabelledLogTicker *>(log))
                for (double v : {axis->range().lower, axis->range().upper})
                    label = std::max(label, fm.horizontalAdvance(labelled->label(v)));
            spacing = label + 24;
        } else {
            length = view.height() - 100; // title, key axis labels, legend
            spacing = 2 * fm.height() + 8;
        }
        log->setTickCount(std::clamp(length / std::max(1, spacing), 2, 16));
    }
}

void ChartFactory::keepPlotArea(QCustomPlot *plot, int height)
{
    plot->setMinimumHeight(height + 130); // a first guess: a title, the key axis, a legend row
    // After each layout, what the chart spends around its plot area is known: the minimum
    // grows to keep the area (a legend that wraps to more rows asks for more).
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot, height] {
        const int around = plot->height() - plot->axisRect()->rect().height();
        if (around + height > plot->minimumHeight())
            plot->setMinimumHeight(around + height);
    });
}

QScrollArea *ChartFactory::scrolling(QWidget *charts)
{
    auto *area = new QScrollArea;
    area->setWidget(charts);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return area;
}

} // namespace tk
