#include "core/watch/watchfindings.h"

#include "core/watch/watchedprogram.h"
#include "core/watch/watchcall.h"
#include "core/watch/private/thin.h"
#include "core/watch/private/findingplace.h"
#include "core/watch/private/gpufindings.h"
#include "core/watch/private/stepset.h"

#include <QHash>
#include <QPair>
#include <QThread>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace tk {

namespace {

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
    // On CUDA the loop may wait for batches while the GPU is still busy with the steps it ran
    // ahead of: measured idle below its threshold, the wait hides behind the GPU's work.
    const double gpuIdle = GpuFindings::idleShare(p);
    if (gpuIdle >= 0 && gpuIdle < GpuFindings::kIdleShare)
        return;
    QHash<FindingPlace, int> where;
    PlaceLookup<int> countAt(where);
    for (const WatchDataWait &w : waits)
        ++countAt(w);
    const FindingPlace at = FindingPlace::mostFrequent(where);
    const WatchDataWait &last = waits.constLast();
    const double step = total / steps, wait = waited / steps;
    WatchFinding f;
    f.kind = QStringLiteral("data_wait");
    at.putIn(f);
    f.title
        = WatchFindings::tr("Each step waits %1 % of its time for the DataLoader").arg(qRound(100 * waited / total));
    f.evidence = WatchFindings::tr("Over %1 steps the loop waited %2 ms of its %3 ms step for the next batch "
                                   "(num_workers=%4, pin_memory=%5).")
                     .arg(steps)
                     .arg(WatchFindings::milliseconds(wait), WatchFindings::milliseconds(step))
                     .arg(last.workers < 0 ? QStringLiteral("?") : QString::number(last.workers),
                          last.pinMemory ? QStringLiteral("True") : QStringLiteral("False"));
    f.costSeconds = wait;
    f.costBasis = WatchFindings::tr("measured");
    f.advice = WatchFindings::tr("Let worker processes prepare the next batches while the model computes: "
                                 "with enough workers the wait hides behind the step.");
    f.code = QStringLiteral("DataLoader(dataset, batch_size=…, num_workers=%1, persistent_workers=True)")
                 .arg(WatchFindings::adviceWorkers());
    f.ifFixedSeconds = step - wait;
    f.at = last.at;
    f.stepPart = StepPart::Wait;
    out.append(f);
}

// A whole worth moving once holds at least this many of the line's moves.
constexpr qint64 kWholeBatches = 4;

// The memory `device` has free as the program's latest sample says (its total less what the
// program's allocator holds); -1: not known (the CPU, meta, no sample yet).
qint64 freeMemory(const WatchedProgram &p, const QString &device)
{
    for (const WatchDevice &d : p.devices())
        if (d.device == device && d.total >= 0 && d.reserved >= 0)
            return std::max<qint64>(0, d.total - d.reserved);
    return -1;
}

