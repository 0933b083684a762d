#pragma once

#include "trainconfig.h"

#include <QObject>
#include <atomic>

namespace tk {

// Trains every lane of the race in turn, kTurn steps each, on TrainingRace's thread: one lane's
// step never shares the cores with another's, so each step's time is its own. Turns of several
// steps, not one: switching the CPU's thread count between lanes every step wakes and parks
// thread pools each time and slows the many-thread lane several-fold (measured here).
class TrainingRaceWorker : public QObject
{
    Q_OBJECT

public:
    TrainingRaceWorker(const std::atomic<bool> *cancel, const std::atomic<bool> *pause)
        : m_cancel(cancel), m_pause(pause)
    {
    }
    static constexpr int kTurn = 25;
    void run(const tk::TrainConfig &config, const QList<tk::TrainLane> &lanes);

Q_SIGNALS:
    void stepsReady(const QList<tk::TrainStep> &steps); // in batches, about 20 a second
    void decisionReady(const tk::DecisionGrid &grid);
    void datasetReady(const QVector<float> &xyClass);
    void finished(bool cancelled, const QString &error);

private:
    const std::atomic<bool> *m_cancel; // owned by TrainingRace
    const std::atomic<bool> *m_pause;
};

} // namespace tk
