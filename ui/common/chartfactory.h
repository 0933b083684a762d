#pragma once

#include <QString>

class QScrollArea;
class QWidget;
#include <functional>
#include <qcustomplot.h>

namespace tk {

// One look for every chart: title, axis labels, log scales where asked, legend entries that
// hide their curve when clicked, drag to pan and wheel to zoom. The legend sits in a row below
// the plot, never over the data, and only once a curve has data: an empty box says nothing.
class ChartFactory
{
public:
    static QCustomPlot *make(const QString &title, const QString &xLabel, const QString &yLabel, bool logX, bool logY);

    // How lane `index` looks besides its colour, in a fixed order: lanes stay apart in grey
    // scale, in print and for eyes that do not tell the colours apart.
    struct LaneStyle
    {
        Qt::PenStyle pen = Qt::SolidLine;
        QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssCircle;
    };
    static LaneStyle laneStyle(int index);
    // A pen of `color` in the lane's line style and the lane's marker, filled with `color`.
    static void applyLaneStyle(QCPGraph *graph, int index, const QColor &color, double width = 2);

    // For a log axis: ticks at powers of `base` (as many as fit the chart), each read as
    // label(tick): "64", "1 ms", "4 KiB". A plain number format turned 2^-3 into "0".
    static void setLogTicks(QCPAxis *axis, double base, const std::function<QString(double)> &label);
    // "2048", "0.5", "0.125": whole numbers whole, no exponents.
    static QString plainNumber(double v);

    // Shows the legend while some curve in it has data, and hides it, space included, while
    // none has. Runs before every replot, with fitTicks().
    static void updateLegend(QCustomPlot *plot);
    // As many log ticks as the chart's size has room for, so labels never run into each other.
    static void fitTicks(QCustomPlot *plot);

    // The plot area (inside the axes) never shorter than `height`: the chart's minimum height
    // follows its title, axis labels and legend rows, so a chart in a crowded window keeps
    // room for its data and a scroll area around it scrolls instead of squashing it.
    static void keepPlotArea(QCustomPlot *plot, int height = kMinPlotArea);
    static constexpr int kMinPlotArea = 160;
    // Charts in a frameless vertical scroll area: short windows scroll them.
    static QScrollArea *scrolling(QWidget *charts);
};

} // namespace tk
