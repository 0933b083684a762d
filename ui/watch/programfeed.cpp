#include "ui/watch/programfeed.h"

#include "core/kitchen/tensorspec.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchplace.h"

#include <QLocale>
#include <QTimer>

namespace tk {

namespace {

DeviceInfo deviceInfo(const WatchDevice &d)
{
    DeviceInfo info;
    info.id = d.device;
    info.type = d.device.section(QLatin1Char(':'), 0, 0);
    info.index = info.type == QLatin1String("cuda") ? d.device.section(QLatin1Char(':'), 1).toInt() : -1;
    info.name = d.name;
    info.capability = d.capability;
    info.memoryTotal = d.total;
    info.allocatorAllocated = d.allocated;
    info.allocatorReserved = d.reserved;
    if (d.total >= 0 && d.used() >= 0)
        info.memoryFree = std::max<qint64>(0, d.total - d.used());
    return info;
}

} // namespace

ProgramFeed::ProgramFeed(WatchedProgram *program, QObject *parent) : KitchenFeed(parent), m_program(program)
{
    m_groupTimer = new QTimer(this);
    m_groupTimer->setSingleShot(true);
    m_groupTimer->setInterval(kGroupMs);
    connect(m_groupTimer, &QTimer::timeout, this, &ProgramFeed::flush);
    connect(program, &WatchedProgram::cardsChanged, this, &ProgramFeed::syncCards);
    connect(program, &WatchedProgram::memoryChanged, this, &ProgramFeed::syncMemory);
    connect(program, &WatchedProgram::helloReceived, this, &ProgramFeed::syncMemory);
    connect(program, &WatchedProgram::movesArrived, this, &ProgramFeed::queueMoves);
}

KitchenFeed::Setup ProgramFeed::setup() const
{
    Setup s;
    if (m_program)
        for (const WatchDevice &d : m_program->devices())
            s.devices << deviceInfo(d);
    s.emptyPane = tr("Nothing the program names is on %1 now.");
    return s;
}

CardInfo ProgramFeed::cardOfMove(const MoveReport &r) const
{
    CardInfo info;
    info.name = r.sourceName.isEmpty() ? tr("(unnamed)") : r.sourceName;
    info.device = r.fromDevice;
    info.dtype = r.program.dtype;
    info.shape = r.program.shape;
    info.bytes = info.storageBytes = r.bytes;
    info.kind = r.inPlace ? QStringLiteral("model") : QStringLiteral("tensor");
    info.summary = r.inPlace ? r.program.className : QLocale().formattedDataSize(r.bytes);
    return info;
}

// The latest sample is the whole picture: a name missing from it is gone.
void ProgramFeed::syncCards()
{
    if (!m_program)
        return;
    QHash<QString, int> seen;
    for (const WatchCard &c : m_program->cards()) {
        if (seen.contains(c.name))
            continue; // the innermost frame's comes first
        CardInfo info;
        const bool known = m_cardIds.contains(c.name);
        info.id = known ? m_cardIds.value(c.name) : m_nextCardId++;
        info.name = c.name;
        info.device = c.device;
        info.dtype = c.dtype;
        info.shape = c.shape;
        info.bytes = info.storageBytes = c.bytes;
        info.storageId = info.id;
        const bool module = c.kind == QLatin1String("module");
        info.kind = module ? QStringLiteral("model") : QStringLiteral("tensor");
        const QString place = WatchPlace::compact(c.file, c.line, c.cell);
        const QString where = place.isEmpty() ? QString() : tr(" · %1").arg(place);
        info.summary = module ? tr("%1 · %n parameters · %2", nullptr, int(std::max<qint64>(0, c.params)))
                                    .arg(c.className, QLocale().formattedDataSize(c.bytes))
                + where
                              : tr("tensor%1 %2 · %3")
                                    .arg(QLatin1Char('[') + TensorSpec::shapeText(c.shape) + QLatin1Char(']'), c.dtype,
                                         QLocale().formattedDataSize(c.bytes))
                + where;
        info.numel = 1;
        for (qint64 d : c.shape)
            info.numel *= d;
        seen.insert(c.name, info.id);
        if (!known) {
            Q_EMIT cardAdded(info);
        } else if (const auto was = m_shown.constFind(info.id);
                   was == m_shown.constEnd() || was->first != info.device || was->second != info.summary) {
            Q_EMIT cardUpdated(info); // a card that did not change is not laid out again
        }
        m_shown.insert(info.id, {info.device, info.summary});
    }
    for (auto it = m_cardIds.cbegin(); it != m_cardIds.cend(); ++it)
        if (!seen.contains(it.key())) {
            m_shown.remove(it.value());
            Q_EMIT cardRemoved(it.value());
        }
    m_cardIds = seen;
}

void ProgramFeed::syncMemory()
{
    if (!m_program)
        return;
    for (const WatchDevice &d : m_program->devices()) {
        const DeviceInfo info = deviceInfo(d);
        Q_EMIT deviceShown(info);
        if (!d.name.isEmpty())
            Q_EMIT hardwareTold(d.device, d.name,
                                d.capability.isEmpty() ? QString() : tr("compute capability %1").arg(d.capability));
        qint64 cards = 0;
        for (const WatchCard &c : m_program->cards())
            if (c.device == d.device)
                cards += c.bytes;
        const QLocale l;
        const QString named = tr("its named tensors and modules here: %1").arg(l.formattedDataSize(cards));
        if (info.isMeta()) {
            Q_EMIT memoryTold(info, cards);
        } else if (d.allocated >= 0) {
            Q_EMIT memoryTextTold(d.device,
                                  tr("Allocated %1 (peak %2), reserved %3 of %4\n%5")
                                      .arg(l.formattedDataSize(d.allocated), l.formattedDataSize(d.peakAllocated),
                                           l.formattedDataSize(d.reserved), l.formattedDataSize(d.total), named),
                                  d.total > 0 ? double(d.allocated) / d.total : 0);
        } else if (d.rss >= 0) {
            Q_EMIT memoryTextTold(d.device,
                                  tr("The process holds %1 (peak %2) of %3\n%4")
                                      .arg(l.formattedDataSize(d.rss), l.formattedDataSize(d.peakRss),
                                           l.formattedDataSize(d.total), named),
                                  d.total > 0 ? double(d.rss) / d.total : 0);
        } else {
            Q_EMIT memoryTextTold(d.device, named, 0);
        }
    }
}

void ProgramFeed::sync()
{
    syncCards();
    syncMemory();
}

void ProgramFeed::queueMoves(const QList<MoveReport> &moves)
{
    for (const MoveReport &m : moves) {
        m_queuedBytes += m.bytes;
        ++m_queuedMoves;
        // A loop's moves come from a few lines in turn: the last group first, then by key.
        qsizetype at = m_lastGroup;
        if (at < 0 || m_groups.at(at).sourceName != m.sourceName || m_groups.at(at).fromDevice != m.fromDevice
            || m_groups.at(at).toDevice != m.toDevice) {
            const QString key = m.sourceName + QLatin1Char('\n') + m.fromDevice + QLatin1Char('\n') + m.toDevice;
            const auto it = m_groupIndex.constFind(key);
            if (it == m_groupIndex.constEnd()) {
                m_lastGroup = m_groups.size();
                m_groupIndex.insert(key, m_lastGroup);
                m_groups << m;
                continue;
            }
            at = *it;
            m_lastGroup = at;
        }
        MoveReport &g = m_groups[at];
        g.bytes += m.bytes;
        g.seconds += m.seconds;
        g.timed = g.timed && m.timed;
        ++g.count;
    }
    if (!m_groupTimer->isActive())
        m_groupTimer->start();
}

// Like moves (one name, the same two devices) of the last half second become one flight: a
// loop that moves its batches hundreds of times a second shows as "× N batches".
void ProgramFeed::flush()
{
    if (m_groups.isEmpty())
        return;
    m_bytesMoved += std::exchange(m_queuedBytes, 0);
    m_movesShown += std::exchange(m_queuedMoves, 0);
    m_groupIndex.clear();
    m_lastGroup = -1;
    for (MoveReport &g : m_groups) {
        const auto card = m_cardIds.constFind(g.sourceName); // the cards as they are now
        g.sourceId = card != m_cardIds.constEnd() ? card.value() : -1;
        g.kitchen.resultId = -1; // the program's next sample shows where it landed
    }
    Q_EMIT moved(std::exchange(m_groups, {}));
}

} // namespace tk
