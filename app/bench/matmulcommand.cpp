#include "bench/matmulcommand.h"

#include "core/races/matmulbench.h"
#include "core/races/matmullanes.h"
#include "core/races/matmulreport.h"

#include <QJsonObject>

namespace tk {

int MatmulCommand::run(const QStringList &arguments)
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
    QCommandLineOption modeOpt(QStringLiteral("mode"),
                               tr("compute, end-to-end or naive (GPU lanes; the CPU has no copies)."),
                               QStringLiteral("mode"), QStringLiteral("compute"));
    QCommandLineOption engineOpt(QStringLiteral("engine"),
                                 tr("libtorch (default: at::matmul in this process), python (`a @ b` "
                                    "timed by torch.utils.benchmark in the Python interpreter), or "
                                    "libtorch,python: a lane of each per device, interleaved."),
                                 QStringLiteral("list"), QStringLiteral("libtorch"));
    QCommandLineOption formatOpt(QStringLiteral("format"), tr("json, csv or text (default)."), QStringLiteral("format"),
                                 QStringLiteral("text"));
    p.addOptions({devicesOpt, sizesOpt, dtypeOpt, threadsOpt, minRunOpt, modeOpt, engineOpt, formatOpt});
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
    QList<MatmulEngine> engines;
    for (const QString &e : p.value(engineOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        MatmulEngine engine;
        if (!matmulEngineFromName(e.trimmed(), &engine))
            return fail(tr("--engine takes libtorch, python or both, not “%1”.").arg(e));
        if (!engines.contains(engine))
            engines << engine;
    }
    if (engines.isEmpty())
        return fail(tr("--engine takes libtorch, python or both."));
    for (const QString &d : p.value(devicesOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        for (MatmulEngine engine : std::as_const(engines)) {
            MatmulLane lane;
            lane.device = d.trimmed();
            lane.mode = lane.device == QLatin1String("cpu") ? MatmulMode::Compute : mode;
            lane.threads = lane.device == QLatin1String("cpu") ? threads : 0;
            lane.engine = engine;
            s.lanes << lane;
        }
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
    MatmulLanes lanes(s);
    if (QString error; !lanes.start(nullptr, &error))
        return fail(error);
    QList<MatmulResult> results;
    const int total = int(s.sizes.size() * s.lanes.size());
    for (int n : s.sizes) {
        for (int i = 0; i < s.lanes.size(); ++i) {
            QString error;
            auto r = lanes.runPoint(i, n, nullptr, &error);
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
    if (fmt == QLatin1String("json")) {
        QJsonObject receipt = MatmulReport::receipt(s, results);
        if (!lanes.pythonTorch().isEmpty()) // the Python lanes' own PyTorch: maybe not this LibTorch
            receipt[QStringLiteral("python_torch")] = lanes.pythonTorch();
        m_out << MatmulReport::toJson(receipt, results);
    } else if (fmt == QLatin1String("csv"))
        m_out << MatmulReport::toCsv(results);
    else
        m_out << MatmulReport::toText(results); // ends with the warning itself
    const MachineLoad load = MatmulReport::machineLoad(results);
    if (load.busy() && fmt != QLatin1String("text"))
        m_err << load.warning() << "\n";
    return 0;
}

} // namespace tk
