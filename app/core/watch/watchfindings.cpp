#include "core/watch/watchfindings.h"

#include "core/watch/watchedprogram.h"
#include "core/watch/watchcall.h"
#include "core/watch/private/findingplace.h"
#include "core/watch/private/gpufindings.h"
#include "core/watch/private/memoryfindings.h"
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
    const WatchKept<WatchDataWait> &waits = p.dataWaits();
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
    const WatchDataWait last = waits.constLast();
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
    // A DataLoader a library made from the user's settings (Hugging Face's TrainingArguments):
    // the fix is written there, in their names.
    f.code = last.loaderSettings.isEmpty()
        ? QStringLiteral("DataLoader(dataset, batch_size=…, num_workers=%1, persistent_workers=True)")
              .arg(WatchFindings::adviceWorkers())
        : QStringLiteral("%2(…, dataloader_num_workers=%1, dataloader_persistent_workers=True)")
              .arg(WatchFindings::adviceWorkers())
              .arg(last.loaderSettings);
    f.fixInLoader = true;
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

// 5. The model and the data on different devices (source text 003's error).
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

// Where each fix is written. A fix that is a DataLoader's arguments goes where that DataLoader
// is made: of the waits at the finding's line when there are some, else of all the program's
// waits. Every other fix goes on the line the finding shows at.
void placeFixes(const WatchedProgram &p, QList<WatchFinding> &out)
{
    QHash<FindingPlace, QHash<FindingPlace, int>> loadersAt; // a wait's line → its loaders' places
    QHash<FindingPlace, int> loaders;
    PlaceLookup<QHash<FindingPlace, int>> atWait(loadersAt);
    for (const WatchDataWait &w : p.dataWaits())
        if (w.loaderLine > 0) {
            const FindingPlace made{w.loaderFile, w.loaderLine, w.loaderCell};
            ++atWait(w)[made];
            ++loaders[made];
        }
    for (WatchFinding &f : out) {
        if (f.fixLine > 0)
            continue;
        FindingPlace fix{f.file, f.line, f.cell};
        if (f.fixInLoader && !loaders.isEmpty()) {
            const auto at = loadersAt.constFind(fix);
            fix = FindingPlace::mostFrequent(at != loadersAt.cend() ? *at : loaders);
        }
        f.fixFile = fix.file;
        f.fixLine = fix.line;
        f.fixCell = fix.cell;
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
    o[QStringLiteral("fix_file")] = f.fixFile;
    o[QStringLiteral("fix_line")] = f.fixLine;
    if (f.fixCell > 0)
        o[QStringLiteral("fix_cell")] = f.fixCell;
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
    MemoryFindings::graphKept(program, out);
    MemoryFindings::growth(program, out);
    GpuFindings::idle(program, out);
    placeFixes(program, out);
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
