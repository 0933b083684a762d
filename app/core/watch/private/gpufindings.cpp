#include "core/watch/private/gpufindings.h"

#include "core/watch/private/findingplace.h"
#include "core/watch/private/stepset.h"
#include "core/watch/watchcall.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchfindings.h"

#include <QHash>

#include <algorithm>
#include <functional>

namespace tk {

namespace {

// non_blocking=True from pageable memory: the copy is synchronous anyway (source text 004).
void nonBlockingUnpinned(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QHash<FindingPlace, int> where;
    QHash<FindingPlace, double> seconds, latest;
    for (const MoveReport &m : p.moves()) {
        if (!m.program.nonBlocking || m.program.pinned || m.fromDevice != QLatin1String("cpu")
            || !m.toDevice.startsWith(QLatin1String("cuda")))
            continue;
        const FindingPlace at{m.program.file, m.program.line, m.program.cell};
        ++where[at];
        seconds[at] += m.timed ? m.seconds : 0;
        latest[at] = m.program.at;
    }
    if (where.isEmpty())
        return;
    const FindingPlace at = FindingPlace::mostFrequent(where);
    const int steps = std::max<int>(1, int(p.steps().size()));
    WatchFinding f;
    f.kind = QStringLiteral("non_blocking_unpinned");
    at.putIn(f);
    f.title = WatchFindings::tr("non_blocking=True copies from pageable memory: they do not overlap");
    f.evidence = WatchFindings::tr("%n copies to the GPU here asked for non_blocking=True from memory that is not "
                                   "pinned; such a copy waits until it is done.",
                                   nullptr, where.value(at));
    f.costSeconds = seconds.value(at) / steps;
    f.costBasis = WatchFindings::tr("measured (CUDA events), per step");
    f.advice
        = WatchFindings::tr("Pin the batches (DataLoader(pin_memory=True) does it: with workers in a pin-memory thread "
                            "of the main process, without them in the loop) "
                            "so that the copy can run while the GPU computes.");
    f.code
        = QStringLiteral("DataLoader(dataset, batch_size=…, pin_memory=True)  # then x.to(device, non_blocking=True)");
    f.fixInLoader = true;
    f.at = latest.value(at);
    f.stepPart = StepPart::Copy;
    out.append(f);
}

// Per line: the steps it was seen in, the seconds it took, when it was last seen.
struct Tally
{
    StepSet steps;
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
void pinningFindings(const QHash<FindingPlace, Tally> &lines, QList<WatchFinding> &out,
                     const std::function<void(WatchFinding &, int steps, double perStep)> &say)
{
    for (auto it = lines.constBegin(); it != lines.constEnd(); ++it) {
        const int steps = int(it.value().steps.size());
        if (steps < WatchFindings::kMinSteps)
            continue;
        WatchFinding f;
        f.kind = QStringLiteral("non_blocking_unpinned");
        it.key().putIn(f);
        f.costSeconds = it.value().seconds / steps;
        f.code = QStringLiteral("DataLoader(dataset, batch_size=…, num_workers=%1, pin_memory=True)")
                     .arg(WatchFindings::adviceWorkers());
        f.fixInLoader = true;
        f.at = it.value().latest;
        say(f, steps, f.costSeconds);
        out.append(f);
    }
}

// pin_memory() called on each batch in the loop: a copy into pinned memory every step, on
// the loop's own time (the DataLoader's pin_memory=True does it beside the loop).
void pinPerBatch(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QHash<FindingPlace, Tally> lines;
    for (const WatchCall &c : p.calls())
        if (c.what == QLatin1String("pin_memory"))
            lines[FindingPlace{c.file, c.line, c.cell}].add(c.step, c.seconds, c.at);
    pinningFindings(lines, out, [](WatchFinding &f, int steps, double perStep) {
        f.title = WatchFindings::tr("pin_memory() copies a batch in every step");
        f.evidence = WatchFindings::tr("This line pinned a tensor in each of %1 steps, %2 ms a step: each call copies "
                                       "the batch into new pinned memory before it can be sent.")
                         .arg(steps)
                         .arg(WatchFindings::milliseconds(perStep));
        f.costBasis = WatchFindings::tr("measured");
        f.advice
            = WatchFindings::tr("Let the DataLoader pin the batches: with pin_memory=True and workers it pins them "
                                "beside the loop, not on its time.");
        f.stepPart = StepPart::Other;
    });
}

// pin_memory=True with num_workers=0: the loop itself pins each batch as it waits for it.
void pinnedWithoutWorkers(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QHash<FindingPlace, Tally> lines;
    for (const WatchDataWait &w : p.dataWaits())
        if (w.pinMemory && w.workers == 0 && w.step >= 1) // the first step's wait runs from the start
            lines[FindingPlace{w.file, w.line, w.cell}].add(w.step, w.seconds, w.at);
    pinningFindings(lines, out, [](WatchFinding &f, int steps, double perStep) {
        f.title = WatchFindings::tr("pin_memory=True with num_workers=0 pins on the loop's time");
        f.evidence = WatchFindings::tr("The DataLoader pinned each batch in the main process (num_workers=0): the "
                                       "loop waited %1 ms a step over %2 steps for batches, the pinning copy included.")
                         .arg(WatchFindings::milliseconds(perStep))
                         .arg(steps);
        f.costBasis = WatchFindings::tr("measured: the wait for each batch, of which the pinning is a part");
        f.advice
            = WatchFindings::tr("Give the DataLoader workers: its pin-memory thread then pins each batch beside the "
                                "loop, while the GPU computes.");
        f.stepPart = StepPart::Wait;
    });
}

} // namespace

void GpuFindings::pinning(const WatchedProgram &p, QList<WatchFinding> &out)
{
    nonBlockingUnpinned(p, out);
    pinPerBatch(p, out);
    pinnedWithoutWorkers(p, out);
}

namespace {

// The steps whose GPU idle time was measured, together (a DDP rank's and a cell are not steps).
struct IdleTotals
{
    int steps = 0;
    double total = 0, idle = 0, waited = 0, latest = 0;
    QHash<FindingPlace, int> where; // where the GPU got work after idling

