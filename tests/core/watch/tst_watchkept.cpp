// WatchKept: what a watched program keeps of its moves, steps, data waits and calls comes back
// exactly as it went in, field by field, while each call site is held once. Qt Core only.
#include "core/watch/watchedprogram.h"
#include "core/watch/watchkept.h"

#include <QTest>
#include <algorithm>
#include <numeric>
#include <tuple>

using namespace tk;

namespace {

// Every field, written here again (not taken from the codec): a field the codec forgot to keep
// makes these differ.
auto all(const MoveReport &m)
{
    const KitchenMoveFacts &k = m.kitchen;
    const WatchedMoveFacts &p = m.program;
    return std::make_tuple(m.origin, m.sourceId, m.sourceName, m.fromDevice, m.requestedDevice, m.toDevice,
                           m.idiomFallback, m.sameStorage, m.inPlace, m.bytes, m.seconds, m.timed, m.timing, m.count,
                           k.meaning, k.resultId, k.resultName, k.oldReleased, k.noMoveNeeded, k.codeLine, p.id, p.at,
                           p.api, p.file, p.line, p.cell, p.pinned, p.nonBlocking, p.step, p.className, p.dtype,
                           p.shape, p.sourceBytes);
}

auto all(const WatchStep &s)
{
    return std::make_tuple(s.n, s.at, s.optimizer, s.seconds, s.waitSeconds, s.copySeconds, s.bytes, s.moves,
                           s.collectiveSeconds, s.collectives, s.file, s.line, s.cell, s.gpuIdleSeconds, s.gpuIdleFile,
                           s.gpuIdleLine, s.gpuIdleCell, s.isCell, s.failed, s.rank, s.loss, s.samples,
                           s.forwardSeconds, s.backwardSeconds, s.optimizerSeconds, s.allreduceSeconds,
                           s.allreduceBytes);
}

auto all(const WatchDataWait &w)
{
    return std::make_tuple(w.at, w.seconds, w.batch, w.workers, w.pinMemory, w.dataset, w.datasetBytes, w.step, w.file,
                           w.line, w.cell, w.loaderFile, w.loaderLine, w.loaderCell, w.loaderSettings);
}

auto all(const WatchCall &c)
{
    return std::make_tuple(c.step, c.at, c.what, c.device, c.count, c.seconds, c.file, c.line, c.cell);
}

// Read both ways: at(i), a copy, and a range-for, whose iterator writes only a row's figures
// while the site stays the same (and the whole element when it changes, or is kept whole).
template<typename T> bool keptExactly(const WatchKept<T> &kept, const QList<T> &sent)
{
    if (kept.size() != sent.size())
        return false;
    for (qsizetype i = 0; i < sent.size(); ++i)
        if (all(kept.at(i)) != all(sent.at(i)))
            return false;
    qsizetype i = 0;
    for (const T &v : kept)
        if (all(v) != all(sent.at(i++)))
            return false;
    return true;
}

// A watched move as the window expander makes one: `site` picks one of three lines.
MoveReport move(qint64 id, int site, double at, double seconds)
{
    MoveReport m = MoveReport::of(MoveOrigin::Watched, QStringLiteral("x%1").arg(site), QStringLiteral("cpu"),
                                  QStringLiteral("cuda"), QStringLiteral("cuda:0"), 1024 * (site + 1));
    m.program.id = id;
    m.program.at = at;
    m.program.api = QStringLiteral("Tensor.to");
    m.program.file = QStringLiteral("/home/u/train.py");
    m.program.line = 40 + site;
    m.program.pinned = site == 2;
    m.program.nonBlocking = site == 2;
    m.program.step = int(id / 3);
    m.program.dtype = QStringLiteral("float32");
    m.program.shape = {8, qint64(32 * (site + 1))};
    m.program.sourceBytes = site == 1 ? 1 << 20 : 0;
    m.timing = QStringLiteral("wall");
    m.seconds = seconds;
    return m;
}

} // namespace

