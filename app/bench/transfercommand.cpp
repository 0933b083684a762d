#include "bench/transfercommand.h"

#include "core/devices/deviceregistry.h"
#include "core/transfers/transferlab.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <limits>

namespace tk {

int TransferCommand::run(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Copy bandwidth against size. Without a GPU: host memory copies."));
    p.addHelpOption();
    QCommandLineOption devicesOpt(QStringLiteral("devices"),
                                  tr("Comma-separated cuda:N (default: every GPU, or the host)."),
                                  QStringLiteral("list"));
    QCommandLineOption sizesOpt(QStringLiteral("sizes"), tr("Comma-separated byte counts; K, M, G suffixes allowed."),
                                QStringLiteral("list"), QStringLiteral("1K,16K,256K,4M,64M,256M"));
    QCommandLineOption minRunOpt(QStringLiteral("min-run-time"), tr("Seconds per point (default 0.05)."),
                                 QStringLiteral("s"), QStringLiteral("0.05"));
    QCommandLineOption formatOpt(QStringLiteral("format"), tr("json or text (default)."), QStringLiteral("format"),
                                 QStringLiteral("text"));
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

} // namespace tk
