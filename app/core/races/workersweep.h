#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/trainconfig.h"

#include <QList>
#include <QMetaType>
#include <QObject>

namespace tk {

// One measurement of the DataLoader lane: a lane trained for a number of steps with a number of
// worker threads.
struct WorkerSweepPoint
{
    int lane = 0;
    int workers = 0;
    double waitFraction = 0; // of the steps' time, the part spent waiting for batches
    double samplesPerSecond = 0;
    double prepCpuSeconds = 0; // CPU time spent preparing samples, every thread together
    double trainSeconds = 0; // the measured steps' wall time
    double finalLoss = 0;
};

// The DataLoader sweep: for each lane and each worker count, the same training run (same
// seed, same batches) timed on its own thread, the points streamed back as they are measured.
// On a machine with few cores the workers compete with the model for them: the sweep shows
// that too.
class WorkerSweep : public QObject
{
    Q_OBJECT

public:
    explicit WorkerSweep(QObject *parent = nullptr);
    ~WorkerSweep() override;

    // 0, 1, 2, 4, … up to twice this machine's hardware threads (at least 4).
    static QList<int> defaultWorkers();
    // One point, synchronously (the bench CLI and tests): `warmup` steps untimed, then `steps`.
    static bool measure(const TrainConfig &config, const TrainLane &lane, int laneIndex, int workers, int warmup,
                        int steps, WorkerSweepPoint *point, QString *error, const std::atomic<bool> *cancel = nullptr);

    bool start(const TrainConfig &config, const QList<TrainLane> &lanes, const QList<int> &workers, int steps,
               QString *error);
    void cancel() { m_run.cancel(); }
    bool isRunning() const { return m_run.isRunning(); }
    const QList<WorkerSweepPoint> &points() const { return m_points; }

Q_SIGNALS:
    void pointReady(const tk::WorkerSweepPoint &point);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error);

private:
    QList<WorkerSweepPoint> m_points;
    BackgroundRun m_run;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::WorkerSweepPoint)
