#include "benchcli.h"

#include "deviceregistry.h"
#include "matmulbench.h"
#include "matmulreport.h"
#include "trainer.h"
#include "transferlab.h"
#include "workspace.h"
#include "trainingrace.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QFile>
#include <QJsonObject>
#include <unistd.h>
#include <algorithm>
#include <limits>

namespace tk {

namespace {

QJsonObject deviceJson(const DeviceInfo &d)
{
    QJsonObject o;
    o[QStringLiteral("id")] = d.id;
    o[QStringLiteral("type")] = d.type;
    o[QStringLiteral("name")] = d.name;
    if (d.type == QLatin1String("cpu")) {
        o[QStringLiteral("threads")] = d.threads;
        o[QStringLiteral("logical_cores")] = d.logicalCores;
    }
    if (d.isCuda()) {
        o[QStringLiteral("index")] = d.index;
        o[QStringLiteral("capability")] = d.capability;
        o[QStringLiteral("allocator_allocated")] = double(d.allocatorAllocated);
        o[QStringLiteral("allocator_reserved")] = double(d.allocatorReserved);
    }
    if (d.memoryTotal >= 0)
        o[QStringLiteral("memory_total")] = double(d.memoryTotal);
    if (d.memoryFree >= 0)
        o[QStringLiteral("memory_free")] = double(d.memoryFree);
    return o;
}

} // namespace

int BenchCli::parse(QCommandLineParser &p, const QStringList &arguments)
{
    if (!p.parse(arguments)) {
        m_err << p.errorText() << "\n";
        return 2;
    }
    if (p.isSet(QStringLiteral("help"))) {
        m_out << p.helpText();
        return 0;
    }
    return -1;
}

int BenchCli::fail(const QString &message)
{
    m_err << message << "\n";
    return 2;
}

bool BenchCli::formatOk(const QString &format, const QStringList &allowed)
{
    if (allowed.contains(format))
        return true;
    m_err << tr("Unknown format “%1”: use %2.").arg(format, allowed.join(QStringLiteral(", "))) << "\n";
    return false;
}

int BenchCli::usage(int code)
{
    (code == 0 ? m_out : m_err)
        << tr("Usage: tensor-kitchen-bench <command> [options]\n"
              "\n"
              "Commands:\n"
              "  devices   the devices and how this LibTorch was built\n"
              "  matmul    time A @ B over a sweep of sizes (torch.utils.benchmark's method)\n"
              "  train     train the MLP on the two spirals and time its steps\n"
              "  transfer  copy bandwidth vs size (host↔device, pageable/pinned)\n"
              "  stress    create and delete cards many times; resident memory before and after\n"
              "\n"
              "Run tensor-kitchen-bench <command> --help for its options.\n");
    return code;
}

int BenchCli::run(const QStringList &arguments)
{
    if (arguments.size() < 2)
        return usage(2);
    const QString command = arguments.at(1);
    QStringList rest = arguments;
    rest.removeAt(1);
    if (command == QLatin1String("devices"))
        return devices(rest);
    if (command == QLatin1String("matmul"))
        return matmul(rest);
    if (command == QLatin1String("train"))
        return train(rest);
    if (command == QLatin1String("transfer"))
        return transfer(rest);
    if (command == QLatin1String("stress"))
        return stress(rest);
    if (command == QLatin1String("--help") || command == QLatin1String("-h"))
        return usage(0);
    if (command == QLatin1String("--version")) {
        m_out << "tensor-kitchen-bench " << TK_VERSION << "\n";
        return 0;
    }
    m_err << tr("Unknown command “%1”.").arg(command) << "\n";
    return usage(2);
}

int BenchCli::devices(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Lists the devices LibTorch can use here."));
    p.addHelpOption();
    QCommandLineOption format(QStringLiteral("format"), tr("json or text (default)."),
                              QStringLiteral("format"), QStringLiteral("text"));
    QCommandLineOption meta(QStringLiteral("meta"), tr("Include the meta device."));
    p.addOptions({format, meta});
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
    DeviceRegistry::applyThreads();
    const BuildFacts facts = DeviceRegistry::buildFacts();
    const QList<DeviceInfo> list = DeviceRegistry::devices(p.isSet(meta));
    if (fmt == QLatin1String("json")) {
        QJsonArray arr;
        for (const DeviceInfo &d : list)
            arr.append(deviceJson(d));
        QJsonObject root;
        root[QStringLiteral("build")] = facts.toJson();
        // The answers a script asks first, at the top: is this a CUDA build, how many devices.
        root[QStringLiteral("cuda_build")] = facts.cudaBuild;
        root[QStringLiteral("device_count")] = facts.cudaDeviceCount;
        root[QStringLiteral("no_gpu_reason")] = facts.noGpuReasonKey();
        root[QStringLiteral("devices")] = arr;
        m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    const QLocale c = QLocale::c();
    m_out << tr("LibTorch %1, %2").arg(facts.torchVersion,
                                       facts.cudaBuild ? tr("CUDA build (CUDA %1)").arg(facts.cudaVersion)
                                                       : tr("CPU-only build"))
          << "\n"
          << tr("BLAS: %1").arg(facts.blas) << "\n"
          << tr("device = \"cuda\" if torch.cuda.is_available() else \"cpu\"  →  %1")
                 .arg(facts.defaultDevice)
          << "\n";
    if (facts.noGpuReason != NoGpuReason::None)
        m_out << tr("No GPU: %1").arg(facts.noGpuExplanation()) << "\n";
    m_out << "\n";
    for (const DeviceInfo &d : list) {
        m_out << d.id.leftJustified(8) << d.name << "\n";
        if (d.type == QLatin1String("cpu"))
            m_out << "        " << tr("%1 threads in use of %2").arg(d.threads).arg(d.logicalCores) << "\n";
        if (d.isCuda())
            m_out << "        " << tr("compute capability %1").arg(d.capability) << "\n";
        if (d.memoryTotal >= 0)
            m_out << "        "
                  << tr("memory %1 free of %2")
                         .arg(c.formattedDataSize(d.memoryFree), c.formattedDataSize(d.memoryTotal))
                  << "\n";
    }
    return 0;
}

int BenchCli::matmul(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Times A @ B (N×N) on each device over a sweep of N."));
    p.addHelpOption();
    QCommandLineOption devicesOpt(QStringLiteral("devices"), tr("Comma-separated devices (default cpu)."),
                                  QStringLiteral("list"), QStringLiteral("cpu"));
    QCommandLineOption sizesOpt(QStringLiteral("sizes"), tr("Comma-separated N (default 64…2048)."),
                                QStringLiteral("list"), QStringLiteral("64,128,256,512,1024,2048"));
    QCommandLineOption dtypeOpt(QStringLiteral("dtype"), tr("float32, float64, float16, bfloat16."),
                                QStringLiteral("dtype"), QStringLiteral("float32"));
    QCommandLineOption threadsOpt(QStringLiteral("threads"), tr("CPU threads (default: all cores)."),
                                  QStringLiteral("n"), QStringLiteral("0"));
    QCommandLineOption minRunOpt(QStringLiteral("min-run-time"), tr("Seconds of timed blocks per point (default 0.2)."),
                                 QStringLiteral("s"), QStringLiteral("0.2"));
    QCommandLineOption modeOpt(QStringLiteral("mode"), tr("compute, end-to-end or naive (GPU lanes; the CPU has no copies)."),
                               QStringLiteral("mode"), QStringLiteral("compute"));
    QCommandLineOption formatOpt(QStringLiteral("format"), tr("json, csv or text (default)."),
                                 QStringLiteral("format"), QStringLiteral("text"));
    p.addOptions({devicesOpt, sizesOpt, dtypeOpt, threadsOpt, minRunOpt, modeOpt, formatOpt});
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(formatOpt);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("text")}))
        return 2;
    MatmulMode mode;
    if (!matmulModeFromName(p.value(modeOpt), &mode))
        return fail(tr("Unknown mode “%1”: use compute, end-to-end or naive.").arg(p.value(modeOpt)));
    bool ok = false;
    const int threads = p.value(threadsOpt).toInt(&ok);
    if (!ok)
        return fail(tr("--threads takes a whole number, not “%1”.").arg(p.value(threadsOpt)));
    MatmulSettings s;
    s.dtype = p.value(dtypeOpt);
    s.minRunTime = p.value(minRunOpt).toDouble(&ok);
    if (!ok)
        return fail(tr("--min-run-time takes seconds, not “%1”.").arg(p.value(minRunOpt)));
    for (const QString &n : p.value(sizesOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const int v = n.trimmed().toInt(&ok);
        if (!ok)
            return fail(tr("“%1” is not a size N.").arg(n));
        s.sizes << v;
    }
    for (const QString &d : p.value(devicesOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        MatmulLane lane;
        lane.device = d.trimmed();
        lane.mode = lane.device == QLatin1String("cpu") ? MatmulMode::Compute : mode;
        lane.threads = lane.device == QLatin1String("cpu") ? threads : 0;
        s.lanes << lane;
    }
    const QString problem = MatmulBench::checkSettings(s);
    if (!problem.isEmpty())
        return fail(problem);
    for (const MatmulLane &lane : s.lanes) {
        const QString unsupported = MatmulBench::probeSupport(lane.device, s.dtype);
        if (!unsupported.isEmpty())
            return fail(unsupported);
    }
    if (m_dryRun)
        return 0;
    QList<MatmulResult> results;
    const int total = int(s.sizes.size() * s.lanes.size());
    for (int n : s.sizes) {
        for (int i = 0; i < s.lanes.size(); ++i) {
            QString error;
            auto r = MatmulBench::runPoint(s.lanes.at(i), i, n, s.dtype, s.minRunTime, nullptr, &error);
            if (!r)
                return fail(error);
            r->point = int(results.size()) + 1;
            r->points = total;
            results << *r;
            m_err << QStringLiteral("[%1/%2] %3 N=%4: %5 GFLOP/s\n")
                         .arg(r->point)
                         .arg(total)
                         .arg(s.lanes.at(i).label())
                         .arg(n)
                         .arg(r->gflops, 0, 'f', 1);
            m_err.flush();
        }
    }
    if (fmt == QLatin1String("json"))
        m_out << MatmulReport::toJson(MatmulReport::receipt(s), results);
    else if (fmt == QLatin1String("csv"))
        m_out << MatmulReport::toCsv(results);
    else
        m_out << MatmulReport::toText(results);
    return 0;
}

int BenchCli::train(const QStringList &arguments)
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
    const auto placement = opt("placement", tr("per-batch, preload or pinned."), QStringLiteral("per-batch"));
    const auto points = opt("points", tr("Dataset size."), QString::number(defaults.points));
    const auto threads = opt("threads", tr("CPU threads (default: all cores)."), QStringLiteral("0"));
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
            m_err << tr("--%1 takes a whole number from %2 to %3, not “%4”.")
                         .arg(o.names().first())
                         .arg(lo)
                         .arg(hi)
                         .arg(p.value(o))
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
        m_err << tr("--seed takes a whole number, not “%1”.").arg(p.value(seed)) << "\n";
        allOk = false;
    }
    c.lr = p.value(lr).toDouble(&ok);
    if (!ok || !(c.lr > 0) || c.lr > 1e6) {
        m_err << tr("--lr takes a positive number, not “%1”.").arg(p.value(lr)) << "\n";
        allOk = false;
    }
    c.optimizer = p.value(optimizer);
    c.gridEvery = 0;
    TrainLane lane;
    lane.device = p.value(device);
    lane.threads = whole(threads, 0, DeviceRegistry::hardwareThreads());
    if (!allOk)
        return 2;
    if (!placementFromName(p.value(placement), &c.placement))
        return fail(tr("Unknown placement “%1”: use per-batch, preload or pinned.").arg(p.value(placement)));
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
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
    for (int s = 0; s < c.steps; ++s) {
        TrainStep step;
        if (!trainer.step(&step, &error))
            return fail(error);
        losses.append(step.loss);
        times << step.stepSeconds;
    }
    std::sort(times.begin(), times.end());
    const double median = times.isEmpty() ? 0 : times.at(times.size() / 2);
    const double samples = median > 0 ? std::min(c.batch, c.points) / median : 0;
    if (fmt == QLatin1String("text")) {
        m_out << tr("%1 on %2: loss %3 → %4 in %5 steps; median step %6 ms, %7 samples/s")
                     .arg(QStringLiteral("MLP %1×%2").arg(c.width).arg(c.depth), lane.label())
                     .arg(losses.first().toDouble(), 0, 'f', 4)
                     .arg(losses.last().toDouble(), 0, 'f', 4)
                     .arg(c.steps)
                     .arg(median * 1e3, 0, 'f', 4)
                     .arg(samples, 0, 'f', 0)
              << "\n";
        return 0;
    }
    QJsonObject receipt = DeviceRegistry::buildFacts().toJson();
    receipt[QStringLiteral("device")] = DeviceRegistry::resolve(lane.device);
    receipt[QStringLiteral("device_name")] = DeviceRegistry::device(lane.device).name;
    receipt[QStringLiteral("threads")] = lane.threads > 0 ? lane.threads : DeviceRegistry::hardwareThreads();
    receipt[QStringLiteral("width")] = c.width;
    receipt[QStringLiteral("depth")] = c.depth;
    receipt[QStringLiteral("batch")] = c.batch;
    receipt[QStringLiteral("steps")] = c.steps;
    receipt[QStringLiteral("seed")] = double(c.seed);
    receipt[QStringLiteral("lr")] = c.lr;
    receipt[QStringLiteral("optimizer")] = c.optimizer;
    receipt[QStringLiteral("placement")] = placementName(c.placement);
    receipt[QStringLiteral("points")] = c.points;
    QJsonObject root{{QStringLiteral("receipt"), receipt},
                     {QStringLiteral("losses"), losses},
                     {QStringLiteral("step_median_s"), median},
                     {QStringLiteral("samples_per_s"), samples}};
    m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    return 0;
}

