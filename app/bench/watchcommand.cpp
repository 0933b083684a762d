#include "bench/watchcommand.h"
#include "core/kitchen/koreanparticles.h"

#include "core/watch/watchedprogram.h"
#include "core/watch/watchfindings.h"
#include "core/watch/watchplace.h"
#include "core/watch/watchreplay.h"
#include "core/watch/watchserver.h"
#include "core/watch/watchtrace.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QPointer>
#include <QTimer>

namespace tk {

namespace {

QString stateName(WatchedProgram::State s)
{
    switch (s) {
    case WatchedProgram::State::AwaitingHello:
        return QStringLiteral("connecting");
    case WatchedProgram::State::Running:
        return QStringLiteral("running");
    case WatchedProgram::State::Ended:
        return QStringLiteral("ended");
    case WatchedProgram::State::Refused:
        return QStringLiteral("refused");
    }
    return {};
}

QJsonValue bytesOrNull(qint64 v) { return v >= 0 ? QJsonValue(double(v)) : QJsonValue(QJsonValue::Null); }

QString size(qint64 bytes) { return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat); }

} // namespace

int WatchCommand::run(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Watches PyTorch programs run under `python3 -m tensorkitchen` "
                                   "(or replays a recording of one) and prints what they did: "
                                   "moves, errors, steps, peak memory per device."));
    p.addHelpOption();
    QCommandLineOption listen(QStringLiteral("listen"), tr("Listen on the watch socket."));
    QCommandLineOption socket(QStringLiteral("socket"),
                              tr("The socket's path (default: as the app, %1).").arg(WatchServer::socketPath()),
                              QStringLiteral("path"));
    QCommandLineOption timeout(QStringLiteral("timeout"), tr("Seconds to listen at most (default 300)."),
                               QStringLiteral("s"), QStringLiteral("300"));
    QCommandLineOption programs(QStringLiteral("programs"), tr("Stop after this many programs ended (default 1)."),
                                QStringLiteral("n"), QStringLiteral("1"));
    QCommandLineOption replay(QStringLiteral("replay"),
                              tr("Replay a recording (.tkwatch); with --format trace, once per rank."),
                              QStringLiteral("file"));
    QCommandLineOption speed(QStringLiteral("speed"),
                             tr("Replay speed: 1 the recording's pace, 4 four times faster, 0 as "
                                "fast as possible (default 0)."),
                             QStringLiteral("x"), QStringLiteral("0"));
    QCommandLineOption format(QStringLiteral("format"),
                              tr("json, text (default), or trace: Chrome trace JSON for Perfetto "
                                 "and chrome://tracing (with --replay, one or more recordings)."),
                              QStringLiteral("format"), QStringLiteral("text"));
    p.addOptions({listen, socket, timeout, programs, replay, speed, format});
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text"), QStringLiteral("trace")}))
        return 2;
    if (fmt == QLatin1String("trace"))
        return writeTrace(p.values(replay), p.isSet(listen));
    if (p.isSet(listen) == p.isSet(replay))
        return fail(tr("Say --listen or --replay FILE (one of them)."));
    bool ok = false;
    const double seconds = p.value(timeout).toDouble(&ok);
    if (!ok || !(seconds > 0) || seconds > 7 * 24 * 3600)
        return fail(tr("--timeout takes seconds (more than 0), not “%1”.").arg(p.value(timeout)));
    const int wanted = p.value(programs).toInt(&ok);
    if (!ok || wanted < 1 || wanted > WatchServer::kMaxConnections)
        return fail(tr("--programs takes a number from 1 to %1, not “%2”.")
                        .arg(WatchServer::kMaxConnections)
                        .arg(p.value(programs)));
    const double factor = p.value(speed).toDouble(&ok);
    if (!ok || !(factor >= 0) || factor > 1e6)
        return fail(tr("--speed takes a factor (0 for as fast as possible), not “%1”.").arg(p.value(speed)));
    if (!p.positionalArguments().isEmpty())
        return fail(tr("Unexpected argument “%1”.").arg(p.positionalArguments().first()));
    if (m_dryRun)
        return 0;

    QEventLoop loop;
    QList<QPointer<WatchedProgram>> seen;
    QJsonArray refusals;
    bool timedOut = false;
    const bool json = fmt == QLatin1String("json");
    QJsonArray programList;
    auto report = [&](WatchedProgram &program) {
        program.flush();
        if (json)
            programList.append(programJson(program));
        else
            printText(program);
    };
    int rc = 0;
    WatchServer server;
    QJsonObject root;
    if (p.isSet(listen)) {
        const QString path = p.isSet(socket) ? p.value(socket) : WatchServer::socketPath();
        if (!server.listen(path))
            return fail(server.errorString());
        root.insert(QStringLiteral("socket"), path);
        m_err << KoreanParticles::resolve(tr("Listening at %1").arg(path)) << "\n";
        m_err.flush(); // a script waits for this line before it starts the program
        int done = 0;
        auto oneDone = [&] {
            if (++done >= wanted)
                loop.quit();
        };
        QObject::connect(&server, &WatchServer::programConnected, &loop, [&](WatchedProgram *program) {
            program->setKeepsTrace(false); // JSON and text print no trace
            seen.append(program);
            QObject::connect(program, &WatchedProgram::ended, &loop, oneDone);
            QObject::connect(program, &WatchedProgram::refused, &loop, oneDone);
        });
        QObject::connect(&server, &WatchServer::programRefused, &loop, [&](qint64 pid, const QString &reason) {
            refusals.append(QJsonObject{{QStringLiteral("pid"), double(pid)}, {QStringLiteral("reason"), reason}});
            oneDone();
        });
        QTimer::singleShot(int(seconds * 1000), &loop, [&] {
            timedOut = true;
            loop.quit();
        });
        loop.exec();
        if (timedOut)
            rc = 1; // fewer programs ended than asked for: what came is still printed
    } else {
        // Each recording in turn (a job's ranks are several): every program is printed.
        QJsonArray files;
        for (const QString &file : p.values(replay)) {
            files.append(file);
            auto *player = new WatchReplay(&loop);
            if (!player->open(file)) {
                m_err << KoreanParticles::resolve(player->errorString()) << "\n";
                return 3; // refused, as load refuses a file
            }
            player->setSpeed(factor);
            player->program()->setKeepsTrace(false); // JSON and text print no trace
            QEventLoop one;
            QObject::connect(player, &WatchReplay::failed, &one, [&](const QString &reason) {
                refusals.append(QJsonObject{{QStringLiteral("pid"), 0}, {QStringLiteral("reason"), reason}});
                rc = 3;
            });
            QObject::connect(player, &WatchReplay::notice, &one, [&](const QString &text) { m_err << text << "\n"; });
            QObject::connect(player, &WatchReplay::finished, &one, &QEventLoop::quit);
            player->start();
            one.exec();
            // Reported as soon as it ends, then let go: a job's recordings are held one at a time.
            report(*player->program());
            delete player;
        }
        // One file: "file" as before; several: "files", in the order given.
        if (files.size() == 1)
            root.insert(QStringLiteral("file"), files.first());
        else
            root.insert(QStringLiteral("files"), files);
    }

    for (const QPointer<WatchedProgram> &program : std::as_const(seen))
        if (program)
            report(*program);
    if (json) {
        root.insert(QStringLiteral("programs"), programList);
        root.insert(QStringLiteral("refused"), refusals);
        root.insert(QStringLiteral("timed_out"), timedOut);
        writeUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    } else {
        for (const QJsonValue &r : std::as_const(refusals))
            m_out << tr("refused: %1").arg(r[QStringLiteral("reason")].toString()) << "\n";
        if (timedOut)
            m_out << tr("The time ran out before every program asked for (%1) ended.").arg(wanted) << "\n";
    }
    return rc;
}

