#include "core/watch/watchedprogram.h"

#include "core/watch/private/thin.h"

#include <algorithm>

namespace tk {

WatchedProgram::WatchedProgram(QObject *parent) : QObject(parent)
{
    m_batchTimer.setSingleShot(true);
    m_batchTimer.setInterval(kDefaultBatchMs);
    connect(&m_batchTimer, &QTimer::timeout, this, &WatchedProgram::flush);
}

void WatchedProgram::feed(const QByteArray &bytes)
{
    // Lines of this call only: a slot of refused() may end the stream (finishInput) meanwhile.
    QList<QByteArray> lines;
    m_reader.feed(bytes, &lines);
    countOversized(m_reader.takeOversized());
    for (const QByteArray &line : std::as_const(lines))
        receive(WatchParser::parse(line));
}

void WatchedProgram::finishInput()
{
    QList<QByteArray> lines;
    m_reader.finish(&lines);
    for (const QByteArray &line : std::as_const(lines))
        receive(WatchParser::parse(line));
    if (m_state == State::AwaitingHello)
        refuse(tr("The stream ended before the program said hello: it is not a Tensor Kitchen "
                  "watch stream, or it is empty or damaged."));
    else if (m_state == State::Running)
        end(false);
    flush();
}

void WatchedProgram::countOversized(qint64 lines)
{
    if (lines <= 0)
        return;
    m_counters.oversized += lines;
    m_countersChanged = true;
    scheduleFlush();
}

void WatchedProgram::receive(WatchParser::Result parsed)
{
    if (m_state == State::Ended || m_state == State::Refused) {
        ++m_counters.ignored;
        return; // nobody listens for counters of a finished stream: no signal
    }
    if (!parsed.ok()) {
        ++(parsed.rejection == WatchParser::Rejection::Unknown ? m_counters.unknown : m_counters.malformed);
        m_countersChanged = true;
        scheduleFlush();
        return;
    }
    share(parsed.message); // in place: a line's message is taken once, not copied
    take(parsed.message);
    // A window's other messages, while the stream still takes them (one may refuse it).
    for (WatchMessage &m : parsed.rest) {
        if (m_state != State::Running)
            break;
        share(m);
        take(m);
    }
}

void WatchedProgram::share(WatchMessage &m)
{
    bool kept = true;
    const auto keep = [&](QString &s) { kept = m_texts.share(s) && kept; };
    if (auto *move = std::get_if<MoveReport>(&m.body)) {
        for (QString *s :
             {&move->sourceName, &move->fromDevice, &move->requestedDevice, &move->toDevice, &move->program.api,
              &move->program.file, &move->timing, &move->program.className, &move->program.dtype})
            keep(*s);
    } else if (auto *step = std::get_if<message::Step>(&m.body)) {
        keep(step->step.optimizer);
        keep(step->step.file);
        keep(step->step.gpuIdleFile);
        for (WatchCall &c : step->calls) {
            keep(c.what);
            keep(c.device);
            keep(c.file);
        }
    } else if (auto *wait = std::get_if<WatchDataWait>(&m.body)) {
        keep(wait->dataset);
        keep(wait->file);
        keep(wait->loaderFile);
        keep(wait->loaderSettings);
    } else if (auto *collective = std::get_if<WatchCollective>(&m.body)) {
        keep(collective->op);
        keep(collective->file);
    } else {
        return;
    }
    if (!kept && !m_textsSpent) {
        m_textsSpent = true;
        const QString text = tr("The program sent more than %1 MiB of distinct names and paths: new ones are "
                                "shown as “…” from here on.")
                                 .arg(WatchTextPool::kMaxBytes >> 20);
        m_notices.append(text);
        Q_EMIT noticeArrived(text);
    }
}

void WatchedProgram::refuse(const QString &reason)
{
    if (m_state == State::Refused)
        return;
    flush(); // what was accepted before the refusal still arrives, in order
    m_state = State::Refused;
    m_refusal = reason;
    Q_EMIT refused(reason);
}

void WatchedProgram::take(const WatchMessage &m)
{
    using Type = WatchMessage::Type;
    const Type type = m.type();
    if (m_state == State::AwaitingHello) {
        if (type != Type::Hello) {
            refuse(tr("The first message was “%1”, not a hello: this is not a watch stream that "
                      "Tensor Kitchen can read.")
                       .arg(WatchMessage::typeName(type)));
            return;
        }
        takeHello(m);
        if (m_state == State::Running && m_keepsTrace)
            m_trace.add(m);
        return;
    }
    m_lastT = qMax(m_lastT, m.t);
    if (type != Type::Hello && m_keepsTrace)
        m_trace.add(m);
    switch (type) {
    case Type::Hello:
        refuse(tr("The program said hello a second time: a stream has one hello, so this one "
                  "is refused."));
        return;
    case Type::Devices:
        takeDevices(m.as<message::Devices>().devices);
        return;
    case Type::Move: {
        const MoveReport &move = m.move();
        if (move.program.id <= m_lastMoveId) {
            // The ids increase; an old one would break the order move_time relies on.
            ++m_counters.malformed;
            m_countersChanged = true;
            scheduleFlush();
            return;
        }
        m_lastMoveId = move.program.id;
        m_moves.append(move);
        ++m_moveCount;
        ++m_unsentMoves;
        scheduleFlush();
        return;
    }
    case Type::MoveTime:
        timeMove(m.as<message::MoveTime>().moveId, m.as<message::MoveTime>().seconds);
        return;
    case Type::Tensors:
        m_cards = m.as<message::Tensors>().cards.mid(0, kMaxCards);
        takeGraphs(m_cards);
        Q_EMIT cardsChanged();
        return;
    case Type::Memory:
        takeMemory(m.as<message::Memory>().samples);
        return;
    case Type::DataWait:
        m_dataWaits.append(m.dataWait());
        ++m_dataWaitCount;
        trim(m_dataWaits);
        m_unsentWaits.append(m.dataWait());
        scheduleFlush();
        return;
    case Type::Step:
        flush();
        if (!m_optimizerSteps) {
            m_steps.clear(); // the cells drawn so far give way to the program's own steps
            m_optimizerSteps = true;
        }
        m_steps.append(m.step());
        ++m_stepCount;
        trim(m_steps);
        m_calls.append(m.as<message::Step>().calls);
        trim(m_calls);
        Q_EMIT stepArrived(m.step());
        return;
    case Type::Cell:
        flush();
        if (m_optimizerSteps)
            return; // a notebook that trains: its optimizer steps are the bars
        m_steps.append(m.step());
        trim(m_steps);
        Q_EMIT stepArrived(m.step());
        return;
    case Type::Collective:
        m_collectives.append(m.collective());
        ++m_collectiveCount;
        trim(m_collectives);
        return;
    case Type::Error:
        flush();
        if (m_errors.size() >= kMaxErrors)
            m_errors.removeFirst();
        m_errors.append(m.error());
        Q_EMIT errorArrived(m.error());
        return;
    case Type::Dropped:
        m_counters.dropped += m.as<message::Dropped>().count;
        m_countersChanged = true;
        scheduleFlush();
        return;
    case Type::RecordingCapped:
        m_recordingCap = m.as<WatchRecordingCap>(); // the second, with the counts, replaces the first
        Q_EMIT recordingCapped();
        return;
    case Type::Notice:
        if (m_notices.size() < kMaxNotices) // "said once" each: a flood of them is not news
            m_notices.append(m.as<message::Notice>().text);
        Q_EMIT noticeArrived(m.as<message::Notice>().text);
        return;
    case Type::Bye: {
        const message::Bye &bye = m.as<message::Bye>();
        m_calls.append(bye.calls);
        trim(m_calls);
        m_hasExitCode = bye.hasExitCode;
        m_exitCode = bye.exitCode;
        end(true);
        return;
    }
    }
}

void WatchedProgram::takeHello(const WatchMessage &m)
{
    if (m.hello().version != WatchParser::kVersion) {
        refuse(tr("The program speaks version %1 of the watch protocol; this Tensor Kitchen reads "
                  "version %2. Use the tensorkitchen package that came with this app.")
                   .arg(m.hello().version)
                   .arg(WatchParser::kVersion));
        return;
    }
    if (m_expectedPid > 0 && m.hello().pid != m_expectedPid) {
        refuse(tr("The hello names process %1, but the connection comes from process %2: "
                  "one program cannot speak for another.")
                   .arg(m.hello().pid)
                   .arg(m_expectedPid));
        return;
    }
    m_hello = m.hello();
    m_devices = m.hello().devices.mid(0, kMaxDevices);
    m_lastT = m.t;
    m_state = State::Running;
    Q_EMIT helloReceived();
}

// CUDA devices named once the program initialised CUDA: added, or their names and totals
// filled in, keeping the memory figures already heard.
void WatchedProgram::takeDevices(const QList<WatchDevice> &named)
{
    for (const WatchDevice &n : named) {
        auto it = std::find_if(m_devices.begin(), m_devices.end(),
                               [&n](const WatchDevice &d) { return d.device == n.device; });
        if (it == m_devices.end()) {
            if (m_devices.size() < kMaxDevices)
                m_devices.append(n);
            continue;
        }
        it->name = n.name;
        it->capability = n.capability;
        it->total = n.total;
    }
    Q_EMIT memoryChanged();
}

void WatchedProgram::takeGraphs(const QList<WatchCard> &cards)
{
    for (const WatchCard &c : cards) {
        if (!c.name.isEmpty()) {
            auto named = std::find_if(m_namedBytes.begin(), m_namedBytes.end(),
                                      [&c](const WatchNamedBytes &n) { return n.name == c.name && n.file == c.file; });
            if (named != m_namedBytes.end()) {
                named->lastBytes = c.bytes;
                named->lastSteps = m_stepCount;
                named->device = c.device;
                if (c.line > 0)
                    named->line = c.line;
            } else if (m_namedBytes.size() < kMaxNamed) {
                m_namedBytes.append(
                    {c.name, c.device, c.file, c.line, c.cell, c.bytes, c.bytes, m_stepCount, m_stepCount});
            }
        }
        if (c.graphNodes < 0 || c.name.isEmpty())
            continue;
        auto it = std::find_if(m_graphs.begin(), m_graphs.end(),
                               [&c](const WatchGraphHistory &g) { return g.name == c.name && g.file == c.file; });
        if (it == m_graphs.end()) {
            if (m_graphs.size() >= kMaxGraphs)
                continue;
            WatchGraphHistory g;
            g.name = c.name;
            g.device = c.device;
            g.file = c.file;
            g.line = c.line;
            g.cell = c.cell;
            m_graphs.append(g);
            it = m_graphs.end() - 1;
        }
        if (c.assignedLine > 0)
            it->assignedLine = c.assignedLine;
        if (it->samples.size() >= kMaxGraphSamples)
            thin(it->samples);
        it->samples.append({m_stepCount, c.graphNodes, m_lastT});
    }
}

void WatchedProgram::takeMemory(const QList<WatchDevice> &samples)
{
    auto raise = [](qint64 &peak, qint64 value) {
        if (value > peak)
            peak = value;
    };
    for (const WatchDevice &s : samples) {
        const qint64 used = s.allocated >= 0 ? s.allocated : s.rss;
        if (used >= 0) {
            if (m_memoryPoints.size() >= kMaxMemoryPoints)
                thin(m_memoryPoints);
            m_memoryPoints.append({s.device, m_stepCount, m_lastT, used});
        }
        auto it = std::find_if(m_devices.begin(), m_devices.end(),
                               [&s](const WatchDevice &d) { return d.device == s.device; });
        if (it == m_devices.end()) {
            if (m_devices.size() >= kMaxDevices)
                continue;
            WatchDevice d;
            d.device = s.device;
            m_devices.append(d);
            it = m_devices.end() - 1;
        }
        it->allocated = s.allocated;
        it->reserved = s.reserved;
        it->rss = s.rss;
        if (s.total >= 0)
            it->total = s.total;
        raise(it->peakAllocated, s.allocated);
        raise(it->peakReserved, s.reserved);
        raise(it->peakRss, s.rss);
    }
    Q_EMIT memoryChanged();
}

const WatchDevice *WatchedProgram::device(const QString &name) const
{
    for (const WatchDevice &d : m_devices)
        if (d.device == name)
            return &d;
    return nullptr;
}

qsizetype WatchedProgram::moveIndex(qint64 moveId) const
{
    const auto it = std::lower_bound(m_moves.cbegin(), m_moves.cend(), moveId,
                                     [](const MoveReport &m, qint64 id) { return m.program.id < id; });
    return it != m_moves.cend() && (*it).program.id == moveId ? it - m_moves.cbegin() : -1;
}

std::optional<MoveReport> WatchedProgram::move(qint64 moveId) const
{
    const qsizetype i = moveIndex(moveId);
    return i < 0 ? std::nullopt : std::optional<MoveReport>(m_moves.at(i));
}

void WatchedProgram::timeMove(qint64 moveId, double seconds)
{
    const qsizetype i = moveIndex(moveId);
    if (i < 0) {
        // Its move was dropped by the watcher, or is older than what is kept.
        ++m_counters.unmatched;
        m_countersChanged = true;
        scheduleFlush();
        return;
    }
    MoveReport move = m_moves.at(i);
    if (move.timed) {
        // One time a move: a repeated move_time would make the app re-draw (and the trace
        // re-write) the same move as often as a program cares to send it.
        ++m_counters.malformed;
        m_countersChanged = true;
        scheduleFlush();
        return;
    }
    move.seconds = seconds;
    move.timed = true;
    m_moves.replace(i, move);
    const bool sent = i < m_moves.size() - m_unsentMoves;
    if (sent)
        Q_EMIT moveTimed(move); // else it goes out with its batch, already timed
}

void WatchedProgram::end(bool bye)
{
    flush();
    m_state = State::Ended;
    m_endedByBye = bye;
    Q_EMIT ended();
}

void WatchedProgram::scheduleFlush()
{
    if (!m_batchTimer.isActive())
        m_batchTimer.start();
}

void WatchedProgram::flush()
{
    m_batchTimer.stop();
    if (m_unsentMoves > 0) {
        const QList<MoveReport> batch = m_moves.mid(m_moves.size() - m_unsentMoves);
        m_unsentMoves = 0;
        trim(m_moves); // only sent moves may go: the unsent ones are the newest
        Q_EMIT movesArrived(batch);
    }
    if (!m_unsentWaits.isEmpty()) {
        const QList<WatchDataWait> batch = std::exchange(m_unsentWaits, {});
        Q_EMIT dataWaitsArrived(batch);
    }
    if (m_countersChanged) {
        m_countersChanged = false;
        Q_EMIT countersChanged(m_counters);
    }
}

template<typename T> void WatchedProgram::trim(QList<T> &list)
{
    // A tenth at a time, so that a long run does not shift the list on every message.
    if (list.size() > kMaxKept)
        list.remove(0, list.size() - kMaxKept + kMaxKept / 10);
}

template<typename T> void WatchedProgram::trim(WatchKept<T> &kept)
{
    // A tenth at a time, as a list is (what findings count over stays the same for a while).
    if (kept.size() > kMaxKept)
        kept.removeFirst(kept.size() - kMaxKept + kMaxKept / 10);
}

} // namespace tk
