#pragma once

#include "core/races/backgroundrun.h"
#include "core/transfers/transferresult.h"

#include <QCoreApplication>
#include <QObject>
#include <atomic>
#include <optional>

namespace tk {

// Copy bandwidth against size: host→device and device→host, pageable and pinned, blocking
// and non_blocking, timed like the matmul race (blocked autorange, synchronised). Without a
// GPU it measures host memory copies, which is what a GPU copy adds PCIe to. The copies run on
// the lab's own thread (a BackgroundRun); results, progress and the end arrive on the owner's.
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
    static std::optional<TransferResult> measure(const Variant &variant, qint64 bytes, double minRunTime,
                                                 const std::atomic<bool> *cancel, QString *error);

    bool start(const TransferSettings &settings, QString *error);
    void cancel() { m_run.cancel(); }
    bool isRunning() const { return m_run.isRunning(); }
    const QList<TransferResult> &results() const { return m_results; }

Q_SIGNALS:
    void resultReady(const tk::TransferResult &result);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error);

private:
    // Every size, every variant in turn, on the worker: posts each TransferResult as it is timed.
    static BackgroundRun::Ending sweep(BackgroundRun::Context &context, const TransferSettings &settings);

    QList<TransferResult> m_results;
    BackgroundRun m_run; // last: destroyed first, so the copies have stopped before the rest goes
};

} // namespace tk