// Recordings as one Chrome trace (Perfetto, chrome://tracing): the ranks of a job given as
// several --replay files become one timeline with a process per rank.
int WatchCommand::writeTrace(const QStringList &files, bool listening)
{
    if (listening || files.isEmpty())
        return fail(tr("--format trace takes recordings: --replay FILE, as many as the job has."));
    if (m_dryRun)
        return 0;
    WatchTrace trace;
    for (const QString &file : files) {
        QString error;
        if (!trace.addRecording(file, &error)) {
            m_err << KoreanParticles::resolve(error) << "\n";
            return 3;
        }
        // What the recording shows (WatchFindings), as instants of its process.
        // Read a block at a time, as the app reads it: a recording over 256 MiB gets its
        // timeline without findings.
        QFile f(file);
        if (f.open(QIODevice::ReadOnly) && f.size() <= (qint64(256) << 20)) {
            WatchedProgram program;
            while (!f.atEnd()) {
                const QByteArray block = f.read(1 << 20);
                if (block.isEmpty())
                    break;
                program.feed(block);
            }
            program.finishInput();
            trace.addFindings(program.hello().pid, WatchFindings::of(program));
        } else {
            m_err << KoreanParticles::resolve(
                tr("%1: too large to look for findings; the timeline is complete.").arg(file))
                  << "\n";
        }
    }
    if (QIODevice *device = m_out.device()) {
        m_out.flush(); // what came before, then the trace straight to the device
        if (!WatchTrace::write(device, {&trace}) || device->write("\n") != 1) {
            m_err << tr("Could not write the trace: %1").arg(device->errorString()) << "\n";
            return 1;
        }
    } else {
        writeUtf8(trace.toJson() + '\n');
    }
    if (trace.leftOut() > 0)
        m_err
            << tr("%1 events were left out: a trace holds at most %2.").arg(trace.leftOut()).arg(WatchTrace::kMaxEvents)
            << "\n";
    return 0;
}

