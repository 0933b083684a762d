#pragma once

#include "core/devices/deviceinfo.h"

#include <QElapsedTimer>
#include <QMap>
#include <QWidget>

class QCustomPlot;
class QLabel;
class QPushButton;

namespace tk {

class KitchenEngine;

// A live timeline per device of the bytes held by cards and, on CUDA, the caching
// allocator's allocated and reserved bytes against the total. Fed by the kitchen's sampler
// (about 4 times a second, on the core's worker).
class MemoryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MemoryPanel(QWidget *parent = nullptr);
    // Fed by `engine`'s samples, its button empties the engine's CUDA cache and shows the result.
    void follow(KitchenEngine *engine);
    void addSample(const QList<DeviceInfo> &devices, const QList<qint64> &cardBytes);
    void showCacheEmptied(const QList<DeviceInfo> &before, const QList<DeviceInfo> &after);
    QCustomPlot *chart() const { return m_plot; }
    int sampleCount() const { return m_samples; }

Q_SIGNALS:
    void emptyCacheRequested();
    void statusMessage(const QString &text, int ms = 8000);

private:
    QCustomPlot *m_plot = nullptr;
    QLabel *m_latest = nullptr;
    QLabel *m_cacheResult = nullptr;
    QPushButton *m_emptyCache = nullptr;
    QMap<QString, int> m_graphs; // "cuda:0/reserved" → graph index
    QElapsedTimer m_clock;
    int m_samples = 0;
};

} // namespace tk
