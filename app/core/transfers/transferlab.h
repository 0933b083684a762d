#pragma once

#include "transferresult.h"

#include <QCoreApplication>
#include <QObject>
#include <QThread>
#include <atomic>
#include <optional>

namespace tk {

// Copy bandwidth against size: host→device and device→host, pageable and pinned, blocking
// and non_blocking, timed like the matmul race (blocked autorange, synchronised). Without a
// GPU it measures host memory copies, which is what a GPU copy adds PCIe to.
class TransferLab : public QObject
{
    Q_OBJECT

public:
    explicit TransferLab(QObject *parent = nullptr);
    ~TransferLab() override;

    static QString checkSettings(const TransferSettings &settings);
    // The variants a settings run measures, in order: direction, memory, non_blocking.
    struct Variant
    {
        QString device, direction, memory;
        bool nonBlocking = false;
    };
    static QList<Variant> variants(const TransferSettings &settings);
    static std::optional<TransferResult> measure(const Variant &variant, qint64 bytes,
                                                 double minRunTime,
                                                 const std::atomic<bool> *cancel, QString *error);

    bool start(const TransferSettings &settings, QString *error);
    void cancel() { m_cancel = true; }
    bool isRunning() const { return m_running; }
    const QList<TransferResult> &results() const { return m_results; }

Q_SIGNALS:
    void resultReady(const tk::TransferResult &result);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error);

private:
    QThread m_thread;
    QObject *m_context = nullptr; // lives on m_thread; the lab's work runs in its event loop
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    QList<TransferResult> m_results;
};

} // namespace tk