// 3. Batches of a dataset that fits the device moved to it in step after step: slices of the
// same tensors, or a TensorDataset's batches (source text 003: load it up front, once). A
// DataLoader over files or new tensors each batch has no whole to move once: not said; nor is a
// slice of the batch itself (`x = batch[:, :-1]`: its whole is not many batches).
void perBatchMove(const WatchedProgram &p, QList<WatchFinding> &out)
{
    struct Line
    {
        StepSet steps;
        qint64 bytes = 0, largest = 0, whole = 0; // whole: the storage the batches were sliced from
        double seconds = 0, latest = 0;
        QString to, name;
    };
    // The steps in which the loop took a TensorDataset's batch (any class that sent its bytes),
    // and the largest such dataset: a line that moves in those steps moves its batches.
    StepSet tensorDatasetSteps;
    qint64 tensorDataset = -1;
    for (const WatchDataWait &w : p.dataWaits())
        if (w.datasetBytes >= 0) {
            tensorDatasetSteps.insert(w.step);
            tensorDataset = std::max(tensorDataset, w.datasetBytes);
        }
    // One pass over the moves (the tab asks again as steps come: up to kMaxKept of them).
    QHash<FindingPlace, Line> lines;
    PlaceLookup<Line> lineOf(lines);
    for (const MoveReport &m : p.moves()) {
        if (m.inPlace || m.program.step < 0 || m.fromDevice != QLatin1String("cpu")
            || m.toDevice == QLatin1String("cpu"))
            continue;
        Line &l = lineOf(m);
        l.steps.insert(m.program.step);
        l.bytes += m.bytes;
        l.largest = std::max(l.largest, m.bytes);
        l.whole = std::max(l.whole, m.program.sourceBytes);
        l.seconds += m.timed ? m.seconds : 0;
        l.latest = m.program.at;
        l.to = m.toDevice;
        l.name = m.sourceName;
    }
    for (auto it = lines.constBegin(); it != lines.constEnd(); ++it) {
        const Line &l = it.value();
        const int steps = int(l.steps.size());
        qint64 whole = l.whole;
        if (whole < kWholeBatches * l.largest && l.steps.commonWith(tensorDatasetSteps) >= WatchFindings::kMinSteps)
            whole = tensorDataset;
        const qint64 free = freeMemory(p, l.to);
        if (steps < WatchFindings::kMinSteps || whole <= 0 || whole < kWholeBatches * l.largest
            || (free >= 0 && whole > free))
            continue;
        const bool meta = l.to == QLatin1String("meta");
        WatchFinding f;
        f.kind = QStringLiteral("per_batch_move");
        it.key().putIn(f);
        const QString name = l.name.isEmpty() ? WatchFindings::tr("a batch") : l.name;
        f.title = WatchFindings::tr("%1 is moved to %2 in every step").arg(name, l.to);
        const QLocale locale;
        f.evidence = WatchFindings::tr("This line moved %1 from cpu to %2 in each of %3 steps, %4 a step.")
                         .arg(name, l.to)
                         .arg(steps)
                         .arg(locale.formattedDataSize(l.bytes / steps));
        f.evidence += QLatin1Char(' ')
            + (free >= 0 ? WatchFindings::tr("The whole dataset is %1; %2 has %3 free.")
                               .arg(locale.formattedDataSize(whole), l.to, locale.formattedDataSize(free))
                         : WatchFindings::tr("The whole dataset is %1.").arg(locale.formattedDataSize(whole)));
        f.costSeconds = meta ? 0 : l.seconds / steps;
        f.costBasis = meta ? WatchFindings::tr("estimated: meta moves no data; on a GPU each would be a real copy")
                           : WatchFindings::tr("measured");
        f.advice = WatchFindings::tr("If the whole dataset fits the device's memory, move it once before the loop "
                                     "and slice batches there: nothing crosses per step.");
        f.code = QStringLiteral("x_all, y_all = x_all.to(device), y_all.to(device)  # once, before the loop");
        f.at = l.latest;
        f.stepPart = StepPart::Copy;
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
    if (what == QLatin1String("__bool__"))
        return QStringLiteral("bool(tensor)"); // `if t:`, `while t:`, `t and …`
    if (what == QLatin1String("__float__"))
        return QStringLiteral("float(tensor)");
    if (what == QLatin1String("__int__"))
        return QStringLiteral("int(tensor)");
    return QStringLiteral(".%1()").arg(what);
}

// What to write instead of a sync, by kind: the advice, and a line of code.
QPair<QString, QString> syncFix(const QString &what)
{
    // Ops whose result's size depends on the values: the host waits to learn it.
    if (what == QLatin1String("nonzero") || what == QLatin1String("masked_select") || what == QLatin1String("unique")
        || what == QLatin1String("repeat_interleave")) {
        const QString advice = WatchFindings::tr("Its result's size depends on the tensor's values, so the host waits "
                                                 "for the device to learn it. Use an op whose result has a size known "
                                                 "beforehand, or give the size.");
        if (what == QLatin1String("unique"))
            return {advice,
                    QStringLiteral("counts = torch.zeros(k).scatter_add_(0, labels, ones)  # k known: no wait")};
        if (what == QLatin1String("repeat_interleave"))
            return {advice, QStringLiteral("x.repeat_interleave(repeats, dim=1, output_size=total)  # size given")};
        return {advice, QStringLiteral("x = torch.where(mask, x, torch.zeros_like(x))  # same shape: no wait")};
    }
    if (what == QLatin1String("__bool__"))
        return {WatchFindings::tr("A Python if (or while, and, or) on a tensor reads its value back. Keep the "
                                  "comparison on the device and branch on it now and then."),
                QStringLiteral("best = torch.minimum(best, loss.detach())  # no Python branch on a tensor")};
    return {WatchFindings::tr("Keep values on the device inside the loop and read them back now and then: "
                              "every read makes the host wait until the device has finished."),
            QStringLiteral("running_loss += loss.detach()  # .item() once per epoch or every N steps")};
}

// 4. The host waits for the device inside the step loop (source text 004: synchronize).
void syncInStep(const WatchedProgram &p, QList<WatchFinding> &out)
{
    struct Line
    {
        StepSet steps;
        qint64 calls = 0;
        double seconds = 0, at = 0;
        QString what;
        bool onDevice = false; // a real wait (CUDA…), not a CPU tensor's read
    };
    QHash<FindingPlace, Line> lines;
    const auto add
        = [](Line &l, qint64 step, const QString &what, qint64 calls, double seconds, const QString &device, double t) {
              l.steps.insert(step);
              l.calls += calls;
              l.seconds += seconds;
              l.at = t;
              l.what = what;
              l.onDevice = l.onDevice || device != QLatin1String("cpu");
          };
    {
        PlaceLookup<Line> lineOf(lines);
        for (const WatchCall &s : p.calls())
            if (s.what != QLatin1String("pin_memory"))
                add(lineOf(s), s.step, s.what, s.count, s.seconds, s.device, s.at);
    }
    // A device tensor brought to the CPU in a step waits for it too (.cpu(), .to("cpu")). A
    // move's `step` counts the steps done before it: it is in step number step + 1.
    for (const MoveReport &m : p.moves())
        if (m.program.step >= 0 && m.toDevice == QLatin1String("cpu") && m.fromDevice.startsWith(QLatin1String("cuda")))
            add(lines[FindingPlace{m.program.file, m.program.line, m.program.cell}], m.program.step + 1,
                QStringLiteral("cpu"), 1, m.timed ? m.seconds : 0, m.fromDevice, m.program.at);
    QHash<FindingPlace, int> where;
    qint64 calls = 0;
    double seconds = 0;
    bool onDevice = false;
    StepSet steps;
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
    const FindingPlace at = FindingPlace::mostFrequent(where);
    const Line &l = lines.value(at);
    WatchFinding f;
    f.kind = QStringLiteral("sync_in_step");
    at.putIn(f);
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
    const QPair<QString, QString> fix = syncFix(l.what);
    f.advice = fix.first;
    f.code = fix.second;
    f.at = l.at;
    f.stepPart = StepPart::Other; // the host's wait is part of the rest of the step
    out.append(f);
}

// Bytes a step a device's memory grew over the steps [from, to], by least squares over its
// samples there; false when fewer than 3 samples span at least 2 steps.
bool memoryGrowth(const WatchedProgram &p, const QString &device, qint64 from, qint64 to, double *bytesPerStep)
{
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    qint64 low = -1, high = -1;
    for (const WatchMemoryPoint &m : p.memoryPoints()) {
        if (m.device != device || m.steps < from || m.steps > to)
            continue;
        const double x = double(m.steps), y = double(m.used);
        n += 1;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        low = low < 0 ? m.steps : qMin(low, m.steps);
        high = qMax(high, m.steps);
    }
    const double d = n * sxx - sx * sx;
    if (n < 3 || high - low < 2 || d <= 0)
        return false;
    *bytesPerStep = (n * sxy - sx * sy) / d;
    return true;
}

// 5. A tensor that keeps its autograd history from step to step (PyTorch's FAQ: "don't
// accumulate history across your training loop"): a name whose graph grew at every sample a
// step or more after the one before, over at least kMinSteps steps.
void graphKept(const WatchedProgram &p, QList<WatchFinding> &out)
{
    for (const WatchGraphHistory &g : p.graphs()) {
        const QList<WatchGraphHistory::Sample> &s = g.samples;
        int grew = 0;
        bool shrank = false;
        qsizetype first = -1, last = -1;
        for (qsizetype i = 1; i < s.size(); ++i) {
            if (s[i].steps <= s[i - 1].steps)
                continue; // no step between: the same graph, or the program's end
            if (s[i].nodes > s[i - 1].nodes) {
                ++grew;
                first = first < 0 ? i - 1 : first;
                last = i;
            } else if (s[i - 1].nodes < WatchFindings::kGraphNodesCounted) {
                shrank = true; // freed at some point: a graph rebuilt each step, not kept
            }
        }
        if (shrank || grew < 2 || s[last].steps - s[first].steps < WatchFindings::kMinSteps)
            continue;
        const qint64 steps = s[last].steps - s[first].steps;
        WatchFinding f;
        f.kind = QStringLiteral("graph_kept");
        f.device = g.device.startsWith(QLatin1String("cuda")) ? g.device : QStringLiteral("cpu");
        f.file = g.file;
        f.line = g.assignedLine > 0 ? g.assignedLine : g.line;
        f.cell = g.cell;
        f.title = WatchFindings::tr("%1 keeps every step's autograd graph").arg(g.name);
        f.evidence = WatchFindings::tr("%1 carries autograd history: its graph grew from %2 to %3 nodes over %4 steps, "
                                       "each step's graph chained to the last, none freed.")
                         .arg(g.name)
                         .arg(s[first].nodes)
                         .arg(s[last].nodes)
                         .arg(steps);
        const QString device = g.device.startsWith(QLatin1String("cuda")) ? g.device : QStringLiteral("cpu");
        double perStep = 0;
        if (memoryGrowth(p, device, s[first].steps, s[last].steps, &perStep))
            f.costBasis = perStep > 0
                ? WatchFindings::tr("measured: %1 memory grew %2 a step meanwhile (%3)")
                      .arg(device, QLocale().formattedDataSize(qint64(perStep)),
                           device == QLatin1String("cpu") ? WatchFindings::tr("the process's resident memory")
                                                          : WatchFindings::tr("allocated by PyTorch"))
                : WatchFindings::tr("measured: %1 memory did not grow meanwhile").arg(device);
        else
            f.costBasis = WatchFindings::tr("memory growth not measured: too few memory samples while it grew");
        f.advice = WatchFindings::tr("Don't accumulate history across your training loop: add the loss's value "
                                     "(loss.item()) or the loss cut from its graph (loss.detach()), not the loss "
                                     "itself, or memory grows every step until it runs out.");
        f.code = QStringLiteral("%1 += loss.item()  # or loss.detach(): no graph kept").arg(g.name);
        f.at = s[last].at;
        f.stepPart = StepPart::Other;
        out.append(f);
    }
}

// Each value's rank (from 1), ties given their mean rank.
QList<double> ranks(const QList<double> &v)
{
    QList<qsizetype> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&v](qsizetype a, qsizetype b) { return v[a] < v[b]; });
    QList<double> r(v.size());
    for (qsizetype i = 0; i < order.size();) {
        qsizetype j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]])
            ++j;
        for (qsizetype k = i; k <= j; ++k)
            r[order[k]] = (double(i) + double(j)) / 2 + 1;
        i = j + 1;
    }
    return r;
}

