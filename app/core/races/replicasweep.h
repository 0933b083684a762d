#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/trainconfig.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <atomic>

namespace tk {

// One measurement of a DDP lane: the same run on a number of ranks.
struct ReplicaSweepPoint
{
    int ranks = 0;
    double samplesPerSecond = 0;
    double allreduceShare = 0; // allreduce_s / step_s, 0..1
    double stepSeconds = 0, allreduceSeconds = 0; // medians
    qint64 allreduceBytes = 0;
    double finalLoss = 0;
};

// Like WorkerSweep: the same DDP run (same seed, same global batch) for N = 1, 2, 3, 4 ranks,
// on its own thread, each point streamed back as it is measured. On a machine with few cores
// the ranks share them and the all-reduce costs time: the sweep shows that too. A global batch
// that does not split over N ranks is rounded down to a multiple of N for that point.
class ReplicaSweep : public QObject
{
    Q_OBJECT

public:
    explicit ReplicaSweep(QObject *parent = nullptr);
    ~ReplicaSweep() override;

    static QList<int> defaultRanks(); // 1, 2, 3, 4 (capped by maxRanks)
    // One point, synchronously (the bench CLI and tests): the lane on `ranks` ranks for
    // config.steps steps, medians over them.
    static bool measure(const TrainConfig &config, const TrainLane &lane, int ranks, ReplicaSweepPoint *point,
                        QString *error, const std::atomic<bool> *cancel = nullptr);

    bool start(const TrainConfig &config, const TrainLane &lane, const QList<int> &ranks, int steps, QString *error);
    void cancel() { m_run.cancel(); }
    bool isRunning() const { return m_run.isRunning(); }
    const QList<ReplicaSweepPoint> &points() const { return m_points; }

Q_SIGNALS:
    void pointReady(const tk::ReplicaSweepPoint &point);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error);

private:
    QList<ReplicaSweepPoint> m_points;
    BackgroundRun m_run;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::ReplicaSweepPoint)
