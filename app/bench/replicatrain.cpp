#include "bench/replicatrain.h"
#include "core/races/statistics.h"
#include "core/kitchen/koreanparticles.h"

#include "bench/traincommand.h"

#include "core/devices/deviceregistry.h"
#include "core/races/lanes/traininglane.h"
#include "core/races/lanes/traininglanes.h"
#include "core/races/replicarun.h"
#include "core/races/replicasweep.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace tk {

namespace {

QJsonArray toArray(const QVector<double> &v)
{
    QJsonArray a;
    for (double d : v)
        a.append(d);
    return a;
}

// The lane's kind names what ran: its engine is the kind's id ("python", "ddp", "dp").
QJsonObject receiptFor(const TrainConfig &c, const TrainLane &lane)
{
    const TrainingLane &kind = TrainingLanes::of(lane.kind);
    QJsonObject r = DeviceRegistry::buildFacts().toJson();
    r[QStringLiteral("device")] = lane.device;
    r[QStringLiteral("placement")] = kind.allReduces() ? QStringLiteral("ddp") : QStringLiteral("per-batch");
    r[QStringLiteral("engine")] = kind.id();
    r[QStringLiteral("python")] = ReplicaRun::pythonExecutable();
    const QJsonObject config = c.toJson();
    for (auto it = config.begin(); it != config.end(); ++it)
        r.insert(it.key(), it.value());
    return r;
}

} // namespace

int ReplicaTrain::fail(const QString &message)
{
    m_err << KoreanParticles::resolve(message) << "\n";
    m_err.flush();
    return 2;
}

int ReplicaTrain::train(const TrainConfig &c, const TrainLane &lane, bool json)
{
    QList<ReplicaStep> steps;
    ReplicaRun::Callbacks cb;
    cb.step = [&steps](const ReplicaStep &s) { steps << s; };
    ReplicaSummary summary;
    QString error;
    if (!ReplicaRun::run(c, lane, cb, nullptr, &summary, &error))
        return fail(error);
    QJsonArray losses;
    QVector<double> times;
    for (const ReplicaStep &s : std::as_const(steps)) {
        losses.append(s.loss);
        times << s.stepSeconds;
    }
    const double step = median(times);
    const double samples = step > 0 ? c.batch / step : 0;
    const double share = step > 0 ? summary.allreduceMedian / step : 0;
    if (!json) {
        m_out << TrainCommand::summaryLine(c, lane.label(), losses.first().toDouble(), losses.last().toDouble(), step,
                                           samples)
              << "\n";
        if (!TrainingLanes::of(lane.kind).allReduces()) { // one process: nothing is all-reduced
            m_out << tr("Python PyTorch %1: autograd and torch.optim (%2)")
                         .arg(summary.torchVersion,
                              summary.optimizerImplementation.isEmpty() ? tr("implementation not known")
                                                                        : summary.optimizerImplementation)
                  << "\n";
            return 0;
        }
        QStringList perRank;
        for (double s : std::as_const(summary.rankStepMedian))
            perRank << QString::number(s * 1e3, 'f', 3);
        m_out << tr("%1: all-reduce %2 ms a step (%3 % of it), %4 bytes per rank; "
                    "median step per rank %5 ms")
                     .arg(summary.backend)
                     .arg(summary.allreduceMedian * 1e3, 0, 'f', 4)
                     .arg(share * 100, 0, 'f', 1)
                     .arg(summary.allreduceBytes)
                     .arg(perRank.join(QStringLiteral(", ")))
              << "\n";
        return 0;
    }
    QJsonObject receipt = receiptFor(c, lane);
    receipt[QStringLiteral("threads_per_rank")] = summary.ranks.isEmpty() ? 0 : summary.ranks.first().threads;
    receipt[QStringLiteral("optimizer_impl")] = summary.optimizerImplementation;
    receipt[QStringLiteral("python_torch")] = summary.torchVersion;
    QJsonObject root{{QStringLiteral("receipt"), receipt},
                     {QStringLiteral("losses"), losses},
                     {QStringLiteral("step_median_s"), step},
                     {QStringLiteral("samples_per_s"), samples},
                     {QStringLiteral("ranks"), int(summary.ranks.size())},
                     {QStringLiteral("backend"), summary.backend},
                     {QStringLiteral("allreduce_s"), summary.allreduceMedian},
                     {QStringLiteral("allreduce_share"), share},
                     {QStringLiteral("allreduce_bytes"), double(summary.allreduceBytes)},
                     {QStringLiteral("rank_step_s"), toArray(summary.rankStepMedian)},
                     {QStringLiteral("rank_forward_s"), toArray(summary.rankForwardMedian)},
                     {QStringLiteral("rank_backward_s"), toArray(summary.rankBackwardMedian)},
                     {QStringLiteral("rank_allreduce_s"), toArray(summary.rankAllreduceMedian)},
                     {QStringLiteral("notice"), summary.notice}};
    m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    return 0;
}

int ReplicaTrain::sweep(const TrainConfig &c, const TrainLane &lane, const QList<int> &ranks, bool json)
{
    QJsonArray points;
    if (!json)
        m_out << tr("ranks  samples/s  step ms  all-reduce ms  all-reduce share  final loss") << "\n";
    for (int n : ranks) {
        ReplicaSweepPoint p;
        QString error;
        if (!ReplicaSweep::measure(c, lane, n, &p, &error))
            return fail(error);
        if (json) {
            points.append(QJsonObject{{QStringLiteral("ranks"), p.ranks},
                                      {QStringLiteral("samples_per_s"), p.samplesPerSecond},
                                      {QStringLiteral("step_s"), p.stepSeconds},
                                      {QStringLiteral("allreduce_s"), p.allreduceSeconds},
                                      {QStringLiteral("allreduce_share"), p.allreduceShare},
                                      {QStringLiteral("allreduce_bytes"), double(p.allreduceBytes)},
                                      {QStringLiteral("final_loss"), p.finalLoss}});
            continue;
        }
        m_out << QStringLiteral("%1  %2  %3  %4  %5  %6")
                     .arg(p.ranks, 5)
                     .arg(p.samplesPerSecond, 9, 'f', 0)
                     .arg(p.stepSeconds * 1e3, 7, 'f', 3)
                     .arg(p.allreduceSeconds * 1e3, 13, 'f', 3)
                     .arg(QStringLiteral("%1 %").arg(p.allreduceShare * 100, 0, 'f', 1), 16)
                     .arg(p.finalLoss, 10, 'f', 4)
              << "\n";
        m_out.flush();
    }
    if (json)
        m_out << QJsonDocument(
                     QJsonObject{{QStringLiteral("receipt"), receiptFor(c, lane)}, {QStringLiteral("sweep"), points}})
                     .toJson(QJsonDocument::Indented);
    return 0;
}

} // namespace tk
