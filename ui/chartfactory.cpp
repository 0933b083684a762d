#include "chartfactory.h"

#include <QObject>
#include <qcustomplot.h>

namespace tk {

QCustomPlot *ChartFactory::make(const QString &title, const QString &xLabel, const QString &yLabel,
                                bool logX, bool logY)
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
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        ticker->setLogBase(2);
        plot->xAxis->setTicker(ticker);
        plot->xAxis->setNumberFormat(QStringLiteral("f"));
        plot->xAxis->setNumberPrecision(0);
    }
    if (logY) {
        plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
        plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        plot->yAxis->setNumberFormat(QStringLiteral("gb"));
    }
    plot->legend->setVisible(true);
    plot->legend->setFont(QFont(base.family(), 8));
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
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
    plot->setToolTip(QObject::tr("Drag to pan, wheel to zoom, click a legend entry to hide its curve."));
    return plot;
}

} // namespace tk
