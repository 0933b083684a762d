#pragma once

#include <QString>

class QCustomPlot;

namespace tk {

// One look for every chart: title, axis labels, log scales where asked, legend entries that
// hide their curve when clicked, drag to pan and wheel to zoom.
class ChartFactory
{
public:
    static QCustomPlot *make(const QString &title, const QString &xLabel, const QString &yLabel,
                             bool logX, bool logY);
};

} // namespace tk
