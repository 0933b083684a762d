#include "bench/traincommand.h"
#include "core/races/statistics.h"
#include "core/kitchen/koreanparticles.h"

#include "bench/replicatrain.h"
#include "core/devices/deviceregistry.h"
#include "core/races/lanes/traininglane.h"
#include "core/races/replicarun.h"
#include "core/races/machineload.h"
#include "core/races/trainer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace tk {

int TrainCommand::run(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Trains the race's MLP on the two spirals on one device."));
    p.addHelpOption();
    const TrainConfig defaults;
    auto opt = [&p](const char *name, const QString &help, const QString &value) {
        QCommandLineOption o(QString::fromLatin1(name), help, QStringLiteral("value"), value);
        p.addOption(o);
        return o;
    };
    const auto device = opt("device", tr("cpu or cuda:N (default cpu)."), QStringLiteral("cpu"));
    const auto width = opt("width", tr("Hidden units per layer."), QString::number(defaults.width));
    const auto depth = opt("depth", tr("Hidden layers."), QString::number(defaults.depth));
    const auto batch = opt("batch", tr("Batch size."), QString::number(defaults.batch));
    const auto steps = opt("steps", tr("Optimisation steps."), QString::number(defaults.steps));
    const auto seed = opt("seed", tr("Seed for data and weights."), QString::number(defaults.seed));
    const auto lr = opt("lr", tr("Learning rate."), QString::number(defaults.lr));
    const auto optimizer = opt("optimizer", tr("sgd or adam."), defaults.optimizer);
    const auto placement = opt("placement",
                               tr("per-batch, preload, pinned, dataloader, or ddp (N Python processes "
                                  "with DistributedDataParallel, tensorkitchen.replicas)."),
                               QStringLiteral("per-batch"));
    const auto ranks = opt("ranks", tr("DDP ranks, 1 to 8 on the CPU (ddp placement)."), QStringLiteral("2"));
    const auto port = opt("port",
                          tr("A port on 127.0.0.1 held for the run, naming its group, 0 for a free one; the "
                             "ranks meet through a FileStore and nothing listens on it (ddp placement)."),
                          QStringLiteral("0"));
    const auto sweepRanks = opt("sweep-ranks",
                                tr("Runs the DDP lane once per number of ranks in this "
                                   "comma-separated list, e.g. 1,2,3,4, and prints the points."),
                                QString());
    const auto workers
        = opt("workers", tr("DataLoader worker threads (dataloader placement)."), QString::number(defaults.workers));
    const auto prepCost = opt("prep-cost",
                              tr("Blur passes per sample: the CPU cost of preparing one "
                                 "(dataloader placement)."),
                              QString::number(defaults.prepCost));
    QCommandLineOption pin(QStringLiteral("pin"),
                           tr("Page-locked batches, copied with non_blocking=True "
                              "(dataloader placement, CUDA)."));
    p.addOption(pin);
    const auto points = opt("points", tr("Dataset size."), QString::number(defaults.points));
    const auto threads = opt("threads", tr("CPU threads (default: all cores)."), QStringLiteral("0"));
    const auto engine = opt("engine",
                            tr("libtorch (default: LibTorch C++ in this process, autograd and "
                               "torch::optim) or python (the same training in a Python "
                               "process with PyTorch, per-batch placement)."),
                            QStringLiteral("libtorch"));
    const auto format = opt("format", tr("json or text (default)."), QStringLiteral("text"));
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    bool allOk = true;
    // Whole numbers are parsed as such: a double cast to int is undefined beyond int's range
    // (found by fuzz_benchcli: --width 2e98).
    auto whole = [&](const QCommandLineOption &o, int lo, int hi) {
        bool ok = false;
        const int v = p.value(o).toInt(&ok);
        if (!ok || v < lo || v > hi) {
            m_err << KoreanParticles::resolve(tr("--%1 takes a whole number from %2 to %3, not “%4”.")
                                                  .arg(o.names().first())
                                                  .arg(lo)
                                                  .arg(hi)
                                                  .arg(p.value(o)))
                  << "\n";
            allOk = false;
        }
        return v;
    };
    TrainConfig c;
    c.width = whole(width, 1, 65536);
    c.depth = whole(depth, 1, 64);
    c.batch = whole(batch, 1, 1 << 24);
    c.steps = whole(steps, 1, 100000000);
    c.points = whole(points, 2, 1 << 26);
    bool ok = false;
    c.seed = p.value(seed).toULongLong(&ok);
    if (!ok) {
        m_err << KoreanParticles::resolve(tr("--seed takes a whole number, not “%1”.").arg(p.value(seed))) << "\n";
        allOk = false;
    }
    c.lr = p.value(lr).toDouble(&ok);
    if (!ok || !(c.lr > 0) || c.lr > 1e6) {
        m_err << KoreanParticles::resolve(tr("--lr takes a positive number, not “%1”.").arg(p.value(lr))) << "\n";
        allOk = false;
    }
    c.optimizer = p.value(optimizer);
    c.workers = whole(workers, 0, 64);
    c.prepCost = whole(prepCost, 0, 10000);
    c.pinBatches = p.isSet(pin);
    c.gridEvery = 0;
    TrainLane lane;
    lane.device = p.value(device);
    lane.threads = whole(threads, 0, DeviceRegistry::hardwareThreads());
    // The DDP lane: its own processes (tensorkitchen.replicas); --sweep-ranks implies it.
    const bool ddp = p.value(placement) == QLatin1String("ddp") || p.isSet(sweepRanks);
    const QString engineName = p.value(engine);
    if (engineName != QLatin1String("libtorch") && engineName != QLatin1String("python")) {
        m_err << KoreanParticles::resolve(tr("--engine takes libtorch or python, not “%1”.").arg(engineName)) << "\n";
        allOk = false;
    }
    const bool python = engineName == QLatin1String("python");
    if (python && (ddp || p.value(placement) != QLatin1String("per-batch"))) {
        m_err << KoreanParticles::resolve(tr("--engine python trains with per-batch placement in one process; DDP runs "
                                             "Python already (--placement ddp)."))
              << "\n";
        allOk = false;
    }
    // The flags name the lane's kind: --engine python, --placement ddp, else LibTorch's.
    if (python) {
        lane.kind = TrainingLanes::kPython;
        lane.ranks = 1;
    }
    QList<int> sweep;
    if (ddp) {
        lane.kind = TrainingLanes::kDdp;
        lane.ranks = whole(ranks, 1, 1024);
        lane.port = whole(port, 0, 65535);
        bool sweepOk = true;
        for (const QString &part : p.value(sweepRanks).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const int n = part.trimmed().toInt(&sweepOk);
            sweepOk = sweepOk && n >= 1 && n <= 1024;
            if (!sweepOk)
                break;
            sweep << n;
        }
        if (!sweepOk || (p.isSet(sweepRanks) && sweep.isEmpty())) {
            m_err << KoreanParticles::resolve(
                tr("--sweep-ranks takes whole numbers separated by commas, such as 1,2,3,4, not “%1”.")
                    .arg(p.value(sweepRanks)))
                  << "\n";
            allOk = false;
        }
    }
    if (!allOk)
        return 2;
    if (!ddp && !placementFromName(p.value(placement), &c.placement))
        return fail(
            tr("Unknown placement “%1”: use per-batch, preload, pinned, dataloader or ddp.").arg(p.value(placement)));
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
    // Lanes that Python trains, in processes of their own (tensorkitchen.replicas).
    const TrainingLane &kind = TrainingLanes::of(lane.kind);
    if (kind.ownProcesses()) {
        if (lane.device != QLatin1String("cpu") && !lane.device.startsWith(QLatin1String("cuda")))
            return fail(python ? tr("The Python lane runs on cpu or cuda, not “%1”.").arg(lane.device)
                               : tr("A DDP lane runs on cpu or cuda, not “%1”.").arg(lane.device));
        // Every point checked before any process starts: nothing is left half done.
        for (int n : sweep.isEmpty() ? QList<int>{lane.ranks} : sweep) {
            TrainLane l = lane;
            l.ranks = n;
            TrainConfig cn = c;
            if (!sweep.isEmpty()) // the sweep rounds the batch down to a multiple of N
                cn.batch = std::max(n, c.batch - c.batch % n);
            const QString why = kind.check(cn, l);
            if (!why.isEmpty())
                return fail(why);
        }
        if (m_dryRun)
            return 0;
        ReplicaTrain replicas(m_out, m_err);
        const bool json = fmt == QLatin1String("json");
        return sweep.isEmpty() ? replicas.train(c, lane, json) : replicas.sweep(c, lane, sweep, json);
    }
    bool found = false;
    DeviceRegistry::device(lane.device, &found);
    if (!found)
        return fail(tr("The device “%1” is not available here.").arg(lane.device));

    if (m_dryRun)
        return c.width > 0 && c.depth > 0 && c.batch > 0 && c.steps > 0 ? 0 : 2;
    Trainer trainer(c, lane, 0);
    QString error;
    if (!trainer.prepare(&error))
        return fail(error);
    QJsonArray losses;
    QList<double> times;
    double waited = 0, total = 0;
    MachineLoad::Probe probe; // who else used the cores while the steps ran
    for (int s = 0; s < c.steps; ++s) {
        TrainStep step;
        if (!trainer.step(&step, &error))
            return fail(error);
        losses.append(step.loss);
        times << step.stepSeconds;
        waited += step.waitSeconds;
        total += step.stepSeconds;
    }
    const bool loader = c.placement == TrainPlacement::DataLoader;
    const double waitFraction = total > 0 ? waited / total : 0;
    // The machine's load counts for CPU steps; a GPU lane's times hardly depend on it.
    const MachineLoad load
        = DeviceRegistry::resolve(lane.device) == QLatin1String("cpu") ? probe.take() : MachineLoad{};
    const double step = median(times);
    const double samples = step > 0 ? std::min(c.batch, c.points) / step : 0;
    if (fmt == QLatin1String("text")) {
        m_out << summaryLine(c, lane.label(), losses.first().toDouble(), losses.last().toDouble(), step, samples)
              << "\n";
        if (loader)
            m_out << tr("DataLoader with num_workers=%1, %2 blur passes per sample: the device waited for "
                        "data %3 % of the time; preparing took %4 s of CPU time")
                         .arg(c.workers)
                         .arg(c.prepCost)
                         .arg(waitFraction * 100, 0, 'f', 1)
                         .arg(trainer.prepCpuSeconds(), 0, 'f', 3)
                  << "\n";
        if (load.busy())
            m_out << load.warning() << "\n";
        return 0;
    }
    if (load.busy())
        m_err << load.warning() << "\n";
    QJsonObject receipt = DeviceRegistry::buildFacts().toJson();
    receipt[QStringLiteral("device")] = DeviceRegistry::resolve(lane.device);
    receipt[QStringLiteral("device_name")] = DeviceRegistry::device(lane.device).name;
    receipt[QStringLiteral("threads")] = lane.threads > 0 ? lane.threads : DeviceRegistry::hardwareThreads();
    const QJsonObject config = c.toJson();
    for (auto it = config.begin(); it != config.end(); ++it)
        receipt.insert(it.key(), it.value());
    // What ran, read off the trainer: autograd + torch::optim, one tensor at a time.
    receipt[QStringLiteral("engine")] = trainer.engine();
    receipt[QStringLiteral("optimizer_impl")] = trainer.optimizerImplementation();
    receipt[QStringLiteral("placement")] = placementName(c.placement);
    if (loader) {
        receipt[QStringLiteral("workers")] = c.workers;
        receipt[QStringLiteral("prep_cost")] = c.prepCost;
        receipt[QStringLiteral("pinned")] = c.pinBatches;
    }
    load.addToReceipt(&receipt);
    QJsonObject root{{QStringLiteral("receipt"), receipt},
                     {QStringLiteral("losses"), losses},
                     {QStringLiteral("step_median_s"), step},
                     {QStringLiteral("samples_per_s"), samples}};
    if (loader) {
        // The fraction of the steps' time spent waiting for batches, and the CPU time the
        // preparation took on every thread (it can exceed the wall time with workers).
        root[QStringLiteral("data_wait_fraction")] = waitFraction;
        root[QStringLiteral("workers")] = c.workers;
        root[QStringLiteral("prep_cost")] = c.prepCost;
        root[QStringLiteral("prep_cpu_s")] = trainer.prepCpuSeconds();
        root[QStringLiteral("train_s")] = total;
    }
    m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    return 0;
}

QString TrainCommand::summaryLine(const TrainConfig &c, const QString &lane, double firstLoss, double lastLoss,
                                  double medianSeconds, double samplesPerSecond)
{
    return tr("%1 on %2: loss %3 → %4 in %5 steps; median step %6 ms, %7 samples/s")
        .arg(QStringLiteral("MLP %1×%2").arg(c.width).arg(c.depth), lane)
        .arg(firstLoss, 0, 'f', 4)
        .arg(lastLoss, 0, 'f', 4)
        .arg(c.steps)
        .arg(medianSeconds * 1e3, 0, 'f', 4)
        .arg(samplesPerSecond, 0, 'f', 0);
}

} // namespace tk
