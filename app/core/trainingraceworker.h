#pragma once

#include "trainconfig.h"

#include <QObject>
#include <atomic>

namespace tk {

// Trains every lane of the race in turn, one step each, on TrainingRace's thread: one lane's
// step never shares the cores with another's, so each step's time is its own.
class TrainingRaceWorker : public QObject
{
    Q_OBJECT

public:
    TrainingRaceWorker(const std::atomic<bool> *cancel, const std::atomic<bool> *pause)
        : m_cancel(cancel), m_pause(pause)
    {
    }
    void run(const tk::TrainConfig &config, const QList<tk::TrainLane> &lanes);

Q_SIGNALS:
    void stepsReady(const QList<tk::TrainStep> &steps); // in batches, about 20 a second
    void decisionReady(const tk::DecisionGrid &grid);
    void finished(bool cancelled, const QString &error);

private:
    const std::atomic<bool> *m_cancel; // owned by TrainingRace
    const std::atomic<bool> *m_pause;
};

} // namespace tk
