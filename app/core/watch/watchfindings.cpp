#include "core/watch/watchfindings.h"

#include "core/watch/watchedprogram.h"
#include "core/watch/watchcall.h"

#include <QHash>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <functional>

namespace tk {

namespace {

QString ms(double seconds) { return QLocale().toString(seconds * 1e3, 'f', seconds < 0.01 ? 2 : 1); }

struct Place
{
    QString file;
    int line = 0;
    int cell = 0;
    bool operator==(const Place &o) const { return file == o.file && line == o.line && cell == o.cell; }
};

size_t qHash(const Place &p, size_t seed = 0)
{
    return ::qHash(p.file, seed) ^ size_t(p.line) ^ (size_t(p.cell) << 20);
}

// A finding is said where it happens most (`counts` is not empty).
Place mostFrequent(const QHash<Place, int> &counts)
{
    return std::max_element(counts.constBegin(), counts.constEnd(), [](int a, int b) { return a < b; }).key();
}

void place(WatchFinding &f, const Place &p)
{
    f.file = p.file;
    f.line = p.line;
    f.cell = p.cell;
}

// 1. The steps wait for the DataLoader (source text 004: num_workers).
void dataWait(const WatchedProgram &p, QList<WatchFinding> &out)
{
    double total = 0, waited = 0;
    int steps = 0;
    for (const WatchStep &s : p.steps()) {
        // The first step's time runs from the watcher's start (imports, the model's making):
        // not a step's share.
        if (s.isCell || s.rank >= 0 || s.n <= 1)
            continue;
        total += s.seconds;
        waited += s.waitSeconds;
        ++steps;
    }
    const QList<WatchDataWait> waits = p.dataWaits();
    if (steps < WatchFindings::kMinSteps || total <= 0 || waits.isEmpty() || waited / total < WatchFindings::kWaitShare
        || waited / steps < WatchFindings::kMinWait)
        return;
    QHash<Place, int> where;
    for (const WatchDataWait &w : waits)
        ++where[Place{w.file, w.line, w.cell}];
    const Place at = mostFrequent(where);
    const WatchDataWait &last = waits.constLast();
    const double step = total / steps, wait = waited / steps;
    WatchFinding f;
    f.kind = QStringLiteral("data_wait");
    place(f, at);
    f.title
        = WatchFindings::tr("Each step waits %1 % of its time for the DataLoader").arg(qRound(100 * waited / total));
    f.evidence = WatchFindings::tr("Over %1 steps the loop waited %2 ms of its %3 ms step for the next batch "
                                   "(num_workers=%4, pin_memory=%5).")
                     .arg(steps)
                     .arg(ms(wait), ms(step))
                     .arg(last.workers < 0 ? QStringLiteral("?") : QString::number(last.workers),
                          last.pinMemory ? QStringLiteral("True") : QStringLiteral("False"));
    f.costSeconds = wait;
    f.costBasis = WatchFindings::tr("measured");
    f.advice = WatchFindings::tr("Let worker processes prepare the next batches while the model computes: "
                                 "with enough workers the wait hides behind the step.");
    f.code = QStringLiteral("DataLoader(dataset, batch_size=…, num_workers=4, persistent_workers=True)");
    f.ifFixedSeconds = step - wait;
    f.at = last.at;
    f.stepPart = QStringLiteral("wait");
    out.append(f);
}

// 2. non_blocking=True from pageable memory: the copy is synchronous anyway (source text 004).
void nonBlockingUnpinned(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QHash<Place, int> where;
    QHash<Place, double> seconds, latest;
    for (const MoveReport &m : p.moves()) {
        if (!m.nonBlocking || m.pinned || m.fromDevice != QLatin1String("cpu")
            || !m.toDevice.startsWith(QLatin1String("cuda")))
            continue;
        const Place at{m.file, m.line, m.cell};
        ++where[at];
        seconds[at] += m.timed ? m.seconds : 0;
        latest[at] = m.at;
    }
    if (where.isEmpty())
        return;
    const Place at = mostFrequent(where);
    const int steps = std::max<int>(1, int(p.steps().size()));
    WatchFinding f;
    f.kind = QStringLiteral("non_blocking_unpinned");
    place(f, at);
    f.title = WatchFindings::tr("non_blocking=True copies from pageable memory: they do not overlap");
    f.evidence = WatchFindings::tr("%n copies to the GPU here asked for non_blocking=True from memory that is not "
                                   "pinned; such a copy waits until it is done.",
                                   nullptr, where.value(at));
    f.costSeconds = seconds.value(at) / steps;
    f.costBasis = WatchFindings::tr("measured (CUDA events), per step");
    f.advice = WatchFindings::tr("Pin the batches (the DataLoader does it in its workers) so that the copy can run "
                                 "while the GPU computes.");
    f.code
        = QStringLiteral("DataLoader(dataset, batch_size=…, pin_memory=True)  # then x.to(device, non_blocking=True)");
    f.at = latest.value(at);
    f.stepPart = QStringLiteral("copy");
    out.append(f);
}

// Per line: the steps it was seen in, the seconds it took, when it was last seen.
struct Tally
{
    QSet<qint64> steps;
    double seconds = 0;
    double latest = 0;
    void add(qint64 step, double s, double at)
    {
        steps.insert(step);
        seconds += s;
        latest = at;
    }
};

// A pinning finding (the kind non_blocking_unpinned), said for every line seen in enough steps.
void pinningFindings(const QHash<Place, Tally> &lines, QList<WatchFinding> &out,
                     const std::function<void(WatchFinding &, int steps, double perStep)> &say)
{
    for (auto it = lines.constBegin(); it != lines.constEnd(); ++it) {
        const int steps = int(it.value().steps.size());
        if (steps < WatchFindings::kMinSteps)
            continue;
        WatchFinding f;
        f.kind = QStringLiteral("non_blocking_unpinned");
        place(f, it.key());
        f.costSeconds = it.value().seconds / steps;
        f.code = QStringLiteral("DataLoader(dataset, batch_size=…, num_workers=2, pin_memory=True)");
        f.at = it.value().latest;
        say(f, steps, f.costSeconds);
        out.append(f);
    }
}

// 2b. pin_memory() called on each batch in the loop: a copy into pinned memory every step, on
// the loop's own time (the DataLoader's pin_memory=True does it beside the loop).
void pinPerBatch(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QHash<Place, Tally> lines;
    for (const WatchCall &c : p.calls())
        if (c.what == QLatin1String("pin_memory"))
            lines[Place{c.file, c.line, c.cell}].add(c.step, c.seconds, c.at);
    pinningFindings(lines, out, [](WatchFinding &f, int steps, double perStep) {
        f.title = WatchFindings::tr("pin_memory() copies a batch in every step");
        f.evidence = WatchFindings::tr("This line pinned a tensor in each of %1 steps, %2 ms a step: each call copies "
                                       "the batch into new pinned memory before it can be sent.")
                         .arg(steps)
                         .arg(ms(perStep));
        f.costBasis = WatchFindings::tr("measured");
        f.advice
            = WatchFindings::tr("Let the DataLoader pin the batches: with pin_memory=True and workers it pins them "
                                "beside the loop, not on its time.");
        f.stepPart = QStringLiteral("other");
    });
}

// 2c. pin_memory=True with num_workers=0: the loop itself pins each batch as it waits for it.
void pinnedWithoutWorkers(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QHash<Place, Tally> lines;
    for (const WatchDataWait &w : p.dataWaits())
        if (w.pinMemory && w.workers == 0 && w.step >= 1) // the first step's wait runs from the start
            lines[Place{w.file, w.line, w.cell}].add(w.step, w.seconds, w.at);
    pinningFindings(lines, out, [](WatchFinding &f, int steps, double perStep) {
        f.title = WatchFindings::tr("pin_memory=True with num_workers=0 pins on the loop's time");
        f.evidence = WatchFindings::tr("The DataLoader pinned each batch in the main process (num_workers=0): the "
                                       "loop waited %1 ms a step over %2 steps for batches, the pinning copy included.")
                         .arg(ms(perStep))
                         .arg(steps);
        f.costBasis = WatchFindings::tr("measured: the wait for each batch, of which the pinning is a part");
        f.advice = WatchFindings::tr("Give the DataLoader workers: batches are then pinned beside the loop, while the "
                                     "GPU computes.");
        f.stepPart = QStringLiteral("wait");
    });
}

// 3. The same line moves a batch to a device in step after step (source text 003: load it once).
void perBatchMove(const WatchedProgram &p, QList<WatchFinding> &out)
{
    // One pass over the moves (the tab asks again as steps come: up to kMaxKept of them).
    QHash<Place, QSet<int>> stepsAt;
    QHash<Place, qint64> bytesAt;
    QHash<Place, double> secondsAt, latestAt;
    QHash<Place, QString> toAt, nameAt;
    for (const MoveReport &m : p.moves()) {
        if (m.inPlace || m.step < 0 || m.fromDevice != QLatin1String("cpu") || m.toDevice == QLatin1String("cpu"))
            continue;
        const Place at{m.file, m.line, m.cell};
        stepsAt[at].insert(m.step);
        bytesAt[at] += m.bytes;
        secondsAt[at] += m.timed ? m.seconds : 0;
        latestAt[at] = m.at;
        toAt[at] = m.toDevice;
        nameAt[at] = m.sourceName;
    }
    for (auto it = stepsAt.constBegin(); it != stepsAt.constEnd(); ++it) {
        const int steps = int(it.value().size());
        if (steps < WatchFindings::kMinSteps)
            continue;
        const Place at = it.key();
        const bool meta = toAt.value(at) == QLatin1String("meta");
        const qint64 perStep = bytesAt.value(at) / steps;
        const double seconds = secondsAt.value(at);
        WatchFinding f;
        f.kind = QStringLiteral("per_batch_move");
        place(f, at);
        const QString name = nameAt.value(at).isEmpty() ? WatchFindings::tr("a batch") : nameAt.value(at);
        f.title = WatchFindings::tr("%1 is moved to %2 in every step").arg(name, toAt.value(at));
        f.evidence = WatchFindings::tr("This line moved %1 from cpu to %2 in each of %3 steps, %4 a step.")
                         .arg(name, toAt.value(at))
                         .arg(steps)
                         .arg(QLocale().formattedDataSize(perStep));
        f.costSeconds = meta ? 0 : seconds / steps;
        f.costBasis = meta ? WatchFindings::tr("estimated: meta moves no data; on a GPU each would be a real copy")
                           : WatchFindings::tr("measured");
        f.advice = WatchFindings::tr("If the whole dataset fits the device's memory, move it once before the loop "
                                     "and slice batches there: nothing crosses per step.");
        f.code = QStringLiteral("x_all, y_all = x_all.to(device), y_all.to(device)  # once, before the loop");
        f.at = latestAt.value(at);
        f.stepPart = QStringLiteral("copy");
        out.append(f);
    }
}

// How a sync is called, as the user wrote it.
QString syncCall(const QString &what)
{
    if (what == QLatin1String("__repr__"))
        return QStringLiteral("print(tensor)");
    if (what == QLatin1String("__format__"))
        return QStringLiteral("f\"{tensor}\"");
    if (what == QLatin1String("synchronize"))
        return QStringLiteral("torch.cuda.synchronize()");
    return QStringLiteral(".%1()").arg(what);
}

// 4. The host waits for the device inside the step loop (source text 004: synchronize).
void syncInStep(const WatchedProgram &p, QList<WatchFinding> &out)
{
    struct Line
    {
        QSet<qint64> steps;
        qint64 calls = 0;
        double seconds = 0, at = 0;
        QString what;
        bool onDevice = false; // a real wait (CUDA…), not a CPU tensor's read
    };
    QHash<Place, Line> lines;
    const auto add = [&](const Place &at, qint64 step, const QString &what, qint64 calls, double seconds,
                         const QString &device, double t) {
        Line &l = lines[at];
        l.steps.insert(step);
        l.calls += calls;
        l.seconds += seconds;
        l.at = t;
        l.what = what;
        l.onDevice = l.onDevice || device != QLatin1String("cpu");
    };
    for (const WatchCall &s : p.calls())
        if (s.what != QLatin1String("pin_memory"))
            add(Place{s.file, s.line, s.cell}, s.step, s.what, s.count, s.seconds, s.device, s.at);
    // A device tensor brought to the CPU in a step waits for it too (.cpu(), .to("cpu")). A
    // move's `step` counts the steps done before it: it is in step number step + 1.
    for (const MoveReport &m : p.moves())
        if (m.step >= 0 && m.toDevice == QLatin1String("cpu") && m.fromDevice.startsWith(QLatin1String("cuda")))
            add(Place{m.file, m.line, m.cell}, m.step + 1, QStringLiteral("cpu"), 1, m.timed ? m.seconds : 0,
                m.fromDevice, m.at);
    QHash<Place, int> where;
    qint64 calls = 0;
    double seconds = 0;
    bool onDevice = false;
    QSet<qint64> steps;
    for (auto it = lines.constBegin(); it != lines.constEnd(); ++it) {
        if (it.value().steps.size() < WatchFindings::kMinSteps)
            continue; // once in a while (a log every 100 steps) is not the loop's cost
        where[it.key()] = int(it.value().steps.size());
        calls += it.value().calls;
        seconds += it.value().seconds;
        onDevice = onDevice || it.value().onDevice;
        steps.unite(it.value().steps);
    }
    if (where.isEmpty())
        return;
    const Place at = mostFrequent(where);
    const Line &l = lines.value(at);
    WatchFinding f;
    f.kind = QStringLiteral("sync_in_step");
    place(f, at);
    const QString call = syncCall(l.what);
    f.title = onDevice ? WatchFindings::tr("%1 waits for the GPU in every step").arg(call)
                       : WatchFindings::tr("%1 in every step would wait for a GPU").arg(call);
    const int n = int(steps.size());
    f.evidence = where.size() > 1
        ? WatchFindings::tr("%1 lines read values back from tensors in the step loop, %2 times over %3 "
                            "steps; this one (%4) in %5 of them.")
              .arg(where.size())
              .arg(calls)
              .arg(n)
              .arg(call)
              .arg(where.value(at))
        : WatchFindings::tr("This line (%1) read a value back from a tensor %2 times over %3 steps.")
              .arg(call)
              .arg(calls)
              .arg(n);
    f.costSeconds = onDevice ? seconds / n : 0;
    f.costBasis = onDevice ? WatchFindings::tr("measured: the host's wait in these calls, per step")
                           : WatchFindings::tr("estimated: on the CPU nothing waits; on a GPU each call waits for all "
                                               "the work queued before it (not measurable without one)");
    f.advice = WatchFindings::tr("Keep values on the device inside the loop and read them back now and then: "
                                 "every read makes the host wait until the device has finished.");
    f.code = QStringLiteral("running_loss += loss.detach()  # .item() once per epoch or every N steps");
    f.at = l.at;
    f.stepPart = QStringLiteral("other"); // the host's wait is part of the rest of the step
    out.append(f);
}

// 5. The model and the data on different devices (source text 003's error).
void modelDataSplit(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QSet<Place> said;
    for (const OpError &e : p.errors()) {
        if (e.kind != OpError::Kind::DeviceMismatch)
            continue;
        const Place at{e.sourceFile, e.sourceLine, e.sourceCell};
        if (said.contains(at))
            continue;
        said.insert(at);
        WatchFinding f;
        f.kind = QStringLiteral("model_data_split");
        place(f, at);
        f.title = WatchFindings::tr("The model and the data are on different devices");
        f.evidence = WatchFindings::tr("“%1” raised: %2").arg(e.codeLine, e.message.section(QLatin1Char('\n'), 0, 0));
        f.costBasis = WatchFindings::tr("the program stopped here");
        f.advice = WatchFindings::tr("Move both to the same device before they meet: the model once, each batch as it "
                                     "comes.");
        f.code = QStringLiteral("model = model.to(device); x = x.to(device)");
        out.append(f);
    }
}

} // namespace

QJsonObject WatchFindings::toJson(const WatchFinding &f)
{
    QJsonObject o{{QStringLiteral("kind"), f.kind},
                  {QStringLiteral("title"), f.title},
                  {QStringLiteral("file"), f.file},
                  {QStringLiteral("line"), f.line},
                  {QStringLiteral("evidence"), f.evidence},
                  {QStringLiteral("cost_s"), f.costSeconds},
                  {QStringLiteral("cost_basis"), f.costBasis},
                  {QStringLiteral("advice"), f.advice},
                  {QStringLiteral("code"), f.code}};
    if (f.cell > 0)
        o[QStringLiteral("cell")] = f.cell;
    if (f.ifFixedSeconds >= 0)
        o[QStringLiteral("if_fixed_s")] = f.ifFixedSeconds;
    return o;
}

QList<WatchFinding> WatchFindings::of(const WatchedProgram &program)
{
    QList<WatchFinding> out;
    modelDataSplit(program, out);
    dataWait(program, out);
    perBatchMove(program, out);
    nonBlockingUnpinned(program, out);
    pinPerBatch(program, out);
    pinnedWithoutWorkers(program, out);
    syncInStep(program, out);
    return out;
}

} // namespace tk
