#include "bench/loadcommand.h"

#include "devices/deviceregistry.h"
#include "kitchen/workspace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tk {

int LoadCommand::run(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Lists the cards a .pt or .safetensors file makes, as File → Load would."));
    p.addHelpOption();
    QCommandLineOption format(QStringLiteral("format"), tr("json or text (default)."),
                              QStringLiteral("format"), QStringLiteral("text"));
    QCommandLineOption device(QStringLiteral("device"), tr("Where the cards go (default cpu)."),
                              QStringLiteral("device"), QStringLiteral("cpu"));
    p.addOptions({format, device});
    p.addPositionalArgument(QStringLiteral("file"), tr("The .pt, .pth or .safetensors file."));
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
    if (p.positionalArguments().size() != 1)
        return fail(tr("Name one file: tensor-kitchen-bench load FILE."));
    if (m_dryRun)
        return 0;
    const QString file = p.positionalArguments().first();
    DeviceRegistry::applyThreads();
    Workspace w;
    QList<int> created;
    const Outcome o = w.loadPt(file, p.value(device), &created);
    if (!o.ok()) {
        m_err << o.error.message << "\n";
        if (!o.error.details.isEmpty())
            m_err << o.error.details << "\n";
        return 3; // refused: not a bad argument, not a failed measurement
    }
    QJsonArray cards;
    for (int id : std::as_const(created))
        cards.append(cardJson(*w.card(id)));
    if (fmt == QLatin1String("json")) {
        QJsonObject root{{QStringLiteral("file"), file},
                         {QStringLiteral("cards"), cards},
                         {QStringLiteral("notices"), QJsonArray::fromStringList(o.notices)}};
        m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    for (int id : std::as_const(created)) {
        const CardInfo c = *w.card(id);
        QStringList dims;
        for (qint64 d : c.shape)
            dims << QString::number(d);
        m_out << QStringLiteral("%1  [%2]  %3  %4  ◆%5\n")
                     .arg(c.name, dims.join(QStringLiteral(", ")), c.dtype, c.device)
                     .arg(c.storageId);
    }
    for (const QString &n : o.notices)
        m_out << n << "\n";
    return 0;
}

} // namespace tk
