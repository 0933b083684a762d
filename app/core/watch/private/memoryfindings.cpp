#include "core/watch/private/memoryfindings.h"

#include "core/watch/watchedprogram.h"
#include "core/watch/watchfindings.h"
#include "core/watch/private/thin.h"

#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace tk {

namespace {

// Bytes a step a device's memory grew over the steps [from, to], by least squares over its
// samples there; false when fewer than 3 samples span at least 2 steps.
bool fittedGrowth(const WatchedProgram &p, const QString &device, qint64 from, qint64 to, double *bytesPerStep)
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

// A tensor that keeps its autograd history from step to step (PyTorch's FAQ: "don't
// accumulate history across your training loop"): a name whose graph grew at every sample a
// step or more after the one before, over at least kMinSteps steps.
} // namespace

void MemoryFindings::graphKept(const WatchedProgram &p, QList<WatchFinding> &out)
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
        if (fittedGrowth(p, device, s[first].steps, s[last].steps, &perStep))
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

namespace {

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

// Memory that grows step over step on a device: its samples from the first step to before
// the last, over at least kMinGrowthSteps steps, rising with them (rank correlation ≥ 0.8) in
// every third of them, and adding up to at least 16 MiB (not also a tenth of the start: torch 2
// alone leaves ~600 MiB resident on the CPU). Not said again where graph_kept explains it.
} // namespace

void MemoryFindings::growth(const WatchedProgram &p, QList<WatchFinding> &out)
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

} // namespace tk
