#include "core/races/lanes/libtorchlane.h"

#include "core/devices/deviceregistry.h"
#include "core/races/lanes/traininglanes.h"
#include "core/races/machineload.h"
#include "core/races/trainer.h"

#include <QCoreApplication>
#include <QThread>

namespace tk {

namespace {

class LibTorchLaneRun : public TrainingLaneRun
{
public:
    LibTorchLaneRun(const TrainConfig &config, const TrainLane &lane, int index) : m_trainer(config, lane, index) { }

    bool prepare(BackgroundRun::Context &context, QString *error) override
    {
        if (!m_trainer.prepare(error))
            return false;
        context.post(QVariant::fromValue(m_trainer.decision()));
        return true;
    }

    BackgroundRun::Ending train(LaneTurn &turn) override
    {
        BackgroundRun::Context &context = turn.context;
        // Who else used the cores during this lane's turn; a pause is left out.
        MachineLoad::Probe load;
        const auto postLoad = [&] { context.post(QVariant::fromValue(TrainLoad{turn.lane, load.take()})); };
        for (int s = turn.first; s < turn.last; ++s) {
            if (turn.pause && turn.pause->load()) {
                postLoad();
                while (turn.pause->load() && !context.cancelled())
                    QThread::msleep(20);
                load.restart();
            }
            if (context.cancelled()) {
                postLoad();
                return BackgroundRun::Ending::stopped(); // the steps so far still arrive
            }
            TrainStep step;
            QString error;
            if (!m_trainer.step(&step, &error))
                return BackgroundRun::Ending::failed(error);
            context.post(QVariant::fromValue(step));
            // The picture is drawn outside the timed step: it costs the lane nothing.
            const int every = turn.config.gridEvery;
            if (every > 0 && (step.step % every == 0 || step.step == turn.config.steps))
                context.post(QVariant::fromValue(m_trainer.decision()));
        }
        postLoad();
        return BackgroundRun::Ending::done();
    }

private:
    Trainer m_trainer;
};

} // namespace

QString LibTorchLane::id() const { return TrainingLanes::kLibTorch; }

QString LibTorchLane::label(const TrainLane &lane) const
{
    if (lane.device != QLatin1String("cpu"))
        return lane.device;
    const int n = lane.threads > 0 ? lane.threads : DeviceRegistry::hardwareThreads();
    return n == 1 ? tr("cpu · 1 thread") : tr("cpu · %1 threads").arg(n);
}

QString LibTorchLane::check(const TrainConfig &, const TrainLane &lane) const
{
    bool found = false;
    const DeviceInfo d = DeviceRegistry::device(lane.device, &found);
    if (d.isMeta())
        return tr("The meta device has no values, so nothing can be learned there.");
    if (!found)
        return tr("The device “%1” is not available here.").arg(lane.device);
    return {};
}

std::unique_ptr<TrainingLaneRun> LibTorchLane::start(const TrainConfig &config, const TrainLane &lane, int index) const
{
    return std::make_unique<LibTorchLaneRun>(config, lane, index);
}

} // namespace tk
