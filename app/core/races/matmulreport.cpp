#include "core/races/matmulreport.h"

#include "core/devices/deviceregistry.h"
#include "core/races/matmulbench.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QSysInfo>

namespace tk {

namespace {

QJsonObject resultJson(const MatmulResult &r)
{
    QJsonObject o;
    o[QStringLiteral("device")] = r.device;
    o[QStringLiteral("mode")] = matmulModeName(r.mode);
    o[QStringLiteral("engine")] = matmulEngineName(r.engine);
    o[QStringLiteral("n")] = r.n;
    o[QStringLiteral("dtype")] = r.dtype;
    o[QStringLiteral("threads")] = r.threads;
    o[QStringLiteral("median_s")] = r.medianS;
    o[QStringLiteral("iqr_s")] = r.iqrS;
    o[QStringLiteral("gflops")] = r.gflops;
    o[QStringLiteral("cold_s")] = r.coldS;
    o[QStringLiteral("number_per_run")] = double(r.numberPerRun);
    o[QStringLiteral("blocks")] = r.blocks;
    o[QStringLiteral("noisy")] = r.noisy;
    o[QStringLiteral("lane")] = r.lane;
    const bool measured = r.load.measured();
    o[QStringLiteral("other_load_cores")] = measured ? QJsonValue(r.load.otherCores) : QJsonValue();
    o[QStringLiteral("own_load_cores")] = measured ? QJsonValue(r.load.ownCores) : QJsonValue();
    o[QStringLiteral("load_cores")] = r.load.cores;
    o[QStringLiteral("load_window_s")] = r.load.windowS;
    return o;
}

// Files written before the machine's load was measured, or before the Python lane, still load.
const int kCsvColumnsWithoutLoad = 13;
const int kCsvColumnsWithoutEngine = 17;

QString loadNumber(double v, bool measured) { return measured ? QString::number(v, 'g', 17) : QString(); }

} // namespace

MachineLoad MatmulReport::machineLoad(const QList<MatmulResult> &results)
{
    MachineLoad load;
    for (const MatmulResult &r : results)
        if (r.device == QLatin1String("cpu"))
            load = load.merged(r.load);
    return load;
}

QJsonObject MatmulReport::receipt(const MatmulSettings &s, const QList<MatmulResult> &results)
{
    QJsonObject o = DeviceRegistry::knownBuildFacts().toJson(); // safe on the GUI thread (export)
    o[QStringLiteral("tool")] = QStringLiteral("Tensor Kitchen %1").arg(QStringLiteral(TK_VERSION));
    o[QStringLiteral("time_utc")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    o[QStringLiteral("os")] = QSysInfo::prettyProductName();
    o[QStringLiteral("hardware_threads")] = DeviceRegistry::hardwareThreads();
    QJsonArray devices;
    for (const DeviceInfo &d : DeviceRegistry::knownDevices())
        devices.append(QJsonObject{{QStringLiteral("id"), d.id}, {QStringLiteral("name"), d.name}});
    o[QStringLiteral("devices")] = devices;
    o[QStringLiteral("dtype")] = s.dtype;
    o[QStringLiteral("min_run_time_s")] = s.minRunTime;
    QJsonArray sizes;
    for (int n : s.sizes)
        sizes.append(n);
    o[QStringLiteral("sizes")] = sizes;
    QJsonArray lanes;
    for (const MatmulLane &l : s.lanes)
        lanes.append(QJsonObject{{QStringLiteral("device"), l.device},
                                 {QStringLiteral("mode"), matmulModeName(l.mode)},
                                 {QStringLiteral("threads"), l.threads},
                                 {QStringLiteral("engine"), matmulEngineName(l.engine)},
                                 {QStringLiteral("label"), l.label()}});
    o[QStringLiteral("lanes")] = lanes;
    o[QStringLiteral("method")]
        = QStringLiteral("torch.utils.benchmark blocked_autorange: cold first call timed alone; block grown x10 "
                         "until >= min_run_time/1000 and timer overhead <= 1e-4; blocks until min_run_time; "
                         "per-call median and IQR; CUDA synchronised before every clock read except in naive mode; "
                         "python lanes: torch.utils.benchmark.Timer.blocked_autorange itself, in the interpreter");
    machineLoad(results).addToReceipt(&o);
    return o;
}

QByteArray MatmulReport::toJson(const QJsonObject &receipt, const QList<MatmulResult> &results)
{
    QJsonArray arr;
    for (const MatmulResult &r : results)
        arr.append(resultJson(r));
    return QJsonDocument(QJsonObject{{QStringLiteral("receipt"), receipt}, {QStringLiteral("results"), arr}})
        .toJson(QJsonDocument::Indented);
}

QStringList MatmulReport::csvColumns()
{
    return {QStringLiteral("device"),
            QStringLiteral("mode"),
            QStringLiteral("n"),
            QStringLiteral("dtype"),
            QStringLiteral("threads"),
            QStringLiteral("median_s"),
            QStringLiteral("iqr_s"),
            QStringLiteral("gflops"),
            QStringLiteral("cold_s"),
            QStringLiteral("number_per_run"),
            QStringLiteral("blocks"),
            QStringLiteral("noisy"),
            QStringLiteral("lane"),
            QStringLiteral("other_load_cores"),
            QStringLiteral("own_load_cores"),
            QStringLiteral("load_cores"),
            QStringLiteral("load_window_s"),
            QStringLiteral("engine")};
}

QByteArray MatmulReport::toCsv(const QList<MatmulResult> &results)
{
    QStringList lines{csvColumns().join(QLatin1Char(','))};
    for (const MatmulResult &r : results) {
        lines << QStringList{r.device,
                             matmulModeName(r.mode),
                             QString::number(r.n),
                             r.dtype,
                             QString::number(r.threads),
                             QString::number(r.medianS, 'g', 17),
                             QString::number(r.iqrS, 'g', 17),
                             QString::number(r.gflops, 'g', 17),
                             QString::number(r.coldS, 'g', 17),
                             QString::number(r.numberPerRun),
                             QString::number(r.blocks),
                             r.noisy ? QStringLiteral("1") : QStringLiteral("0"),
                             QString::number(r.lane),
                             loadNumber(r.load.otherCores, r.load.measured()),
                             loadNumber(r.load.ownCores, r.load.measured()),
                             QString::number(r.load.cores),
                             QString::number(r.load.windowS, 'g', 17),
                             matmulEngineName(r.engine)}
                     .join(QLatin1Char(','));
    }
    return (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8();
}

QString MatmulReport::toText(const QList<MatmulResult> &results)
{
    QStringList lines;
    lines << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9")
                 .arg(QStringLiteral("device"), -8)
                 .arg(QStringLiteral("mode"), -11)
                 .arg(QStringLiteral("engine"), -8)
                 .arg(QStringLiteral("thr"), 3)
                 .arg(QStringLiteral("N"), 6)
                 .arg(QStringLiteral("median"), 12)
                 .arg(QStringLiteral("IQR"), 10)
                 .arg(QStringLiteral("GFLOP/s"), 9)
                 .arg(QStringLiteral("cold"), 12);
    for (const MatmulResult &r : results) {
        lines << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9%10")
                     .arg(r.device, -8)
                     .arg(matmulModeName(r.mode), -11)
                     .arg(matmulEngineName(r.engine), -8)
                     .arg(r.threads, 3)
                     .arg(r.n, 6)
                     .arg(QStringLiteral("%1 ms").arg(r.medianS * 1e3, 0, 'g', 4), 12)
                     .arg(QStringLiteral("%1 %").arg(r.medianS > 0 ? 100 * r.iqrS / r.medianS : 0, 0, 'f', 1), 10)
                     .arg(r.gflops, 9, 'f', 1)
                     .arg(QStringLiteral("%1 ms").arg(r.coldS * 1e3, 0, 'g', 4), 12)
                     .arg(r.noisy ? QStringLiteral("  noisy: IQR > 10 % of median") : QString());
    }
    const MachineLoad load = machineLoad(results);
    if (load.measured())
        lines << QStringLiteral("other processes used %1 of %2 cores while the CPU lanes were timed (%3 s)")
                     .arg(load.otherCores, 0, 'f', 2)
                     .arg(load.cores)
                     .arg(load.windowS, 0, 'f', 2);
    lines << pythonCost(results);
    if (load.busy())
        lines << QStringLiteral("warning: ") + load.warning(false);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool MatmulReport::fromJson(const QByteArray &data, QJsonObject *receipt, QList<MatmulResult> *results, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = tr("Not a race file: %1").arg(pe.errorString());
        return false;
    }
    const QJsonObject root = doc.object();
    if (!root.value(QStringLiteral("results")).isArray()) {
        *error = tr("Not a race file: it has no results.");
        return false;
    }
    *receipt = root.value(QStringLiteral("receipt")).toObject();
    results->clear();
    for (const QJsonValue &v : root.value(QStringLiteral("results")).toArray()) {
        const QJsonObject o = v.toObject();
        MatmulResult r;
        r.device = o.value(QStringLiteral("device")).toString();
        if (!matmulModeFromName(o.value(QStringLiteral("mode")).toString(), &r.mode)) {
            *error = tr("Unknown mode in race file.");
            return false;
        }
        r.n = o.value(QStringLiteral("n")).toInt();
        r.dtype = o.value(QStringLiteral("dtype")).toString();
        r.threads = o.value(QStringLiteral("threads")).toInt();
        r.medianS = o.value(QStringLiteral("median_s")).toDouble();
        r.iqrS = o.value(QStringLiteral("iqr_s")).toDouble();
        r.gflops = o.value(QStringLiteral("gflops")).toDouble();
        r.coldS = o.value(QStringLiteral("cold_s")).toDouble();
        r.numberPerRun = qint64(o.value(QStringLiteral("number_per_run")).toDouble());
        r.blocks = o.value(QStringLiteral("blocks")).toInt();
        r.noisy = o.value(QStringLiteral("noisy")).toBool();
        r.lane = o.value(QStringLiteral("lane")).toInt();
        if (!matmulEngineFromName(o.value(QStringLiteral("engine")).toString(QStringLiteral("libtorch")), &r.engine)) {
            *error = tr("Unknown engine in race file.");
            return false;
        }
        r.load.otherCores = o.value(QStringLiteral("other_load_cores")).toDouble(-1);
        r.load.ownCores = o.value(QStringLiteral("own_load_cores")).toDouble();
        r.load.cores = o.value(QStringLiteral("load_cores")).toInt();
        r.load.windowS = o.value(QStringLiteral("load_window_s")).toDouble();
        *results << r;
    }
    return true;
}

bool MatmulReport::fromCsv(const QByteArray &data, QList<MatmulResult> *results, QString *error)
{
    QList<QByteArray> lines = data.trimmed().split('\n');
    const QString header = lines.isEmpty() ? QString() : QString::fromUtf8(lines.first()).trimmed();
    int columns = int(csvColumns().size());
    if (header != csvColumns().join(QLatin1Char(','))) {
        columns = 0;
        for (int older : {kCsvColumnsWithoutEngine, kCsvColumnsWithoutLoad})
            if (header == csvColumns().mid(0, older).join(QLatin1Char(',')))
                columns = older;
        if (columns == 0) {
            *error = tr("Not a race CSV: the header differs.");
            return false;
        }
    }
    results->clear();
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList f = QString::fromUtf8(lines.at(i)).trimmed().split(QLatin1Char(','));
        if (f.size() != columns) {
            *error = tr("Line %1 has %2 fields, not %3.").arg(i + 1).arg(f.size()).arg(columns);
            return false;
        }
        MatmulResult r;
        r.device = f[0];
        if (!matmulModeFromName(f[1], &r.mode)) {
            *error = tr("Line %1: unknown mode “%2”.").arg(i + 1).arg(f[1]);
            return false;
        }
        r.n = f[2].toInt();
        r.dtype = f[3];
        r.threads = f[4].toInt();
        r.medianS = f[5].toDouble();
        r.iqrS = f[6].toDouble();
        r.gflops = f[7].toDouble();
        r.coldS = f[8].toDouble();
        r.numberPerRun = f[9].toLongLong();
        r.blocks = f[10].toInt();
        r.noisy = f[11] == QLatin1String("1");
        r.lane = f[12].toInt();
        if (columns > kCsvColumnsWithoutLoad) {
            r.load.otherCores = f[13].isEmpty() ? -1 : f[13].toDouble();
            r.load.ownCores = f[14].toDouble();
            r.load.cores = f[15].toInt();
            r.load.windowS = f[16].toDouble();
        }
        if (columns > kCsvColumnsWithoutEngine && !matmulEngineFromName(f[17], &r.engine)) {
            *error = tr("Line %1: unknown engine “%2”.").arg(i + 1).arg(f[17]);
            return false;
        }
        *results << r;
    }
    return true;
}

QStringList MatmulReport::pythonCost(const QList<MatmulResult> &results)
{
    // Python lane's point → the C++ point it is measured against.
    QMap<QString, QMap<int, std::pair<MatmulResult, MatmulResult>>> pairs; // lane key → N → (py, c++)
    for (const MatmulResult &py : results) {
        if (py.engine != MatmulEngine::Python)
            continue;
        for (const MatmulResult &cpp : results) {
            if (cpp.engine == MatmulEngine::LibTorch && cpp.device == py.device && cpp.mode == py.mode
                && cpp.threads == py.threads && cpp.n == py.n && cpp.dtype == py.dtype) {
                const QString key = py.device + QLatin1Char(' ') + matmulModeName(py.mode) + QLatin1Char(' ')
                    + QString::number(py.threads);
                pairs[key][py.n] = {py, cpp};
                break;
            }
        }
    }
    auto seconds
        = [](double s) { return s < 1e-3 ? tr("%1 µs").arg(s * 1e6, 0, 'f', 1) : tr("%1 ms").arg(s * 1e3, 0, 'f', 2); };
    QStringList lines;
    for (auto lane = pairs.cbegin(); lane != pairs.cend(); ++lane) {
        const auto &[pySmall, cppSmall] = lane->first();
        const auto &[pyLarge, cppLarge] = lane->last();
        QString line = tr("%1: at N = %2 Python's a @ b takes %3, C++'s %4: %5 per call is Python's "
                          "(%6×).")
                           .arg(pySmall.device)
                           .arg(pySmall.n)
                           .arg(seconds(pySmall.medianS), seconds(cppSmall.medianS),
                                seconds(std::max(0.0, pySmall.medianS - cppSmall.medianS)))
                           .arg(pySmall.medianS / cppSmall.medianS, 0, 'f', 2);
        if (lane->size() > 1)
            line += QLatin1Char(' ')
                + tr("At N = %1 the ratio is %2× (Python %3, C++ %4).")
                      .arg(pyLarge.n)
                      .arg(pyLarge.medianS / cppLarge.medianS, 0, 'f', 3)
                      .arg(seconds(pyLarge.medianS), seconds(cppLarge.medianS));
        lines << line;
    }
    return lines;
}

} // namespace tk
