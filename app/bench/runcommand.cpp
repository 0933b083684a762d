#include "bench/runcommand.h"

#include "core/devices/deviceregistry.h"
#include "core/console/pythonconsole.h"
#include "core/kitchen/requesthandler.h"
#include "core/kitchen/workspace.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tk {

int RunCommand::run(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Runs a PyTorch script through the console's engine and "
                                   "lists the cards it leaves, its moves and its error."));
    p.addHelpOption();
    QCommandLineOption format(QStringLiteral("format"), tr("json or text (default)."), QStringLiteral("format"),
                              QStringLiteral("text"));
    p.addOption(format);
    p.addPositionalArgument(QStringLiteral("script"), tr("The .py file to run."));
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
    if (p.positionalArguments().size() != 1)
        return fail(tr("Name one script: tensor-kitchen-bench run SCRIPT.py."));
    const QString path = p.positionalArguments().first();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot read %1: %2").arg(path, file.errorString()));
    const QString code = QString::fromUtf8(file.readAll());
    if (m_dryRun)
        return 0;

    DeviceRegistry::applyLibraryDefaults(); // the console's threads: python3's own
    Workspace w;
    // Python's own Ctrl+C handling, as `python SCRIPT.py` has it in a terminal.
    PythonConsole console(w, PythonConsole::Options{true});
    if (!console.start())
        return fail(console.status());
    // As python3 runs a file: no echo of expression values, so `output` is what it printed.
    const Outcome o
        = RequestHandler::perform(w, request::RunPython{code, true, QFileInfo(path).absoluteFilePath()}, &console);
    const ConsoleReply &r = o.console;

    QJsonArray cards;
    for (const CardInfo &c : w.cards())
        cards.append(cardJson(c));
    QJsonArray events;
    for (const MoveReport &m : o.moves)
        events.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("move")},
                                  {QStringLiteral("name"), m.sourceName},
                                  {QStringLiteral("result"), m.kitchen.resultName},
                                  {QStringLiteral("meaning"), meaningName(m.kitchen.meaning)},
                                  {QStringLiteral("from"), m.fromDevice},
                                  {QStringLiteral("to"), m.toDevice},
                                  {QStringLiteral("bytes"), double(m.bytes)},
                                  {QStringLiteral("seconds"), m.seconds},
                                  {QStringLiteral("code"), m.kitchen.codeLine}});
    if (r.raised())
        events.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("error")},
                                  {QStringLiteral("kind"), OpError::kindName(r.error.kind)},
                                  {QStringLiteral("exception"), r.exceptionType},
                                  {QStringLiteral("text"), r.exceptionText},
                                  {QStringLiteral("line"), r.errorLine},
                                  {QStringLiteral("traceback"), r.traceback}});
    if (fmt == QLatin1String("json")) {
        const QJsonObject root{{QStringLiteral("script"), path},
                               {QStringLiteral("cards"), cards},
                               {QStringLiteral("events"), events},
                               {QStringLiteral("output"), r.output},
                               // The console's own notes, apart from what the script printed.
                               {QStringLiteral("notices"), QJsonArray::fromStringList(o.notices)}};
        m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        m_out << r.output;
        // As python3 does: the traceback on stderr; the console's notes there too.
        m_err << r.traceback;
        for (const QString &n : o.notices)
            m_err << "# " << n << "\n";
        for (const MoveReport &m : o.moves)
            m_out << "→ " << m.describe() << "\n";
        for (const CardInfo &c : w.cards())
            m_out << QStringLiteral("%1  %2  %3\n").arg(c.name, c.device, c.summary);
    }
    return r.raised() ? 1 : 0;
}

} // namespace tk