    explicit IdleTotals(const WatchedProgram &p)
    {
        for (const WatchStep &s : p.steps()) {
            if (s.isCell || s.rank >= 0 || s.gpuIdleSeconds < 0)
                continue;
            total += s.seconds;
            idle += std::min(s.gpuIdleSeconds, s.seconds); // a hostile stream cannot idle more than the step
            waited += s.waitSeconds;
            latest = s.at;
            ++steps;
            if (s.gpuIdleSeconds > 0)
                ++where[FindingPlace{s.gpuIdleFile, s.gpuIdleLine, s.gpuIdleCell}];
        }
    }
};

} // namespace

double GpuFindings::idleShare(const WatchedProgram &p)
{
    const IdleTotals t(p);
    return t.steps < WatchFindings::kMinSteps || t.total <= 0 ? -1 : t.idle / t.total;
}

// The GPU waited for the host between steps (source text 004: when the GPU computes fast, the
// CPU's data loading becomes the bottleneck). Each step's idle time is the watcher's: from the
// event after the previous step's work to the event before this step's first work, on the GPU's
// own clock.
void GpuFindings::idle(const WatchedProgram &p, QList<WatchFinding> &out)
{
    const IdleTotals t(p);
    if (t.steps < WatchFindings::kMinSteps || t.total <= 0 || t.where.isEmpty() || t.idle / t.total < kIdleShare
        || t.idle / t.steps < WatchFindings::kMinWait)
        return;
    const double step = t.total / t.steps, gap = t.idle / t.steps, wait = t.waited / t.steps;
    WatchFinding f;
    f.kind = QStringLiteral("gpu_idle");
    FindingPlace::mostFrequent(t.where).putIn(f);
    f.title = WatchFindings::tr("The GPU sits idle %1 % of each step, waiting for the host")
                  .arg(qRound(100 * t.idle / t.total));
    f.evidence = WatchFindings::tr("Over %1 steps the GPU had nothing to do for %2 ms of each %3 ms step (CUDA events, "
                                   "on its own clock) until this line gave it work.")
                     .arg(t.steps)
                     .arg(WatchFindings::milliseconds(gap), WatchFindings::milliseconds(step));
    if (wait > 0)
        f.evidence += QLatin1Char(' ')
            + WatchFindings::tr("The loop waited %1 ms a step for the DataLoader.")
                  .arg(WatchFindings::milliseconds(wait));
    f.costSeconds = gap;
    f.costBasis = WatchFindings::tr("measured (CUDA events), per step");
    f.advice = wait >= gap / 2
        ? WatchFindings::tr("The GPU finishes before the next batch is ready: the CPU's data loading is the "
                            "bottleneck. Let DataLoader workers prepare batches, and its pin-memory thread pin them, "
                            "while the GPU computes.")
        : WatchFindings::tr("The host's own work between steps (preparing the batch in the loop, Python, reading "
                            "values back) keeps the GPU waiting. Move the preparation into a Dataset, whose "
                            "DataLoader workers run it beside the loop, or give the GPU more work per step (a "
                            "larger batch, as its memory allows).");
    f.code
        = QStringLiteral("DataLoader(dataset, batch_size=…, num_workers=%1, pin_memory=True, persistent_workers=True)")
              .arg(WatchFindings::adviceWorkers());
    f.fixInLoader = true;
    f.ifFixedSeconds = step - gap;
    f.at = t.latest;
    f.stepPart = StepPart::GpuIdle;
    out.append(f);
}

QString GpuFindings::idleNotChecked(const WatchedProgram &p)
{
    bool steps = false, ranks = false;
    for (const WatchStep &s : p.steps()) {
        if (s.gpuIdleSeconds >= 0)
            return {};
        steps = steps || (!s.isCell && s.rank < 0);
        ranks = ranks || s.rank >= 0;
    }
    if (ranks && !steps)
        return WatchFindings::tr("not measured: the ranks of tensorkitchen.replicas time their own steps");
    bool gpu = false;
    for (const WatchDevice &d : p.devices())
        gpu = gpu || d.device.startsWith(QLatin1String("cuda"));
    if (!gpu)
        return WatchFindings::tr("needs a GPU: this run had none (the GPU's idle time is measured with CUDA "
                                 "events)");
    if (!steps)
        return WatchFindings::tr("no optimizer step yet: the GPU's idle time is measured between steps");
    return WatchFindings::tr("not measured: no step's work was queued on a GPU (the optimizer's parameters "
                             "on a CUDA device, then a copy to it or a module call)");
}

} // namespace tk
