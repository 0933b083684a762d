#include "ui/devices/memorypanel.h"

#include "core/kitchen/kitchenengine.h"
#include "ui/common/chartfactory.h"
#include "ui/common/devicestyle.h"

#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace tk {

void MemoryPanel::follow(KitchenEngine *engine)
{
    connect(engine, &KitchenEngine::devicesSampled, this, &MemoryPanel::addSample);
    connect(this, &MemoryPanel::emptyCacheRequested, engine, &KitchenEngine::emptyCache);
    connect(engine, &KitchenEngine::cacheEmptied, this,
            [this](const QList<DeviceInfo> &before, const QList<DeviceInfo> &after) {
                showCacheEmptied(before, after);
                Q_EMIT statusMessage(tr("Emptied the CUDA cache: see the Memory tab for before and after."));
            });
}

MemoryPanel::MemoryPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("memoryPanel"));
    m_plot = ChartFactory::make(tr("Device memory over time"), tr("seconds"), tr("MiB"), false, false);
    auto *why
        = new QLabel(tr("<b>Cards</b>: bytes held by the tensors on the panes (a storage shared by several cards "
                        "counts once). <b>Allocated</b> (CUDA): bytes in live tensors. <b>Reserved</b> (CUDA): what "
                        "PyTorch's caching allocator holds from the driver — freed tensors leave their blocks "
                        "here for reuse, so nvidia-smi and other programs still see them as used. "
                        "torch.cuda.empty_cache() hands the unused blocks back; it frees no live tensor."));
    why->setWordWrap(true);
    m_latest = new QLabel;
    m_latest->setObjectName(QStringLiteral("memoryLatest"));
    m_latest->setWordWrap(true);
    m_emptyCache = new QPushButton(tr("Em&pty cache"));
    m_emptyCache->setObjectName(QStringLiteral("emptyCache"));
    m_emptyCache->setEnabled(false);
    m_emptyCache->setToolTip(tr("Needs a CUDA device: the CPU has no caching allocator to empty."));
    m_cacheResult = new QLabel;
    m_cacheResult->setObjectName(QStringLiteral("cacheResult"));
    m_cacheResult->setWordWrap(true);
    connect(m_emptyCache, &QPushButton::clicked, this, &MemoryPanel::emptyCacheRequested);
    auto *row = new QHBoxLayout;
    row->addWidget(m_emptyCache);
    row->addWidget(m_cacheResult, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(why);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_latest);
    layout->addLayout(row);
    m_clock.start();
}

void MemoryPanel::addSample(const QList<DeviceInfo> &devices, const QList<qint64> &cardBytes)
{
    const double t = m_clock.elapsed() / 1000.0;
    const double mib = 1024.0 * 1024.0;
    QStringList latest;
    auto series = [this](const QString &key, const QString &name, const QPen &pen) {
        auto it = m_graphs.find(key);
        if (it == m_graphs.end()) {
            QCPGraph *g = m_plot->addGraph();
            g->setName(name);
            g->setPen(pen);
            it = m_graphs.insert(key, m_plot->graphCount() - 1);
        }
        return m_plot->graph(*it);
    };
    const QLocale l;
    for (int i = 0; i < devices.size(); ++i) {
        const DeviceInfo &d = devices.at(i);
        if (d.isMeta())
            continue;
        const QColor c = DeviceStyle::color(d.id);
        const qint64 bytes = cardBytes.value(i);
        series(d.id + QStringLiteral("/cards"), tr("%1 cards").arg(d.id), QPen(c, 2))->addData(t, bytes / mib);
        QString line = tr("%1: cards %2").arg(d.id, l.formattedDataSize(bytes));
        if (d.isCuda()) {
            m_emptyCache->setEnabled(true);
            m_emptyCache->setToolTip(tr("torch.cuda.empty_cache()"));
            series(d.id + QStringLiteral("/allocated"), tr("%1 allocated").arg(d.id),
                   QPen(c.darker(130), 1.5, Qt::DashLine))
                ->addData(t, d.allocatorAllocated / mib);
            series(d.id + QStringLiteral("/reserved"), tr("%1 reserved").arg(d.id),
                   QPen(c.darker(160), 1.5, Qt::DotLine))
                ->addData(t, d.allocatorReserved / mib);
            line += tr(", allocated %1, reserved %2, total %3")
                        .arg(l.formattedDataSize(d.allocatorAllocated), l.formattedDataSize(d.allocatorReserved),
                             l.formattedDataSize(d.memoryTotal));
        } else {
            line += tr(" of %1 (%2 free)").arg(l.formattedDataSize(d.memoryTotal), l.formattedDataSize(d.memoryFree));
        }
        latest << line;
    }
    ++m_samples;
    m_latest->setText(latest.join(QLatin1Char('\n')));
    m_plot->rescaleAxes();
    m_plot->xAxis->setRange(std::max(0.0, t - 120), std::max(t, 10.0)); // the last two minutes
    m_plot->yAxis->setRange(0, std::max(1.0, m_plot->yAxis->range().upper * 1.15));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryPanel::showCacheEmptied(const QList<DeviceInfo> &before, const QList<DeviceInfo> &after)
{
    const QLocale l;
    QStringList parts;
    for (int i = 0; i < before.size() && i < after.size(); ++i)
        if (before[i].isCuda())
            parts << tr("%1 reserved: %2 → %3")
                         .arg(before[i].id, l.formattedDataSize(before[i].allocatorReserved),
                              l.formattedDataSize(after[i].allocatorReserved));
    m_cacheResult->setText(parts.isEmpty() ? tr("No CUDA device: there was no cache to empty.")
                                           : parts.join(QStringLiteral(" · ")));
}

} // namespace tk