// Spearman's rank correlation of x and y (0 when either is constant).
double rankCorrelation(const QList<double> &x, const QList<double> &y)
{
    const QList<double> rx = ranks(x), ry = ranks(y);
    const double n = double(rx.size()), mean = (n + 1) / 2;
    double sxy = 0, sxx = 0, syy = 0;
    for (qsizetype i = 0; i < rx.size(); ++i) {
        sxy += (rx[i] - mean) * (ry[i] - mean);
        sxx += (rx[i] - mean) * (rx[i] - mean);
        syy += (ry[i] - mean) * (ry[i] - mean);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0;
}

// 6. Memory that grows step over step on a device: its samples from the first step to before
// the last, over at least kMinGrowthSteps steps, rising with them (rank correlation ≥ 0.8) in
// every third of them, and adding up to at least 16 MiB (not also a tenth of the start: torch 2
// alone leaves ~600 MiB resident on the CPU). Not said again where graph_kept explains it.
void memoryGrowth(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QSet<QString> explained;
    for (const WatchFinding &f : out)
        if (f.kind == QLatin1String("graph_kept"))
            explained.insert(f.device);
    for (const WatchDevice &d : p.devices()) {
        if (explained.contains(d.device))
            continue;
        // From the first step on, and not after the last: a program's end frees its memory.
        qint64 last = 0;
        for (const WatchMemoryPoint &m : p.memoryPoints())
            if (m.device == d.device)
                last = qMax(last, m.steps);
        QList<WatchMemoryPoint> points;
        for (const WatchMemoryPoint &m : p.memoryPoints())
            if (m.device == d.device && m.steps >= 1 && m.steps < last)
                points.append(m);
        if (points.size() < 8 || points.last().steps - points.first().steps < WatchFindings::kMinGrowthSteps)
            continue;
        // Robust to the spikes a sample catches mid-copy (torch.cat holds the old and the new
        // tensor for a moment): the median of the pairwise slopes (Theil–Sen), and the rank
        // correlation of memory with steps (Spearman's) to say it rises as the steps go.
        while (points.size() > 256)
            thin(points);
        std::vector<double> slopes;
        for (qsizetype i = 0; i < points.size(); ++i)
            for (qsizetype j = i + 1; j < points.size(); ++j)
                if (points[j].steps != points[i].steps)
                    slopes.push_back(double(points[j].used - points[i].used)
                                     / double(points[j].steps - points[i].steps));
        if (slopes.empty())
            continue;
        std::nth_element(slopes.begin(), slopes.begin() + qsizetype(slopes.size() / 2), slopes.end());
        const double slope = slopes[slopes.size() / 2];
        QList<double> x, y;
        for (const WatchMemoryPoint &m : points) {
            x.append(double(m.steps));
            y.append(double(m.used));
        }
        const qint64 from = points.first().steps, to = points.last().steps;
        const double grown = slope * double(to - from);
        if (slope <= 0 || rankCorrelation(x, y) < WatchFindings::kMinGrowthRank
            || grown < WatchFindings::kMinGrowthBytes)
            continue;
        // Step over step, not once: each third of the steps holds more than the one before, by
        // a fifth of the growth at least (a cache filled once, the optimizer's state made at
        // the first step, is a jump, not growth).
        QList<double> thirds[3];
        for (const WatchMemoryPoint &m : points)
            thirds[qMin(qsizetype(2), qsizetype(3 * (m.steps - from) / qMax(qint64(1), to - from + 1)))].append(
                double(m.used));
        double median[3];
        bool each = true;
        for (int i = 0; i < 3 && each; ++i) {
            each = !thirds[i].isEmpty();
            if (each) {
                std::sort(thirds[i].begin(), thirds[i].end());
                median[i] = thirds[i][thirds[i].size() / 2];
            }
        }
        const double rise = each ? median[2] - median[0] : 0;
        if (rise <= 0 || median[1] - median[0] < 0.2 * rise || median[2] - median[1] < 0.2 * rise)
            continue;
        const QLocale locale;
        WatchFinding f;
        f.kind = QStringLiteral("memory_growth");
        f.device = d.device;
        f.title = WatchFindings::tr("%1 memory grows %2 a step").arg(d.device, locale.formattedDataSize(qint64(slope)));
        f.evidence
            = WatchFindings::tr("From step %1 to step %2 it grew from %3 to %4, about %6 a step (the median "
                                "over its %5 samples).")
                  .arg(from)
                  .arg(to)
                  .arg(locale.formattedDataSize(points.first().used), locale.formattedDataSize(points.last().used))
                  .arg(points.size())
                  .arg(locale.formattedDataSize(qint64(slope)));
        // The name that grew the most, where the program's own frames show one.
        const WatchNamedBytes *most = nullptr;
        for (const WatchNamedBytes &b : p.namedBytes())
            if (b.device == d.device && b.lastBytes - b.firstBytes > 0
                && (!most || b.lastBytes - b.firstBytes > most->lastBytes - most->firstBytes))
                most = &b;
        if (most) {
            f.file = most->file;
            f.line = most->line;
            f.cell = most->cell;
            f.evidence += QLatin1Char(' ')
                + WatchFindings::tr("%1 grew the most: from %2 to %3.")
                      .arg(most->name, locale.formattedDataSize(most->firstBytes),
                           locale.formattedDataSize(most->lastBytes));
        } else if (!p.steps().isEmpty()) {
            f.file = p.steps().last().file;
            f.line = p.steps().last().line;
            f.cell = p.steps().last().cell;
        }
        if (d.total > 0 && points.last().used < d.total)
            f.costBasis = WatchFindings::tr("measured; at this rate %1 is full at step %2")
                              .arg(d.device)
                              .arg(to + qint64(double(d.total - points.last().used) / slope));
        else
            f.costBasis = WatchFindings::tr("measured");
        f.advice = WatchFindings::tr("Something keeps a little more every step: a tensor grown with torch.cat in the "
                                     "loop, a list of outputs or losses that keep their graphs, a cache that never "
                                     "empties. Keep numbers (.item()) or detached tensors, or bound what you keep.");
        f.code = QStringLiteral("history.append(loss.item())  # a number, not a tensor that grows or keeps a graph");
        f.at = points.last().at;
        f.stepPart = StepPart::Other;
        out.append(f);
    }
}

// 7. The model and the data on different devices (source text 003's error).
void modelDataSplit(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QSet<FindingPlace> said;
    for (const OpError &e : p.errors()) {
        if (e.kind != OpError::Kind::DeviceMismatch)
            continue;
        const FindingPlace at{e.sourceFile, e.sourceLine, e.sourceCell};
        if (said.contains(at))
            continue;
        said.insert(at);
        WatchFinding f;
        f.kind = QStringLiteral("model_data_split");
        at.putIn(f);
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
    if (!f.device.isEmpty())
        o[QStringLiteral("device")] = f.device;
    return o;
}

QList<WatchFinding> WatchFindings::of(const WatchedProgram &program)
{
    QList<WatchFinding> out;
    modelDataSplit(program, out);
    dataWait(program, out);
    perBatchMove(program, out);
    GpuFindings::pinning(program, out);
    syncInStep(program, out);
    graphKept(program, out);
    memoryGrowth(program, out);
    GpuFindings::idle(program, out);
    return out;
}

QMap<QString, QString> WatchFindings::notChecked(const WatchedProgram &program)
{
    QMap<QString, QString> why;
    if (const QString idle = GpuFindings::idleNotChecked(program); !idle.isEmpty())
        why.insert(QStringLiteral("gpu_idle"), idle);
    return why;
}

int WatchFindings::adviceWorkers() { return std::clamp(QThread::idealThreadCount(), 1, 4); }

QString WatchFindings::milliseconds(double seconds)
{
    return QLocale().toString(seconds * 1e3, 'f', seconds < 0.01 ? 2 : 1);
}

} // namespace tk
