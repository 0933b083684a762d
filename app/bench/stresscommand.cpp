#include "bench/stresscommand.h"
#include "core/kitchen/koreanparticles.h"

#include "core/devices/deviceregistry.h"
#include "core/kitchen/workspace.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <unistd.h>

namespace tk {

int StressCommand::run(const QStringList &arguments)
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
        m_err << KoreanParticles::resolve((shape ? tr("--cycles takes a positive whole number.") : error)) << "\n";
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
    const QJsonObject result{
        {QStringLiteral("cycles"), cycles},
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