int BenchCli::transfer(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Copy bandwidth against size. Without a GPU: host memory copies."));
    p.addHelpOption();
    QCommandLineOption devicesOpt(QStringLiteral("devices"), tr("Comma-separated cuda:N (default: every GPU, or the host)."),
                                  QStringLiteral("list"));
    QCommandLineOption sizesOpt(QStringLiteral("sizes"), tr("Comma-separated byte counts; K, M, G suffixes allowed."),
                                QStringLiteral("list"), QStringLiteral("1K,16K,256K,4M,64M,256M"));
    QCommandLineOption minRunOpt(QStringLiteral("min-run-time"), tr("Seconds per point (default 0.05)."),
                                 QStringLiteral("s"), QStringLiteral("0.05"));
    QCommandLineOption formatOpt(QStringLiteral("format"), tr("json or text (default)."),
                                 QStringLiteral("format"), QStringLiteral("text"));
    p.addOptions({devicesOpt, sizesOpt, minRunOpt, formatOpt});
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(formatOpt);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
    TransferSettings s;
    bool ok = false;
    s.minRunTime = p.value(minRunOpt).toDouble(&ok);
    if (!ok)
        return fail(tr("--min-run-time takes seconds, not “%1”.").arg(p.value(minRunOpt)));
    for (QString size : p.value(sizesOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        size = size.trimmed().toUpper();
        qint64 scale = 1;
        if (size.endsWith(QLatin1Char('K')))
            scale = 1024;
        else if (size.endsWith(QLatin1Char('M')))
            scale = 1024 * 1024;
        else if (size.endsWith(QLatin1Char('G')))
            scale = 1024 * 1024 * 1024;
        if (scale > 1)
            size.chop(1);
        const qint64 v = size.toLongLong(&ok);
        if (!ok || v < 0 || v > std::numeric_limits<qint64>::max() / scale)
            return fail(tr("“%1” is not a size in bytes.").arg(size));
        s.sizes << v * scale;
    }
    if (p.isSet(devicesOpt)) {
        for (const QString &d : p.value(devicesOpt).split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (d.trimmed() != QLatin1String("cpu"))
                s.devices << d.trimmed();
    } else {
        for (const DeviceInfo &d : DeviceRegistry::devices())
            if (d.isCuda())
                s.devices << d.id;
    }
    const QString problem = TransferLab::checkSettings(s);
    if (!problem.isEmpty())
        return fail(problem);
    if (m_dryRun)
        return 0;
    QList<TransferResult> results;
    for (qint64 bytes : s.sizes) {
        for (const TransferLab::Variant &v : TransferLab::variants(s)) {
            QString error;
            const auto r = TransferLab::measure(v, bytes, s.minRunTime, nullptr, &error);
            if (!r)
                return fail(error);
            results << *r;
        }
    }
    if (fmt == QLatin1String("text")) {
        for (const TransferResult &r : results)
            m_out << QStringLiteral("%1  %2  %3 µs  %4 GB/s\n")
                         .arg(r.label(), -36)
                         .arg(QLocale::c().formattedDataSize(r.bytes), 10)
                         .arg(r.medianS * 1e6, 10, 'f', 2)
                         .arg(r.gbps(), 8, 'f', 2);
        return 0;
    }
    QJsonArray arr;
    for (const TransferResult &r : results)
        arr.append(QJsonObject{{QStringLiteral("device"), r.device},
                               {QStringLiteral("direction"), r.direction},
                               {QStringLiteral("memory"), r.memory},
                               {QStringLiteral("non_blocking"), r.nonBlocking},
                               {QStringLiteral("bytes"), double(r.bytes)},
                               {QStringLiteral("median_s"), r.medianS},
                               {QStringLiteral("iqr_s"), r.iqrS},
                               {QStringLiteral("gbps"), r.gbps()}});
    QJsonObject receipt = DeviceRegistry::buildFacts().toJson();
    receipt[QStringLiteral("min_run_time_s")] = s.minRunTime;
    m_out << QJsonDocument(QJsonObject{{QStringLiteral("receipt"), receipt}, {QStringLiteral("results"), arr}})
                 .toJson(QJsonDocument::Indented);
    return 0;
}

int BenchCli::stress(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Creates, moves and deletes cards in a loop and reports resident memory."));
    p.addHelpOption();
    QCommandLineOption cyclesOpt(QStringLiteral("cycles"), tr("Create/delete cycles (default 10000)."),
                                 QStringLiteral("n"), QStringLiteral("10000"));
    QCommandLineOption shapeOpt(QStringLiteral("shape"), tr("Shape of each card (default 256,256)."),
                                QStringLiteral("shape"), QStringLiteral("256,256"));
    p.addOptions({cyclesOpt, shapeOpt});
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    bool ok = false;
    const int cycles = p.value(cyclesOpt).toInt(&ok);
    QString error;
    const auto shape = TensorSpec::parseShape(p.value(shapeOpt), &error);
    if (!ok || cycles < 1 || !shape) {
        m_err << (shape ? tr("--cycles takes a positive whole number.") : error) << "\n";
        return 2;
    }
    if (m_dryRun)
        return 0;
    auto rss = [] {
        QFile f(QStringLiteral("/proc/self/statm"));
        if (!f.open(QIODevice::ReadOnly))
            return qint64(-1);
        return f.readAll().split(' ').value(1).toLongLong() * sysconf(_SC_PAGESIZE);
    };
    DeviceRegistry::applyThreads();
    Workspace w;
    TensorSpec s;
    s.shape = *shape;
    s.factory = TensorSpec::Factory::Randn;
    auto cycle = [&](int i) {
        s.name = QStringLiteral("t%1").arg(i);
        s.seed = quint64(i);
        const Outcome a = w.create(s);
        const Outcome b = w.transfer(a.cardId, QStringLiteral("meta"), TransferMeaning::NewName);
        w.remove(a.cardId);
        w.remove(b.cardId);
    };
    for (int i = 0; i < 200; ++i) // warm up allocators and LibTorch's caches
        cycle(i);
    const qint64 baseline = rss();
    for (int i = 0; i < cycles; ++i)
        cycle(i);
    const qint64 after = rss();
    const QJsonObject result{{QStringLiteral("cycles"), cycles},
                             {QStringLiteral("shape"), TensorSpec::shapeText(*shape)},
                             {QStringLiteral("rss_baseline_bytes"), double(baseline)},
                             {QStringLiteral("rss_after_bytes"), double(after)},
                             {QStringLiteral("growth"), baseline > 0 ? double(after - baseline) / double(baseline) : 0.0},
                             {QStringLiteral("cards_left"), w.count()},
                             {QStringLiteral("code_log_lines"), int(w.codeLog().lines().size())}};
    m_out << QJsonDocument(result).toJson(QJsonDocument::Indented);
    return 0;
}

} // namespace tk