QJsonObject WatchCommand::programJson(const WatchedProgram &w)
{
    const WatchHello &h = w.hello();
    QJsonArray devices;
    QJsonObject peaks;
    for (const WatchDevice &d : w.devices()) {
        devices.append(QJsonObject{{QStringLiteral("device"), d.device},
                                   {QStringLiteral("name"), d.name},
                                   {QStringLiteral("total"), bytesOrNull(d.total)},
                                   {QStringLiteral("peak_allocated"), bytesOrNull(d.peakAllocated)},
                                   {QStringLiteral("peak_reserved"), bytesOrNull(d.peakReserved)},
                                   {QStringLiteral("peak_rss"), bytesOrNull(d.peakRss)}});
        peaks.insert(d.device, bytesOrNull(d.peakUsed()));
    }
    // The latest kListed moves and collectives: a long run's JSON stays readable (and the
    // replay holds no million objects); move_count and collective_count say how many there were.
    const WatchKept<MoveReport> &kept = w.moves();
    QJsonArray moves;
    for (const MoveReport &m : kept.mid(qMax(qsizetype(0), kept.size() - kListed)))
        moves.append(
            QJsonObject{{QStringLiteral("id"), double(m.program.id)},
                        {QStringLiteral("name"), m.sourceName},
                        {QStringLiteral("api"), m.program.api},
                        {QStringLiteral("from"), m.fromDevice},
                        {QStringLiteral("to"), m.toDevice},
                        {QStringLiteral("bytes"), double(m.bytes)},
                        {QStringLiteral("seconds"), m.timed ? QJsonValue(m.seconds) : QJsonValue()},
                        {QStringLiteral("timing"), m.timing},
                        {QStringLiteral("pinned"), m.program.pinned},
                        {QStringLiteral("non_blocking"), m.program.nonBlocking},
                        {QStringLiteral("step"), m.program.step},
                        {QStringLiteral("file"), m.program.file},
                        {QStringLiteral("line"), m.program.line},
                        {QStringLiteral("cell"), m.program.cell > 0 ? QJsonValue(m.program.cell) : QJsonValue()}});
    // A notebook's cells (the step chart's bars while it makes no optimizer steps).
    QJsonArray cells;
    for (const WatchStep &s : w.steps())
        if (s.isCell)
            cells.append(QJsonObject{{QStringLiteral("cell"), double(s.n)},
                                     {QStringLiteral("seconds"), s.seconds},
                                     {QStringLiteral("moves"), double(s.moves)},
                                     {QStringLiteral("bytes"), double(s.bytes)},
                                     {QStringLiteral("error"), s.failed}});
    QJsonArray findings;
    for (const WatchFinding &f : WatchFindings::of(w))
        findings.append(WatchFindings::toJson(f));
    QJsonObject notChecked; // a kind this run could not check, and why
    const QMap<QString, QString> unchecked = WatchFindings::notChecked(w);
    for (auto it = unchecked.constBegin(); it != unchecked.constEnd(); ++it)
        notChecked.insert(it.key(), it.value());
    const QList<WatchCollective> &keptCollectives = w.collectives();
    QJsonArray collectives;
    for (const WatchCollective &c : keptCollectives.mid(qMax(qsizetype(0), keptCollectives.size() - kListed)))
        collectives.append(QJsonObject{{QStringLiteral("op"), c.op},
                                       {QStringLiteral("seconds"), c.seconds},
                                       {QStringLiteral("bytes"), double(c.bytes)},
                                       {QStringLiteral("async"), c.asynchronous},
                                       {QStringLiteral("step"), double(c.step)},
                                       {QStringLiteral("file"), c.file},
                                       {QStringLiteral("line"), c.line}});
    QJsonArray errors;
    for (const OpError &e : w.errors())
        errors.append(QJsonObject{{QStringLiteral("kind"), OpError::kindName(e.kind)},
                                  {QStringLiteral("exception"), e.exceptionType},
                                  {QStringLiteral("message"), e.message},
                                  {QStringLiteral("devices"), QJsonArray::fromStringList(e.devices)},
                                  {QStringLiteral("file"), e.sourceFile},
                                  {QStringLiteral("line"), e.sourceLine},
                                  {QStringLiteral("cell"), e.sourceCell > 0 ? QJsonValue(e.sourceCell) : QJsonValue()},
                                  {QStringLiteral("code"), e.codeLine},
                                  {QStringLiteral("caught"), e.caught},
                                  {QStringLiteral("traceback"), e.details}});
    QJsonArray cards;
    for (const WatchCard &c : w.cards()) {
        QJsonArray shape;
        for (qint64 d : c.shape)
            shape.append(double(d));
        cards.append(QJsonObject{{QStringLiteral("name"), c.name},
                                 {QStringLiteral("kind"), c.kind},
                                 {QStringLiteral("device"), c.device},
                                 {QStringLiteral("shape"), shape},
                                 {QStringLiteral("dtype"), c.dtype},
                                 {QStringLiteral("bytes"), double(c.bytes)}});
    }
    const WatchCounters n = w.counters();
    return QJsonObject{
        {QStringLiteral("pid"), double(h.pid)},
        {QStringLiteral("program"), h.program},
        {QStringLiteral("argv"), QJsonArray::fromStringList(h.argv)},
        {QStringLiteral("python"), h.python},
        {QStringLiteral("torch"), h.torch},
        {QStringLiteral("cuda"), h.cuda.isEmpty() ? QJsonValue() : QJsonValue(h.cuda)},
        // A rank of a job, as the app's job tab shows it; null for a program of its own.
        {QStringLiteral("rank"), h.rank >= 0 ? QJsonValue(h.rank) : QJsonValue()},
        {QStringLiteral("local_rank"), h.rank >= 0 && h.localRank >= 0 ? QJsonValue(h.localRank) : QJsonValue()},
        {QStringLiteral("world_size"), h.rank >= 0 ? QJsonValue(h.worldSize) : QJsonValue()},
        {QStringLiteral("job"), h.rank >= 0 && !h.group.isEmpty() ? QJsonValue(h.group) : QJsonValue()},
        {QStringLiteral("backend"), h.backend.isEmpty() ? QJsonValue() : QJsonValue(h.backend)},
        {QStringLiteral("state"), stateName(w.state())},
        {QStringLiteral("refusal"), w.refusal()},
        {QStringLiteral("ended_by"),
         w.state() != WatchedProgram::State::Ended
             ? QJsonValue()
             : QJsonValue(w.endedByBye() ? QStringLiteral("bye") : QStringLiteral("end of stream"))},
        {QStringLiteral("exit_code"), w.hasExitCode() ? QJsonValue(w.exitCode()) : QJsonValue()},
        {QStringLiteral("devices"), devices},
        {QStringLiteral("peak_memory"), peaks},
        {QStringLiteral("moves"), moves},
        {QStringLiteral("move_count"), double(w.moveCount())},
        {QStringLiteral("errors"), errors},
        {QStringLiteral("cards"), cards},
        {QStringLiteral("steps"), double(w.stepCount())},
        {QStringLiteral("cells"), cells},
        {QStringLiteral("collectives"), collectives},
        {QStringLiteral("collective_count"), double(w.collectiveCount())},
        {QStringLiteral("findings"), findings},
        {QStringLiteral("not_checked"), notChecked},
        {QStringLiteral("data_waits"), double(w.dataWaitCount())},
        {QStringLiteral("notices"), QJsonArray::fromStringList(w.notices())},
        {QStringLiteral("recording_capped"),
         !w.recordingCap() ? QJsonValue()
                           : QJsonObject{{QStringLiteral("t"), w.recordingCap()->at},
                                         {QStringLiteral("max_bytes"), double(w.recordingCap()->maxBytes)},
                                         {QStringLiteral("bytes"), double(w.recordingCap()->bytes)},
                                         {QStringLiteral("lines"), double(w.recordingCap()->lines)},
                                         {QStringLiteral("steps"), double(w.recordingCap()->steps)}}},
        {QStringLiteral("counters"),
         QJsonObject{{QStringLiteral("malformed"), double(n.malformed)},
                     {QStringLiteral("oversized"), double(n.oversized)},
                     {QStringLiteral("unknown"), double(n.unknown)},
                     {QStringLiteral("dropped"), double(n.dropped)},
                     {QStringLiteral("unmatched"), double(n.unmatched)}}},
    };
}

