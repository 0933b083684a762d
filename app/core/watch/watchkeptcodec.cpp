#include "core/watch/watchkeptcodec.h"

#include <QHashFunctions>
#include <limits>
#include <tuple>

namespace tk {

// A field added to one of these must be added to its site tie (or its row) below: same() would
// otherwise take two sites that differ in it for one, and an element would come back changed.
static_assert(sizeof(MoveReport) == 392, "MoveReport changed: update WatchKeptCodec<MoveReport>");
static_assert(sizeof(WatchStep) == 232, "WatchStep changed: update WatchKeptCodec<WatchStep>");
static_assert(sizeof(WatchDataWait) == 168, "WatchDataWait changed: update WatchKeptCodec<WatchDataWait>");
static_assert(sizeof(WatchCall) == 112, "WatchCall changed: update WatchKeptCodec<WatchCall>");
// What a row costs: the point of holding them (WatchKept).
static_assert(sizeof(WatchKeptCodec<MoveReport>::Row) == 24);
static_assert(sizeof(WatchKeptCodec<WatchStep>::Row) == 40);
static_assert(sizeof(WatchKeptCodec<WatchDataWait>::Row) == 24);
static_assert(sizeof(WatchKeptCodec<WatchCall>::Row) == 24);

namespace {

// Seconds as whole microseconds (|s| < ~35 min), only when `us / 1e6` gives s back exactly: the
// division the protocol's windows are read with (WindowExpander).
bool packMicros(double seconds, qint32 &out)
{
    if (!(qAbs(seconds) < 2147.0))
        return false; // NaN too
    const qint64 us = qRound64(seconds * 1e6);
    if (us / 1e6 != seconds)
        return false;
    out = qint32(us);
    return true;
}

double unpackMicros(qint32 us) { return us / 1e6; }

bool pack32(qint64 value, qint32 &out)
{
    if (value < std::numeric_limits<qint32>::min() || value > std::numeric_limits<qint32>::max())
        return false;
    out = qint32(value);
    return true;
}

auto siteTie(const MoveReport &m)
{
    const KitchenMoveFacts &k = m.kitchen;
    const WatchedMoveFacts &p = m.program;
    return std::tie(m.origin, m.sourceId, m.sourceName, m.fromDevice, m.requestedDevice, m.toDevice, m.idiomFallback,
                    m.sameStorage, m.inPlace, m.bytes, m.timing, m.count, k.meaning, k.resultId, k.resultName,
                    k.oldReleased, k.noMoveNeeded, k.codeLine, p.api, p.file, p.line, p.cell, p.pinned, p.nonBlocking,
                    p.className, p.dtype, p.shape, p.sourceBytes);
}

auto siteTie(const WatchStep &s)
{
    return std::tie(s.optimizer, s.collectives, s.collectiveSeconds, s.file, s.line, s.cell, s.gpuIdleFile,
                    s.gpuIdleLine, s.gpuIdleCell, s.isCell, s.failed, s.rank, s.loss, s.samples, s.forwardSeconds,
                    s.backwardSeconds, s.optimizerSeconds, s.allreduceSeconds, s.allreduceBytes);
}

auto siteTie(const WatchDataWait &w)
{
    return std::tie(w.workers, w.pinMemory, w.dataset, w.datasetBytes, w.file, w.line, w.cell, w.loaderFile,
                    w.loaderLine, w.loaderCell, w.loaderSettings);
}

auto siteTie(const WatchCall &c) { return std::tie(c.what, c.device, c.file, c.line, c.cell); }

} // namespace

// --- Moves: a row is the move's id, when, how long (or not timed yet) and its step.

MoveReport WatchKeptCodec<MoveReport>::site(const MoveReport &m)
{
    MoveReport s = m;
    s.program.id = -1;
    s.program.at = 0;
    s.program.step = -1;
    s.seconds = 0;
    s.timed = true;
    return s;
}

size_t WatchKeptCodec<MoveReport>::hash(const MoveReport &s)
{
    return qHashMulti(0, s.program.file, s.program.line, s.program.api, s.sourceName, s.toDevice, s.bytes);
}

bool WatchKeptCodec<MoveReport>::same(const MoveReport &a, const MoveReport &b) { return siteTie(a) == siteTie(b); }

bool WatchKeptCodec<MoveReport>::pack(const MoveReport &m, qint64 index, Row &row)
{
    row.at = m.program.at;
    if (!m.timed) {
        row.micros = -1;
        if (m.seconds != 0)
            return false;
    } else if (!packMicros(m.seconds, row.micros) || row.micros < 0) {
        return false;
    }
    return pack32(m.program.id - index, row.idOffset) && pack32(m.program.step, row.step);
}

void WatchKeptCodec<MoveReport>::fill(const Row &row, qint64 index, MoveReport &m)
{
    m.program.id = index + row.idOffset;
    m.program.at = row.at;
    m.program.step = row.step;
    m.timed = row.micros >= 0;
    m.seconds = m.timed ? unpackMicros(row.micros) : 0;
}

// --- Steps: a row is the step's number, when, its time and what it was spent on. A DDP rank's
// step (its loss, its phases) is kept whole: those change every step. Collectives (their count
// and time) stay with the site: outside a rank's steps they are rare.

WatchStep WatchKeptCodec<WatchStep>::site(const WatchStep &s)
{
    WatchStep out = s;
    out.n = 0;
    out.at = 0;
    out.bytes = 0;
    out.seconds = out.waitSeconds = out.copySeconds = 0;
    out.gpuIdleSeconds = -1;
    out.moves = 0;
    return out;
}

size_t WatchKeptCodec<WatchStep>::hash(const WatchStep &s)
{
    return qHashMulti(0, s.file, s.line, s.optimizer, s.gpuIdleLine, s.collectives);
}

bool WatchKeptCodec<WatchStep>::same(const WatchStep &a, const WatchStep &b) { return siteTie(a) == siteTie(b); }

bool WatchKeptCodec<WatchStep>::pack(const WatchStep &s, qint64, Row &row)
{
    row.at = s.at;
    return s.rank < 0 && pack32(s.n, row.n) && pack32(s.moves, row.moves) && pack32(s.bytes, row.bytes)
        && packMicros(s.seconds, row.micros) && packMicros(s.waitSeconds, row.waitMicros)
        && packMicros(s.copySeconds, row.copyMicros) && packMicros(s.gpuIdleSeconds, row.gpuIdleMicros);
}

void WatchKeptCodec<WatchStep>::fill(const Row &row, qint64, WatchStep &s)
{
    s.n = row.n;
    s.at = row.at;
    s.bytes = row.bytes;
    s.moves = row.moves;
    s.seconds = unpackMicros(row.micros);
    s.waitSeconds = unpackMicros(row.waitMicros);
    s.copySeconds = unpackMicros(row.copyMicros);
    s.gpuIdleSeconds = unpackMicros(row.gpuIdleMicros);
}

// --- Data waits: a row is when, how long, the batch and the step.

WatchDataWait WatchKeptCodec<WatchDataWait>::site(const WatchDataWait &w)
{
    WatchDataWait s = w;
    s.at = 0;
    s.seconds = 0;
    s.batch = 0;
    s.step = -1;
    return s;
}

size_t WatchKeptCodec<WatchDataWait>::hash(const WatchDataWait &s)
{
    return qHashMulti(0, s.file, s.line, s.dataset, s.workers);
}

bool WatchKeptCodec<WatchDataWait>::same(const WatchDataWait &a, const WatchDataWait &b)
{
    return siteTie(a) == siteTie(b);
}

bool WatchKeptCodec<WatchDataWait>::pack(const WatchDataWait &w, qint64, Row &row)
{
    row.at = w.at;
    return packMicros(w.seconds, row.micros) && pack32(w.batch, row.batch) && pack32(w.step, row.step);
}

void WatchKeptCodec<WatchDataWait>::fill(const Row &row, qint64, WatchDataWait &w)
{
    w.at = row.at;
    w.seconds = unpackMicros(row.micros);
    w.batch = row.batch;
    w.step = row.step;
}

// --- Calls: a row is the step, when, how many and how long.

WatchCall WatchKeptCodec<WatchCall>::site(const WatchCall &c)
{
    WatchCall s = c;
    s.step = 0;
    s.at = 0;
    s.count = 0;
    s.seconds = 0;
    return s;
}

size_t WatchKeptCodec<WatchCall>::hash(const WatchCall &s) { return qHashMulti(0, s.file, s.line, s.what, s.device); }

bool WatchKeptCodec<WatchCall>::same(const WatchCall &a, const WatchCall &b) { return siteTie(a) == siteTie(b); }

bool WatchKeptCodec<WatchCall>::pack(const WatchCall &c, qint64, Row &row)
{
    row.at = c.at;
    return pack32(c.step, row.step) && pack32(c.count, row.count) && packMicros(c.seconds, row.micros);
}

void WatchKeptCodec<WatchCall>::fill(const Row &row, qint64, WatchCall &c)
{
    c.step = row.step;
    c.at = row.at;
    c.count = row.count;
    c.seconds = unpackMicros(row.micros);
}

} // namespace tk
