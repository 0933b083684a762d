#include "trainingraceworker.h"

#include "deviceregistry.h"
#include "trainer.h"

#include <QElapsedTimer>
#include <QThread>
#include <memory>
#include <vector>

namespace tk {

void TrainingRaceWorker::run(const TrainConfig &config, const QList<TrainLane> &lanes)
{
    Q_EMIT datasetReady(Trainer::datasetPoints(config));
    std::vector<std::unique_ptr<Trainer>> trainers;
    for (int i = 0; i < lanes.size(); ++i) {
        auto t = std::make_unique<Trainer>(config, lanes.at(i), i);
        QString error;
        if (!t->prepare(&error)) {
            Q_EMIT finished(false, QStringLiteral("%1: %2").arg(lanes.at(i).label(), error));
            return;
        }
        trainers.push_back(std::move(t));
    }
    for (auto &t : trainers)
        Q_EMIT decisionReady(t->decision());

    QList<TrainStep> batch;
    QElapsedTimer flush;
    flush.start();
    for (int first = 0; first < config.steps; first += kTurn) {
        const int last = std::min(config.steps, first + kTurn);
        for (auto &t : trainers) {
            for (int s = first; s < last; ++s) {
                while (m_pause->load() && !m_cancel->load())
                    QThread::msleep(20);
                if (m_cancel->load()) {
                    Q_EMIT stepsReady(batch);
                    DeviceRegistry::applyThreads();
                    Q_EMIT finished(true, {});
                    return;
                }
                TrainStep step;
                QString error;
                if (!t->step(&step, &error)) {
                    Q_EMIT stepsReady(batch);
                    DeviceRegistry::applyThreads();
                    Q_EMIT finished(false, error);
                    return;
                }
                batch << step;
                // The picture is drawn outside the timed step: it costs the lane nothing.
                if (config.gridEvery > 0
                    && (step.step % config.gridEvery == 0 || step.step == config.steps))
                    Q_EMIT decisionReady(t->decision());
                if (flush.elapsed() >= 50) {
                    Q_EMIT stepsReady(batch);
                    batch.clear();
                    flush.restart();
                }
            }
        }
    }
    Q_EMIT stepsReady(batch);
    DeviceRegistry::applyThreads();
    Q_EMIT finished(false, {});
}

} // namespace tk