void WatchCommand::printText(const WatchedProgram &w)
{
    const WatchHello &h = w.hello();
    QStringList devices;
    for (const WatchDevice &d : w.devices())
        devices << d.device;
    if (w.state() == WatchedProgram::State::Refused && h.pid == 0)
        return; // refused before its hello: the refusals below say why
    m_out << tr("%1 (pid %2), torch %3, devices %4: %5")
                 .arg(h.program)
                 .arg(h.pid)
                 .arg(h.torch, devices.join(QStringLiteral(", ")), stateName(w.state()))
          << "\n";
    if (!w.refusal().isEmpty())
        m_out << "  " << w.refusal() << "\n";
    for (const MoveReport &m : w.moves())
        m_out << QStringLiteral("  move %1 %2 → %3  %4  %5  %6\n")
                     .arg(m.sourceName.isEmpty() ? QStringLiteral("-") : m.sourceName, m.fromDevice, m.toDevice,
                          size(m.bytes), m.timed ? tr("%1 ms").arg(m.seconds * 1e3, 0, 'f', 3) : tr("time not known"),
                          m.program.cell > 0 ? WatchPlace::compact(m.program.file, m.program.line, m.program.cell)
                                             : QStringLiteral("%1:%2").arg(m.program.file).arg(m.program.line));
    for (const OpError &e : w.errors())
        m_out << QStringLiteral("  error %1: %2 [%3]  %4\n")
                     .arg(OpError::kindName(e.kind), e.message, e.devices.join(QStringLiteral(", ")),
                          e.sourceCell > 0 ? WatchPlace::compact(e.sourceFile, e.sourceLine, e.sourceCell)
                                           : QStringLiteral("%1:%2").arg(e.sourceFile).arg(e.sourceLine));
    m_out << "  "
          << tr("%1 steps, %2 data waits")
                 .arg(w.stepCount() > 0 ? w.stepCount() : w.steps().size())
                 .arg(w.dataWaitCount())
          << "\n";
    for (const WatchFinding &f : WatchFindings::of(w))
        m_out << "  " << tr("finding %1 at %2: %3").arg(f.kind, WatchPlace::compact(f.file, f.line, f.cell), f.evidence)
              << "\n"
              << "    " << f.code << "\n";
    const QMap<QString, QString> unchecked = WatchFindings::notChecked(w);
    for (auto it = unchecked.constBegin(); it != unchecked.constEnd(); ++it)
        m_out << "  " << tr("not checked %1: %2").arg(it.key(), it.value()) << "\n";
    for (const WatchDevice &d : w.devices())
        if (d.peakUsed() >= 0)
            m_out << "  " << tr("peak %1: %2").arg(d.device, size(d.peakUsed())) << "\n";
    const WatchCounters n = w.counters();
    m_out << "  "
          << tr("lost: %1 malformed, %2 oversized, %3 unknown, %4 dropped by the watcher")
                 .arg(n.malformed)
                 .arg(n.oversized)
                 .arg(n.unknown)
                 .arg(n.dropped)
          << "\n";
}

} // namespace tk