class TestWatchKept : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Three lines moving in turn: each site held once, every move back whole. A duration that
    // is not whole microseconds, a move not timed yet and ids that jump are kept exactly too.
    void movesComeBackExactly()
    {
        QList<MoveReport> sent;
        for (qint64 id = 0; id < 3000; ++id)
            sent.append(move(id, int(id % 3), 0.1 + id * 1.37e-4, (id % 7 + 1) / 1e6));
        sent[5].seconds = 1.0 / 3; // not whole microseconds
        sent[6].timed = false; // its CUDA events pending
        sent[6].seconds = 0;
        for (qsizetype i = 2000; i < sent.size(); ++i)
            sent[i].program.id += 1'000'000; // the watcher dropped some: the rows' offset changes
        sent.last().program.id += 5'000'000'000; // past what an offset holds: kept whole
        WatchKept<MoveReport> kept;
        kept.append(sent);
        QVERIFY(keptExactly(kept, sent));
        QCOMPARE(kept.siteCount(), 3);
        QCOMPARE(kept.wholeCount(), 2); // the 1/3 s (no row holds it exactly) and the last id
        QCOMPARE(kept.at(6).timed, false);
        QCOMPARE(kept.at(5).seconds, 1.0 / 3);
        QCOMPARE(kept.at(2500).program.id, 1'002'500);
        QCOMPARE(kept.last().program.id, 5'001'002'999);
    }

    void stepsWaitsAndCallsComeBackExactly()
    {
        QList<WatchStep> steps;
        QList<WatchDataWait> waits;
        QList<WatchCall> calls;
        for (int i = 1; i <= 500; ++i) {
            WatchStep s;
            s.n = i;
            s.at = 0.25 + i * 0.0031;
            s.optimizer = QStringLiteral("AdamW");
            s.seconds = (150 + i % 9) / 1e6;
            s.waitSeconds = (40 + i % 3) / 1e6;
            s.copySeconds = 3 / 1e6;
            s.bytes = 256 * i;
            s.moves = 2;
            s.file = QStringLiteral("train.py");
            s.line = 71;
            s.gpuIdleSeconds = i % 2 ? -1 : 12 / 1e6; // -1: not measured
            s.gpuIdleFile = QStringLiteral("train.py");
            s.gpuIdleLine = i % 2 ? 0 : 66;
            steps.append(s);

            WatchDataWait w;
            w.at = s.at - 1e-4;
            w.seconds = (38 + i % 5) / 1e6;
            w.batch = i % 64;
            w.workers = 0;
            w.dataset = QStringLiteral("TensorDataset");
            w.datasetBytes = 163840;
            w.step = i;
            w.file = QStringLiteral("train.py");
            w.line = 64;
            w.loaderFile = QStringLiteral("train.py");
            w.loaderLine = 20;
            w.loaderSettings = i > 400 ? QStringLiteral("TrainingArguments") : QString();
            waits.append(w);

            WatchCall c;
            c.step = i;
            c.at = s.at;
            c.what = i % 10 ? QStringLiteral("item") : QStringLiteral("tolist");
            c.device = QStringLiteral("cpu");
            c.count = 1 + i % 2;
            c.seconds = (i % 4) / 1e6;
            c.file = QStringLiteral("train.py");
            c.line = 72;
            calls.append(c);
        }
        // A DDP rank's step (its loss and phases change every step) and a collective.
        steps[10].rank = 1;
        steps[10].loss = 2.3125;
        steps[10].forwardSeconds = 0.0125;
        steps[20].collectives = 1;
        steps[20].collectiveSeconds = 0.004;
        // A step over 35 minutes and a count past 2^31: kept whole, not cut.
        steps[30].seconds = 3000.5;
        calls[40].count = qint64(1) << 33;

        WatchKept<WatchStep> keptSteps;
        WatchKept<WatchDataWait> keptWaits;
        WatchKept<WatchCall> keptCalls;
        keptSteps.append(steps);
        keptWaits.append(waits);
        keptCalls.append(calls);
        QVERIFY(keptExactly(keptSteps, steps));
        QVERIFY(keptExactly(keptWaits, waits));
        QVERIFY(keptExactly(keptCalls, calls));
        QCOMPARE(keptSteps.wholeCount(), 2); // the rank's and the long one
        QCOMPARE(keptSteps.siteCount(), 3); // idle measured at 66 or not, and the collective's
        QCOMPARE(keptWaits.siteCount(), 2); // before and after the settings were named
        QCOMPARE(keptCalls.siteCount(), 2); // item and tolist
        QCOMPARE(keptCalls.wholeCount(), 1);
    }

    // What goes from the front gives its sites back: a long run of ever-new sites (a shape per
    // batch) holds only the sites its kept elements use.
    void removedElementsGiveTheirSitesBack()
    {
        WatchKept<MoveReport> kept;
        QList<MoveReport> sent;
        for (qint64 id = 0; id < 100; ++id) {
            MoveReport m = move(id, 0, id * 0.01, 5 / 1e6);
            m.program.shape = {id + 1, 8}; // each its own site
            sent.append(m);
        }
        sent[3].seconds = 0.1234567; // kept whole
        kept.append(sent);
        QCOMPARE(kept.siteCount(), 99);
        QCOMPARE(kept.wholeCount(), 1);
        kept.removeFirst(60);
        QCOMPARE(kept.size(), 40);
        QCOMPARE(kept.siteCount(), 40);
        QCOMPARE(kept.wholeCount(), 0);
        QVERIFY(keptExactly(kept, sent.mid(60)));
        kept.append(move(100, 1, 1.0, 7 / 1e6)); // a new site, in a slot given back
        QCOMPARE(kept.siteCount(), 41);
        QCOMPARE(all(kept.last()), all(move(100, 1, 1.0, 7 / 1e6)));
        QVERIFY(keptExactly(kept, sent.mid(60) + QList<MoveReport>{move(100, 1, 1.0, 7 / 1e6)}));
        kept.clear();
        QVERIFY(kept.isEmpty());
        QCOMPARE(kept.siteCount(), 0);
    }

    // It reads as a list: range-for, binary search by id, mid(), first()/last(); replace()
    // changes one element (a move timed when its CUDA events completed) and nothing else.
    void readsAsAList()
    {
        WatchKept<MoveReport> kept;
        QList<MoveReport> sent;
        for (qint64 id = 10; id < 1010; id += 2)
            sent.append(move(id, int(id % 3), id * 0.5, 2 / 1e6));
        kept.append(sent);
        qsizetype n = 0;
        qint64 ids = 0;
        for (const MoveReport &m : kept) {
            ++n;
            ids += m.program.id;
        }
        QCOMPARE(n, sent.size());
        QCOMPARE(ids, std::accumulate(sent.cbegin(), sent.cend(), qint64(0), [](qint64 a, const MoveReport &m) {
                     return a + m.program.id;
                 }));
        const auto it = std::lower_bound(kept.cbegin(), kept.cend(), qint64(500),
                                         [](const MoveReport &m, qint64 id) { return m.program.id < id; });
        QCOMPARE(it - kept.cbegin(), 245);
        QCOMPARE((*it).program.id, 500);
        QCOMPARE(kept.mid(498).size(), 2);
        QCOMPARE(kept.first().program.id, 10);
        QCOMPARE(kept.last().program.id, 1008);

        MoveReport timed = kept.at(7);
        timed.timed = false;
        timed.seconds = 0;
        kept.replace(7, timed);
        QCOMPARE(kept.at(7).timed, false);
        timed.timed = true;
        timed.seconds = 0.000125;
        kept.replace(7, timed);
        sent[7] = timed;
        QVERIFY(keptExactly(kept, sent));
    }

    // The program keeps its moves this way: a move_time finds its move among them and times it.
    void programTimesAKeptMove()
    {
        WatchedProgram p;
        p.feed(R"({"type":"hello","v":1,"t":0,"pid":7,"python":"3.11","torch":"2.4","devices":[{"device":"cpu"}]}
{"type":"move","t":0.5,"id":1,"api":"Tensor.to","kind":"tensor","name":"x","from":"cpu","to":"meta","bytes":64,"shape":[4,4],"dtype":"float32","timing":"cuda_events","file":"a.py","line":3}
{"type":"move","t":0.6,"id":2,"api":"Tensor.to","kind":"tensor","name":"x","from":"cpu","to":"meta","bytes":64,"shape":[4,4],"dtype":"float32","timing":"cuda_events","file":"a.py","line":3}
{"type":"move_time","t":0.7,"id":1,"seconds":0.000042}
)");
        p.flush();
        QCOMPARE(p.moves().size(), 2);
        QVERIFY(p.move(1).has_value());
        QCOMPARE(p.move(1)->timed, true);
        QCOMPARE(p.move(1)->seconds, 0.000042);
        QCOMPARE(p.move(2)->timed, false);
        QVERIFY(!p.move(3).has_value());
        QCOMPARE(p.moves().siteCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestWatchKept)
#include "tst_watchkept.moc"
