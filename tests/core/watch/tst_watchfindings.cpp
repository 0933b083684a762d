// "Why is my program slow?": each kind of finding from a real program that shows it (recorded
// by the watcher here, under the build's Python), at its line, and none from its fixed twin;
// the bench's JSON carries them with the fields docs/findings.md lists.
#include "support/benchrun.h"
#include "support/testsupport.h"
#include "support/watchlines.h"
#include "support/watchtest.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchfindings.h"
#include "core/watch/fixtrial.h"
#include "core/watch/watchplace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <sys/stat.h>

using namespace tk;

class TestWatchFindings : public QObject
{
    Q_OBJECT

    QString m_python;
    QTemporaryDir m_dir;
    QHash<QString, QString> m_recordings;

    // The script's line holding `text`, so that no test hard-codes a line number.
    static int lineOf(const QString &script, const QString &text)
    {
        QFile f(testsupport::watcherScript(script));
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        int n = 0;
        while (!f.atEnd()) {
            ++n;
            if (QString::fromUtf8(f.readLine()).contains(text))
                return n;
        }
        return -1;
    }

    QList<WatchFinding> findingsOf(const QString &script)
    {
        QFile f(m_recordings.value(script));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        WatchedProgram program;
        program.feed(f.readAll());
        return WatchFindings::of(program);
    }

    static QStringList kinds(const QList<WatchFinding> &findings)
    {
        QStringList k;
        for (const WatchFinding &f : findings)
            k << f.kind;
        return k;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_python = testsupport::torchPython();
        if (m_python.isEmpty())
            QSKIP("no Python with torch here: the programs run under the user's own Python");
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkpath("findings")); // recordings sit as the scripts do
        for (const char *script :
             {"findings/slow_loader.py", "findings/slow_loader_fixed.py", "findings/per_batch_move.py",
              "findings/per_batch_move_fixed.py", "findings/sync_in_step.py", "findings/sync_in_step_fixed.py",
              "findings/hidden_syncs.py", "findings/hidden_syncs_fixed.py", "findings/graph_kept.py",
              "findings/graph_kept_fixed.py", "findings/memory_growth.py", "findings/memory_growth_fixed.py",
              "seed003_wrong.py", "seed003_right.py"}) {
            QString log;
            const QString rec = testsupport::recordScript(m_python, script, m_dir.path(), &log);
            QVERIFY2(!rec.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(script, log)));
            m_recordings.insert(script, rec);
        }
    }

    // Each sample takes 2 ms and no worker prepares them: nearly the whole step is waiting.
    void aStarvedLoopWaitsForItsData()
    {
        const QList<WatchFinding> found = findingsOf("findings/slow_loader.py");
        QCOMPARE(kinds(found), QStringList{"data_wait"});
        const WatchFinding &f = found.first();
        QCOMPARE(f.line, lineOf("findings/slow_loader.py", "for x, y in loader:"));
        QVERIFY(f.file.endsWith("slow_loader.py"));
        // Shown at the loop, fixed where the DataLoader is made (its num_workers=).
        QCOMPARE(f.fixFile, f.file);
        QCOMPARE(f.fixLine, lineOf("findings/slow_loader.py", "loader = DataLoader(Slow(), batch_size=8"));
        QVERIFY2(f.evidence.contains("num_workers=0") && f.evidence.contains("7 steps"), qPrintable(f.evidence));
        QVERIFY(f.costSeconds > 0.008); // 8 samples × 2 ms a batch, at least
        QVERIFY(f.ifFixedSeconds >= 0 && f.ifFixedSeconds < f.costSeconds);
        QVERIFY(f.code.contains("num_workers="));
        QCOMPARE(f.costBasis, QStringLiteral("measured"));
        QCOMPARE(kinds(findingsOf("findings/slow_loader_fixed.py")), QStringList{});
    }

    // The batch goes to the device in every step; moved once before the loop, nothing is said.
    void aBatchMovedEveryStepIsSaid()
    {
        const QList<WatchFinding> found = findingsOf("findings/per_batch_move.py");
        QCOMPARE(kinds(found), QStringList{"per_batch_move"});
        const WatchFinding &f = found.first();
        QCOMPARE(f.line, lineOf("findings/per_batch_move.py", "xb = x_all[i:i + 8].to(\"meta\")"));
        QCOMPARE(f.fixLine, f.line); // the .to(…) itself is what moves before the loop
        QCOMPARE(f.fixFile, f.file);
        QVERIFY2(f.evidence.contains("xb") && f.evidence.contains("8 steps"), qPrintable(f.evidence));
        QCOMPARE(f.costSeconds, 0.0); // meta moves no data: estimated, and said so
        QVERIFY(f.costBasis.contains("on a GPU"));
        QCOMPARE(kinds(findingsOf("findings/per_batch_move_fixed.py")), QStringList{});
    }

    // Source text 003: the model on the CPU, the data on the device.
    void theModelAndTheDataApartAreAFinding()
    {
        const QList<WatchFinding> found = findingsOf("seed003_wrong.py");
        QCOMPARE(kinds(found), QStringList{"model_data_split"});
        QCOMPARE(found.first().line, lineOf("seed003_wrong.py", "return x + self.w"));
        QVERIFY(found.first().code.contains(".to(device)"));
        QCOMPARE(kinds(findingsOf("seed003_right.py")), QStringList{});
    }

    // A GPU-only kind, from the lines a CUDA program's watcher sends (no GPU here): pageable
    // copies asked to be non-blocking; pinned ones are not a finding.
    void nonBlockingFromPageableMemoryIsSaid()
    {
        QByteArray lines = testsupport::hello() + "\n";
        for (int step = 0; step < 3; ++step)
            for (bool pinned : {false, true})
                lines
                    += QStringLiteral(
                           R"({"type":"move","t":%1,"id":%2,"api":"Tensor.to","kind":"tensor","name":"x","from":"cpu","to":"cuda:0","bytes":4096,"pinned":%3,"non_blocking":true,"seconds":0.001,"timing":"cuda_events","step":%4,"file":"/u/train.py","line":%5})")
                           .arg(1.0 + step)
                           .arg(step * 2 + int(pinned) + 1)
                           .arg(pinned ? "true" : "false")
                           .arg(step)
                           .arg(pinned ? 31 : 30)
                           .toUtf8()
                    + "\n";
        WatchedProgram program;
        program.feed(lines);
        QList<WatchFinding> found;
        for (const WatchFinding &f : WatchFindings::of(program))
            if (f.kind == QLatin1String("non_blocking_unpinned"))
                found << f;
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().line, 30);
        QVERIFY2(found.first().evidence.contains("3 copies"), qPrintable(found.first().evidence));
        QVERIFY(found.first().code.contains("pin_memory=True"));
    }

    // loss.item() after every step: on the CPU nothing waits, and the finding says what a GPU
    // would do; the twin sums the loss on its device and reads it once, after the loop.
    void aReadInEveryStepIsSaid()
    {
        const QList<WatchFinding> found = findingsOf("findings/sync_in_step.py");
        QCOMPARE(kinds(found), QStringList{"sync_in_step"});
        const WatchFinding &f = found.first();
        QCOMPARE(f.line, lineOf("findings/sync_in_step.py", "running += loss.item()"));
        QVERIFY2(f.evidence.contains("8 times over 8 steps"), qPrintable(f.evidence)); // the last in bye
        QCOMPARE(f.costSeconds, 0.0);
        QVERIFY2(f.costBasis.startsWith("estimated") && f.costBasis.contains("GPU"), qPrintable(f.costBasis));
        QVERIFY(f.title.contains(".item()"));
        QVERIFY(f.code.contains("loss.detach()"));
        QCOMPARE(kinds(findingsOf("findings/sync_in_step_fixed.py")), QStringList{});
    }

    // The reads a loop hides (a tensor in an if, float() and int() of one, ops whose result's
    // size depends on the values) are each counted at their line; the twin that keeps every
    // value on the device, with sizes known beforehand, has none.
    void hiddenSyncsAreSaid()
    {
        const QList<WatchFinding> found = findingsOf("findings/hidden_syncs.py");
        QCOMPARE(kinds(found), QStringList{"sync_in_step"});
        const WatchFinding &f = found.first();
        QVERIFY2(f.evidence.contains("7 lines") && f.evidence.contains("over 8 steps"), qPrintable(f.evidence));
        QVERIFY(f.file.endsWith("hidden_syncs.py"));
        QVERIFY2(f.costBasis.startsWith("estimated"), qPrintable(f.costBasis));
        QCOMPARE(kinds(findingsOf("findings/hidden_syncs_fixed.py")), QStringList{});
    }

    // `total_loss += loss` keeps every step's graph (PyTorch's FAQ): found at that line, with
    // the memory it cost measured; the twin adds loss.detach() and keeps none.
    void historyKeptAcrossStepsIsSaid()
    {
        const QList<WatchFinding> found = findingsOf("findings/graph_kept.py");
        QCOMPARE(kinds(found), QStringList{"graph_kept"});
        const WatchFinding &f = found.first();
        QCOMPARE(f.line, lineOf("findings/graph_kept.py", "# the line the finding names"));
        QVERIFY(f.file.endsWith("graph_kept.py"));
        QVERIFY2(f.title.startsWith("total_loss keeps"), qPrintable(f.title));
        QVERIFY2(f.evidence.contains("nodes over"), qPrintable(f.evidence));
        // Each step keeps ~1 MiB of saved activations: the resident memory grew, measured.
        QVERIFY2(f.costBasis.startsWith("measured: cpu memory grew"), qPrintable(f.costBasis));
        QVERIFY(f.code.contains("total_loss += loss.item()"));
        QCOMPARE(kinds(findingsOf("findings/graph_kept_fixed.py")), QStringList{});
    }

    // A graph that is rebuilt each step (a step's own loss), or grows within one step only,
    // is not history kept; one that grows sample after sample is, with its memory fitted.
    void aGraphMustGrowStepAfterStep()
    {
        const auto program = [](const QList<int> &nodes, int stepsApart) {
            QByteArray lines = testsupport::hello() + "\n";
            int step = 0;
            double t = 0.1;
            for (int nodesNow : nodes) {
                for (int i = 0; i < stepsApart; ++i, t += 0.1)
                    lines
                        += QStringLiteral(R"({"type":"step","t":%1,"n":%2,"seconds":0.1})").arg(t).arg(++step).toUtf8()
                        + "\n";
                lines += QStringLiteral(R"({"type":"memory","t":%1,"devices":[{"device":"cpu","rss":%2}]})")
                             .arg(t)
                             .arg(qint64(100) << 20 | qint64(step) << 20)
                             .toUtf8()
                    + "\n";
                lines
                    += QStringLiteral(
                           R"({"type":"tensors","t":%1,"items":[{"name":"acc","kind":"tensor","device":"cpu","shape":[],"dtype":"float32","bytes":4,"graph":%2,"assigned":12,"file":"/u/train.py","line":15}]})")
                           .arg(t)
                           .arg(nodesNow)
                           .toUtf8()
                    + "\n";
            }
            auto p = std::make_unique<WatchedProgram>();
            p->feed(lines);
            return p;
        };
        QCOMPARE(kinds(WatchFindings::of(*program({10, 10, 10, 10}, 2))), QStringList{});
        QCOMPARE(kinds(WatchFindings::of(*program({10, 30, 12, 40}, 2))), QStringList{});
        QCOMPARE(kinds(WatchFindings::of(*program({10, 20}, 2))), QStringList{}); // one growth: not yet
        const QList<WatchFinding> found = WatchFindings::of(*program({10, 24, 38, 52}, 2));
        QCOMPARE(kinds(found), QStringList{"graph_kept"});
        QCOMPARE(found.first().line, 12);
        QVERIFY2(found.first().evidence.contains("from 10 to 52 nodes over 6 steps"),
                 qPrintable(found.first().evidence));
        QVERIFY2(found.first().costBasis.contains("grew 1.00 MiB a step"), qPrintable(found.first().costBasis));
    }

    // A tensor grown with torch.cat every step: memory rises 1 MiB a step, said with the name
    // that grew and when the machine would be full; the twin that keeps one step's rows, none.
    void memoryThatGrowsEveryStepIsSaid()
    {
        const QList<WatchFinding> found = findingsOf("findings/memory_growth.py");
        QCOMPARE(kinds(found), QStringList{"memory_growth"});
        const WatchFinding &f = found.first();
        QCOMPARE(f.device, QStringLiteral("cpu"));
        QVERIFY(f.file.endsWith("memory_growth.py"));
        QVERIFY2(f.evidence.contains("history grew the most"), qPrintable(f.evidence));
        QVERIFY2(f.title.startsWith("cpu memory grows"), qPrintable(f.title));
        QVERIFY2(f.costBasis.contains("is full at step"), qPrintable(f.costBasis));
        QCOMPARE(WatchFindings::toJson(f).value("device").toString(), QStringLiteral("cpu"));
        QCOMPARE(kinds(findingsOf("findings/memory_growth_fixed.py")), QStringList{});
    }

    // Growth is a line through the samples after the first step: noise around a level, a
    // single jump, or too few steps are not; graph_kept's device is not said twice.
    void memoryGrowthMustBeAFittedLine()
    {
        const auto program = [](const std::function<qint64(int)> &mib, int steps) {
            QByteArray lines = testsupport::hello() + "\n";
            for (int n = 1; n <= steps; ++n) {
                lines += QStringLiteral(R"({"type":"step","t":%1,"n":%2,"seconds":0.1})").arg(n * 0.1).arg(n).toUtf8()
                    + "\n";
                lines += QStringLiteral(R"({"type":"memory","t":%1,"devices":[{"device":"cpu","rss":%2}]})")
                             .arg(n * 0.1 + 0.05)
                             .arg(mib(n) << 20)
                             .toUtf8()
                    + "\n";
            }
            auto p = std::make_unique<WatchedProgram>();
            p->feed(lines);
            return p;
        };
        QCOMPARE(kinds(WatchFindings::of(*program([](int n) { return 200 + 2 * n; }, 30))),
                 QStringList{"memory_growth"});
        QCOMPARE(kinds(WatchFindings::of(*program([](int n) { return 200 + (n % 3) * 8; }, 30))), QStringList{});
        QCOMPARE(kinds(WatchFindings::of(*program([](int n) { return n < 15 ? 200 : 260; }, 30))), QStringList{});
        QCOMPARE(kinds(WatchFindings::of(*program([](int n) { return 200 + 4 * n; }, 8))), QStringList{});
        QCOMPARE(kinds(WatchFindings::of(*program([](int n) { return 200 + n / 4; }, 30))), QStringList{}); // < 16 MiB
        QCOMPARE(kinds(findingsOf("findings/graph_kept.py")), QStringList{"graph_kept"}); // not memory_growth too
    }

    // Each hidden sync's kind is named as the user wrote it, with its own fix.
    void eachHiddenSyncHasItsOwnFix_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("code");
        QTest::newRow("truth test") << "__bool__"
                                    << "bool(tensor)"
                                    << "torch.minimum";
        QTest::newRow("float") << "__float__"
                               << "float(tensor)"
                               << "loss.detach()";
        QTest::newRow("int") << "__int__"
                             << "int(tensor)"
                             << "loss.detach()";
        QTest::newRow("nonzero") << "nonzero"
                                 << ".nonzero()"
                                 << "torch.where";
        QTest::newRow("masked_select") << "masked_select"
                                       << ".masked_select()"
                                       << "torch.where";
        QTest::newRow("unique") << "unique"
                                << ".unique()"
                                << "scatter_add_";
        QTest::newRow("repeat_interleave") << "repeat_interleave"
                                           << ".repeat_interleave()"
                                           << "output_size=";
    }

    void eachHiddenSyncHasItsOwnFix()
    {
        QFETCH(QString, what);
        QFETCH(QString, title);
        QFETCH(QString, code);
        QByteArray lines = testsupport::hello() + "\n";
        for (int n = 1; n <= 4; ++n)
            lines
                += QStringLiteral(
                       R"({"type":"step","t":%1,"n":%1,"seconds":0.1,"calls":[{"file":"/u/train.py","line":41,"what":"%2","n":1,"seconds":0.002,"device":"cuda"}]})")
                       .arg(n)
                       .arg(what)
                       .toUtf8()
                + "\n";
        WatchedProgram program;
        program.feed(lines);
        const QList<WatchFinding> found = WatchFindings::of(program);
        QCOMPARE(kinds(found), QStringList{"sync_in_step"});
        QVERIFY2(found.first().title.startsWith(title + " waits for the GPU"), qPrintable(found.first().title));
        QVERIFY2(found.first().code.contains(code), qPrintable(found.first().code));
        QCOMPARE(found.first().costSeconds, 0.002);
    }

    // On CUDA the calls' time is the host's wait: the cost is measured; a .cpu() of a CUDA
    // tensor in a step waits too. Two such lines: said once, where most steps wait.
    void aGpuWaitIsMeasured()
    {
        QByteArray lines = testsupport::hello() + "\n";
        for (int n = 1; n <= 4; ++n) {
            lines
                += QStringLiteral(
                       R"({"type":"move","t":%1,"id":%2,"api":"Tensor.cpu","kind":"tensor","name":"out","from":"cuda:0","to":"cpu","bytes":64,"seconds":0.0005,"timing":"wall","step":%3,"file":"/u/train.py","line":40})")
                       .arg(n - 0.5)
                       .arg(n)
                       .arg(n - 1)
                       .toUtf8()
                + "\n";
            lines
                += QStringLiteral(
                       R"({"type":"step","t":%1,"n":%1,"seconds":0.1,"calls":[{"file":"/u/train.py","line":41,"what":"item","n":2,"seconds":0.03,"device":"cuda"}]})")
                       .arg(n)
                       .toUtf8()
                + "\n";
        }
        WatchedProgram program;
        program.feed(lines);
        const QList<WatchFinding> found = WatchFindings::of(program);
        QCOMPARE(kinds(found), QStringList{"sync_in_step"});
        const WatchFinding &f = found.first();
        QVERIFY(f.line == 40 || f.line == 41);
        QVERIFY2(f.evidence.contains("2 lines") && f.evidence.contains("12 times"), qPrintable(f.evidence));
        // (4 × 0.03 for the two reads + 4 × 0.0005 for the .cpu()) / 4 steps
        QVERIFY2(qAbs(f.costSeconds - 0.0305) < 1e-9, qPrintable(QString::number(f.costSeconds)));
        QVERIFY(f.costBasis.startsWith("measured"));
        QVERIFY(f.title.contains("waits for the GPU"));
    }

    // pin_memory() on each batch, and a DataLoader that pins with no workers: the loop pays
    // for the pinning copies. Once in two steps is not yet a pattern.
    void pinningOnTheLoopsTimeIsSaid()
    {
        QByteArray lines = testsupport::hello() + "\n";
        for (int n = 1; n <= 4; ++n) {
            lines
                += QStringLiteral(
                       R"({"type":"data_wait","t":%1,"seconds":0.004,"batch":%2,"workers":0,"pin_memory":true,"step":%3,"file":"/u/train.py","line":20,"loader_file":"/u/data.py","loader_line":7})")
                       .arg(n - 0.5)
                       .arg(n - 1)
                       .arg(n - 1)
                       .toUtf8()
                + "\n";
            const char *pinTwice = n <= 2
                ? R"(,{"file":"/u/train.py","line":23,"what":"pin_memory","n":1,"seconds":0.002,"device":"cpu"})"
                : "";
            lines
                += QStringLiteral(
                       R"({"type":"step","t":%1,"n":%1,"seconds":0.1,"calls":[{"file":"/u/train.py","line":22,"what":"pin_memory","n":1,"seconds":0.003,"device":"cpu"}%2]})")
                       .arg(n)
                       .arg(QString::fromLatin1(pinTwice))
                       .toUtf8()
                + "\n";
        }
        WatchedProgram program;
        program.feed(lines);
        QList<WatchFinding> found = WatchFindings::of(program);
        QCOMPARE(kinds(found), (QStringList{"non_blocking_unpinned", "non_blocking_unpinned"}));
        std::sort(found.begin(), found.end(),
                  [](const WatchFinding &a, const WatchFinding &b) { return a.line < b.line; });
        QCOMPARE(found.at(0).line, 20); // the loader's loop: pinned in the main process
        QVERIFY2(found.at(0).evidence.contains("num_workers=0") && found.at(0).evidence.contains("3 steps"),
                 qPrintable(found.at(0).evidence));
        QVERIFY2(qAbs(found.at(0).costSeconds - 0.004) < 1e-9, qPrintable(QString::number(found.at(0).costSeconds)));
        QCOMPARE(found.at(1).line, 22); // x.pin_memory() in every step
        QVERIFY2(found.at(1).evidence.contains("4 steps"), qPrintable(found.at(1).evidence));
        QVERIFY(found.at(1).code.contains("pin_memory=True"));
        // Both are fixed in the DataLoader's arguments, where data.py makes it.
        for (const WatchFinding &f : found) {
            QCOMPARE(f.fixFile, QStringLiteral("/u/data.py"));
            QCOMPARE(f.fixLine, 7);
        }
    }

    // The same from real programs on a GPU (skipped without one): pageable batches copied with
    // non_blocking=True, and the twin whose DataLoader pins them in its workers.
    void nonBlockingOnAGpu()
    {
        if (!testsupport::pythonHasCuda(m_python))
            QSKIP("needs a CUDA device (pinned memory and non_blocking copies are CUDA's)");
        QString log;
        const QString rec
            = testsupport::recordScript(m_python, "findings/non_blocking_unpinned.py", m_dir.path(), &log);
        QVERIFY2(!rec.isEmpty(), qPrintable(log));
        const QString fixed
            = testsupport::recordScript(m_python, "findings/non_blocking_unpinned_fixed.py", m_dir.path(), &log);
        QVERIFY2(!fixed.isEmpty(), qPrintable(log));
        m_recordings.insert("findings/non_blocking_unpinned.py", rec);
        m_recordings.insert("findings/non_blocking_unpinned_fixed.py", fixed);
        QStringList found;
        for (const WatchFinding &f : findingsOf("findings/non_blocking_unpinned.py"))
            if (f.kind == QLatin1String("non_blocking_unpinned")) {
                QCOMPARE(f.line, lineOf("findings/non_blocking_unpinned.py", "non_blocking=True)  # the line"));
                found << f.kind;
            }
        QCOMPARE(found.size(), 1);
        for (const WatchFinding &f : findingsOf("findings/non_blocking_unpinned_fixed.py"))
            QVERIFY2(f.kind != QLatin1String("non_blocking_unpinned"), qPrintable(f.evidence));
    }

    // Steps as a CUDA program's watcher sends them: each 50 ms, the GPU idle `idle` seconds
    // before its work (from step 2: step 1 has no step before it), `wait` of it for a batch.
    static QByteArray cudaSteps(double idle, double wait, int steps = 5)
    {
        QByteArray lines = testsupport::hello() + "\n";
        for (int n = 1; n <= steps; ++n) {
            const QString gap = n == 1
                ? QString()
                : QStringLiteral(R"(,"gpu_idle":{"seconds":%1,"file":"/u/train.py","line":25})").arg(idle);
            lines += QStringLiteral(R"({"type":"step","t":%1,"n":%1,"seconds":0.05,"wait_s":%2%3})")
                         .arg(n)
                         .arg(wait)
                         .arg(gap)
                         .toUtf8()
                + "\n";
        }
        return lines;
    }

    static QList<WatchFinding> findingsOfLines(const QByteArray &lines, QMap<QString, QString> *notChecked = nullptr)
    {
        WatchedProgram program;
        program.feed(lines);
        if (notChecked)
            *notChecked = WatchFindings::notChecked(program);
        return WatchFindings::of(program);
    }

    // The GPU idle 30 ms of each 50 ms step before line 25 gave it work: said there, with the
    // step it would take if the GPU never waited; a GPU that always had work says nothing.
    void anIdleGpuIsSaidWhereItsWorkBegan()
    {
        QMap<QString, QString> notChecked;
        const QList<WatchFinding> found = findingsOfLines(cudaSteps(0.03, 0.0), &notChecked);
        QCOMPARE(kinds(found), QStringList{"gpu_idle"});
        const WatchFinding &f = found.first();
        QCOMPARE(f.line, 25);
        QVERIFY2(f.title.contains("60 %"), qPrintable(f.title));
        QVERIFY2(f.evidence.contains("4 steps") && f.evidence.contains("30.0 ms") && f.evidence.contains("50.0 ms"),
                 qPrintable(f.evidence));
        QVERIFY2(!f.evidence.contains("DataLoader"), qPrintable(f.evidence)); // the loop waited for none
        QVERIFY(qAbs(f.costSeconds - 0.03) < 1e-12);
        QVERIFY(qAbs(f.ifFixedSeconds - 0.02) < 1e-12);
        QVERIFY(f.costBasis.contains("CUDA events"));
        QVERIFY2(f.advice.contains("host's own work"), qPrintable(f.advice));
        QVERIFY(f.code.contains("num_workers="));
        QCOMPARE(f.stepPart, StepPart::GpuIdle);
        QVERIFY(notChecked.isEmpty()); // measured
        // Waiting for the DataLoader is most of the GPU's idle time: the advice says so.
        const QList<WatchFinding> starved = findingsOfLines(cudaSteps(0.03, 0.025));
        QCOMPARE(kinds(starved), QStringList{"gpu_idle"});
        QVERIFY2(starved.first().advice.contains("data loading") && starved.first().evidence.contains("25.0 ms"),
                 qPrintable(starved.first().evidence + starved.first().advice));
        // A loop that waits for its DataLoader while the GPU is busy with the steps it ran ahead
        // of: the wait hides behind the GPU's work, neither is a finding; idle, both are.
        QByteArray waits;
        for (int n = 1; n <= 5; ++n)
            waits
                += QStringLiteral(
                       R"({"type":"data_wait","t":%1,"seconds":0.03,"batch":%2,"workers":8,"step":%2,"file":"/u/train.py","line":20})")
                       .arg(n - 0.5)
                       .arg(n - 1)
                       .toUtf8()
                + "\n";
        QCOMPARE(kinds(findingsOfLines(cudaSteps(0.0, 0.03) + waits)), QStringList{});
        QCOMPARE(kinds(findingsOfLines(cudaSteps(0.03, 0.03) + waits)), (QStringList{"data_wait", "gpu_idle"}));
        // The twin: the GPU always had work queued (0 s), or idled too little to matter.
        QCOMPARE(kinds(findingsOfLines(cudaSteps(0.0, 0.0))), QStringList{});
        QCOMPARE(kinds(findingsOfLines(cudaSteps(0.0005, 0.0))), QStringList{}); // < 1 ms a step
        QCOMPARE(kinds(findingsOfLines(cudaSteps(0.03, 0.0, 3))), QStringList{}); // 2 steps measured
        // A stream that says the GPU idled longer than the step: no more than the whole step.
        const QList<WatchFinding> hostile = findingsOfLines(cudaSteps(5.0, 0.0));
        QCOMPARE(kinds(hostile), QStringList{"gpu_idle"});
        QVERIFY2(hostile.first().title.contains("100 %") && hostile.first().ifFixedSeconds == 0,
                 qPrintable(hostile.first().title));
    }

    // Where it was not measured the run says why: no GPU, or no step that queued work on one.
    void anUnmeasuredGpuIsSaidNotChecked()
    {
        QMap<QString, QString> notChecked;
        QByteArray cpuOnly = R"({"type":"hello","t":0,"v":1,"pid":7,"devices":[{"device":"cpu","total":1024}]})"
                             "\n"
                             R"({"type":"step","t":1,"n":1,"seconds":0.05})"
                             "\n";
        findingsOfLines(cpuOnly, &notChecked);
        QVERIFY2(notChecked.value("gpu_idle").startsWith("needs a GPU"), qPrintable(notChecked.value("gpu_idle")));
        findingsOfLines(testsupport::hello() + "\n" + R"({"type":"step","t":1,"n":1,"seconds":0.05})" + "\n",
                        &notChecked);
        QVERIFY2(notChecked.value("gpu_idle").startsWith("not measured"), qPrintable(notChecked.value("gpu_idle")));
        // A real program on this machine's CPU.
        if (!testsupport::pythonHasCuda(m_python)) {
            QFile f(m_recordings.value("findings/slow_loader.py"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            findingsOfLines(f.readAll(), &notChecked);
            QVERIFY2(notChecked.value("gpu_idle").startsWith("needs a GPU"), qPrintable(notChecked.value("gpu_idle")));
        }
    }

    // A batch moved every step is said only where a whole to move once exists and fits: slices of
    // one tensor, or a TensorDataset's batches; not a DataLoader's new tensors, nor a dataset
    // larger than the device's free memory.
    void onlyADatasetThatFitsIsToBeMovedOnce()
    {
        // `tensorSteps`: the steps whose batch came from a TensorDataset (its bytes sent).
        const auto run = [](const QString &dataset, qint64 sourceBytes, qint64 reserved, int tensorSteps = 3) {
            QByteArray lines = testsupport::hello() + "\n";
            if (reserved >= 0)
                lines += testsupport::memory(0.5, reserved / 2, 1 << 20) + "\n"; // reserved: twice allocated
            for (int step = 0; step < 3; ++step) {
                const bool tensors = dataset == "TensorDataset" && step < tensorSteps;
                lines
                    += QStringLiteral(
                           R"({"type":"data_wait","t":%1,"seconds":0.0001,"batch":%2,"workers":2,"step":%2,"dataset":"%3"%4,"file":"/u/train.py","line":9})")
                           .arg(1.0 + step)
                           .arg(step)
                           .arg(tensors ? dataset : QStringLiteral("ImageFolder"),
                                tensors ? QStringLiteral(R"(,"dataset_bytes":100000000)") : QString())
                           .toUtf8()
                    + "\n";
                lines
                    += QStringLiteral(
                           R"({"type":"move","t":%1,"id":%2,"api":"Tensor.to","kind":"tensor","name":"x","from":"cpu","to":"cuda:0","bytes":4096,"source_bytes":%3,"seconds":0.001,"timing":"wall","step":%4,"file":"/u/train.py","line":10})")
                           .arg(1.5 + step)
                           .arg(step + 1)
                           .arg(sourceBytes)
                           .arg(step)
                           .toUtf8()
                    + "\n";
            }
            return findingsOfLines(lines);
        };
        QCOMPARE(kinds(run("ImageFolder", 0, -1)), QStringList{}); // new tensors each batch
        const QList<WatchFinding> sliced = run("ImageFolder", 1 << 20, -1);
        QCOMPARE(kinds(sliced), QStringList{"per_batch_move"});
        QCOMPARE(sliced.first().line, 10);
        QVERIFY2(sliced.first().evidence.contains("The whole dataset is 1.00 MiB."),
                 qPrintable(sliced.first().evidence));
        const QList<WatchFinding> tensors = run("TensorDataset", 0, 1LL << 30);
        QCOMPARE(kinds(tensors), QStringList{"per_batch_move"});
        QVERIFY2(tensors.first().evidence.contains("The whole dataset is 95.37 MiB; cuda:0 has")
                     && tensors.first().evidence.contains("free"),
                 qPrintable(tensors.first().evidence));
        // All but 52 MB of the H200's memory held by the program: the dataset would not fit.
        QCOMPARE(kinds(run("TensorDataset", 0, 150700000000LL)), QStringList{});
        // A slice of the batch itself (x = batch[:, :-1]): its whole is one batch, not many.
        QCOMPARE(kinds(run("ImageFolder", 8192, -1)), QStringList{});
        // A TensorDataset read in one step only (a validation set) says nothing of this line.
        QCOMPARE(kinds(run("TensorDataset", 0, -1, 1)), QStringList{});
    }

    // The same from real programs on a GPU (skipped without one): batches prepared in the loop
    // starve the GPU; the twin's DataLoader workers prepare them beside it.
    void gpuIdleOnAGpu()
    {
        if (!testsupport::pythonHasCuda(m_python))
            QSKIP("needs a CUDA device (the GPU's idle time is measured with CUDA events)");
        QString log;
        for (const char *script : {"findings/gpu_idle.py", "findings/gpu_idle_fixed.py"}) {
            const QString rec = testsupport::recordScript(m_python, script, m_dir.path(), &log);
            QVERIFY2(!rec.isEmpty(), qPrintable(log));
            m_recordings.insert(script, rec);
        }
        const QList<WatchFinding> found = findingsOf("findings/gpu_idle.py");
        QCOMPARE(kinds(found), QStringList{"gpu_idle"});
        QCOMPARE(found.first().line, lineOf("findings/gpu_idle.py", "# the GPU waits for this line"));
        QVERIFY2(found.first().costSeconds > 0.005, qPrintable(found.first().evidence));
        for (const WatchFinding &f : findingsOf("findings/gpu_idle_fixed.py"))
            QVERIFY2(f.kind != QLatin1String("gpu_idle") && f.kind != QLatin1String("data_wait"),
                     qPrintable(f.evidence));
    }

    // A finding's file is a path a program sent: its lines are shown only from a regular file
    // of this user's, opened without following a link and without blocking on a FIFO.
    void aProgramsPathIsReadOnlyWhenItIsAPlainFile()
    {
        QTemporaryDir dir;
        QFile script(dir.filePath("train.py"));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("import torch\nx = torch.ones(2)\nprint(x)\n");
        script.close();
        int first = 0;
        QCOMPARE(WatchPlace::excerpt(script.fileName(), 2, 1, &first),
                 (QStringList{"import torch", "x = torch.ones(2)", "print(x)"}));
        QCOMPARE(first, 1);
        QVERIFY(WatchPlace::source(script.fileName()).startsWith("import torch"));
        // A link planted where the program said its file is: not followed.
        QVERIFY(QFile::link(script.fileName(), dir.filePath("link.py")));
        QVERIFY(WatchPlace::excerpt(dir.filePath("link.py"), 2, 1, &first).isEmpty());
        QVERIFY(WatchPlace::source(dir.filePath("link.py")).isEmpty());
        // A FIFO with no writer: refused at once (opening it to read would wait for a writer).
        QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath("fifo.py")).constData(), 0600), 0);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(WatchPlace::excerpt(dir.filePath("fifo.py"), 1, 1, &first).isEmpty());
        QVERIFY(WatchPlace::source(dir.filePath("fifo.py")).isEmpty());
        QVERIFY(clock.elapsed() < 2000);
        // A relative path names nothing here; a file's bidirectional controls are dropped
        // (they would show its lines in another order than Python reads them).
        QVERIFY(QDir::setCurrent(dir.path()));
        QVERIFY(WatchPlace::source(QStringLiteral("train.py")).isEmpty());
        QFile bidi(dir.filePath("bidi.py"));
        QVERIFY(bidi.open(QIODevice::WriteOnly));
        bidi.write(QStringLiteral("ok = True  # \u202e \u2066nur\u2069\u2066\nprint(ok)\n").toUtf8());
        bidi.close();
        QCOMPARE(WatchPlace::source(bidi.fileName()), QStringLiteral("ok = True  #  nur\nprint(ok)\n"));
        QCOMPARE(WatchPlace::excerpt(bidi.fileName(), 1, 0, &first), QStringList{"ok = True  #  nur"});
        // A name with a placeholder in it stays as it is (one arg(), not two).
        QCOMPARE(WatchPlace::text("/tmp/a%2b.py", 7, 0), QStringLiteral("a%2b.py, line 7"));
    }

    // Recordings made on an H200 (PyTorch 2.11, CUDA 13.0; docs/gpu-report.md) hold what only a
    // GPU produces: CUDA-event idle times and move times, pinned copies, non_blocking ones.
    void recordingsFromARealGpu()
    {
        const auto of = [this](const char *name) {
            const QString key = QStringLiteral("gpu/%1").arg(QLatin1String(name));
            m_recordings.insert(key, qEnvironmentVariable("TK_SOURCE_DIR") + "/tests/fixtures/" + key + ".tkwatch");
            return findingsOf(key);
        };
        const QList<WatchFinding> starved = of("gpu_idle");
        QCOMPARE(kinds(starved), QStringList{"gpu_idle"});
        QCOMPARE(starved.first().line, lineOf("findings/gpu_idle.py", "# the GPU waits for this line"));
        // 36 ms of each 51 ms step idle on the GPU's clock: the step without it about 15 ms.
        QVERIFY2(starved.first().costSeconds > 0.030 && starved.first().costSeconds < 0.045,
                 qPrintable(starved.first().evidence));
        QVERIFY(starved.first().ifFixedSeconds > 0.010 && starved.first().ifFixedSeconds < 0.020);
        QVERIFY(kinds(of("gpu_idle_fixed")).isEmpty());
        // From pageable memory with non_blocking=True: said; from pinned memory: not.
        QVERIFY(kinds(of("non_blocking_unpinned")).contains("non_blocking_unpinned"));
        QVERIFY(!kinds(of("non_blocking_unpinned_fixed")).contains("non_blocking_unpinned"));
        const auto evidenceOf = [](const QList<WatchFinding> &found, const QString &kind) {
            for (const WatchFinding &f : found)
                if (f.kind == kind)
                    return f.evidence;
            return QString();
        };
        QVERIFY(evidenceOf(of("dataloader_pageable"), "non_blocking_unpinned").contains("not pinned"));
        // pin_memory=True with num_workers=0: the batches were pinned, in the loop's own thread.
        const QString pinned = evidenceOf(of("dataloader_pinned"), "non_blocking_unpinned");
        QVERIFY2(!pinned.contains("not pinned") && pinned.contains("main process"), qPrintable(pinned));
        QVERIFY(kinds(of("dataloader_pinned")).contains("gpu_idle"));
    }

    // Hugging Face's Trainer makes the DataLoader from the user's TrainingArguments: the fix goes
    // where they are assigned, written in their own names.
    void aLibrarysLoaderIsFixedInItsSettings()
    {
        QByteArray lines = testsupport::hello() + "\n";
        for (int n = 1; n <= 6; ++n)
            lines
                += QStringLiteral(
                       R"({"type":"data_wait","t":%1,"seconds":0.03,"batch":%2,"workers":0,"step":%2,"file":"/u/train.py","line":40,)"
                       R"("loader_file":"/u/train.py","loader_line":36,"loader_settings":"TrainingArguments"})"
                       "\n"
                       R"({"type":"step","t":%3,"n":%4,"seconds":0.04,"wait_s":0.03,"file":"/u/train.py","line":40})"
                       "\n")
                       .arg(n - 0.5)
                       .arg(n - 1)
                       .arg(n)
                       .arg(n)
                       .toUtf8();
        WatchedProgram program;
        program.feed(lines);
        const QList<WatchFinding> found = WatchFindings::of(program);
        QCOMPARE(kinds(found), QStringList{"data_wait"});
        const WatchFinding &f = found.first();
        QCOMPARE(f.line, 40);
        QCOMPARE(f.fixLine, 36);
        QVERIFY2(f.code.startsWith(QStringLiteral("TrainingArguments(…, dataloader_num_workers=%1, "
                                                  "dataloader_persistent_workers=True)")
                                       .arg(WatchFindings::adviceWorkers())),
                 qPrintable(f.code));
        QVERIFY(FixTrial::canTry(f));
    }

    // Try the fix's command and its answer: what runs is the program's Python with the package's
    // --try, its own script and arguments; a recording that names another program, or a
    // notebook, is not run; what comes back is read for its shape only.
    void aFixTrialRunsOnlyTheProgramsPython()
    {
        WatchHello h;
        h.executable = m_python;
        h.cwd = m_dir.path();
        h.script = testsupport::watcherScript("findings/slow_loader.py");
        h.argv = QStringList{"findings/slow_loader.py", "--epochs", "2"};
        WatchFinding f;
        f.kind = "data_wait";
        f.code = "DataLoader(dataset, batch_size=…, num_workers=2, persistent_workers=True)";
        f.fixInLoader = true;
        f.fixFile = "/u/train.py";
        f.fixLine = 12;
        QVERIFY(FixTrial::canTry(f));
        QVERIFY2(FixTrial::whyNot(h).isEmpty(), qPrintable(FixTrial::whyNot(h)));
        QCOMPARE(FixTrial::arguments(h, f).join(' '),
                 QStringLiteral("-m tensorkitchen --try data_wait --json --steps 50 --rounds 2 --at /u/train.py:12 -- "
                                "%1 --epochs 2")
                     .arg(h.script));
        WatchFinding sync = f;
        sync.kind = "sync_in_step";
        QVERIFY(!FixTrial::canTry(sync));
        WatchHello shell = h;
        shell.executable = "/bin/sh";
        QVERIFY(FixTrial::whyNot(shell).contains("/bin/sh"));
        WatchHello notebook = h;
        notebook.script.clear();
        QVERIFY(FixTrial::whyNot(notebook).contains("notebook"));
        WatchHello older; // a recording from a watcher before the hello said what runs it
        older.argv = h.argv;
        QVERIFY(FixTrial::whyNot(older).contains("older"));
        WatchHello elsewhere = h;
        elsewhere.script = "/nowhere/train.py";
        QVERIFY(FixTrial::whyNot(elsewhere).contains("/nowhere/train.py"));

        const FixTrial::Result r = FixTrial::read(
            "a warning\n"
            R"({"kind":"data_wait","as_is_s":0.0175,"fixed_s":0.008,"as_is_steps":12,"fixed_steps":12,)"
            R"("applied":[{"file":"/u/train.py","line":12,"changes":{"num_workers":2,"persistent_workers":true}}]})");
        QVERIFY(r.ok);
        QCOMPARE(r.asIsSeconds, 0.0175);
        QCOMPARE(r.fixedSeconds, 0.008);
        QCOMPARE(r.applied, QStringList{"train.py:12: num_workers=2, persistent_workers=True"});
        QVERIFY(!FixTrial::read("not json").ok);
        QCOMPARE(FixTrial::read(R"({"error":"the program ended"})").error, QStringLiteral("the program ended"));
        const FixTrial::Result bad = FixTrial::read(R"({"as_is_s":"1","fixed_s":-3,"applied":7})");
        QVERIFY(!bad.ok && bad.asIsSeconds < 0 && bad.fixedSeconds < 0 && bad.applied.isEmpty());
    }

    // tensor-kitchen-bench watch --replay … --format json: a findings array, each with its fields.
    void theBenchSaysTheFindings()
    {
        QString out, err;
        QCOMPARE(
            testsupport::runBench(
                {"watch", "--replay", m_recordings.value("findings/slow_loader.py"), "--format", "json"}, &out, &err),
            0);
        const QJsonObject program
            = QJsonDocument::fromJson(out.toUtf8()).object().value("programs").toArray().first().toObject();
        const QJsonArray findings = program.value("findings").toArray();
        QCOMPARE(findings.size(), 1);
        const QJsonObject f = findings.first().toObject();
        for (const char *key :
             {"kind", "file", "line", "fix_file", "fix_line", "evidence", "cost_s", "advice", "code", "if_fixed_s"})
            QVERIFY2(f.contains(key), key);
        QCOMPARE(f.value("kind").toString(), QStringLiteral("data_wait"));
        QCOMPARE(f.value("fix_line").toInt(), lineOf("findings/slow_loader.py", "loader = DataLoader(Slow()"));
        QVERIFY(f.value("fix_line").toInt() != f.value("line").toInt());
        QVERIFY(f.value("cost_s").toDouble() > 0);
        // What the run could not check, and why (a machine with no GPU: gpu_idle).
        const QJsonObject notChecked = program.value("not_checked").toObject();
        if (!testsupport::pythonHasCuda(m_python))
            QVERIFY2(notChecked.value("gpu_idle").toString().startsWith("needs a GPU"),
                     qPrintable(QJsonDocument(notChecked).toJson()));
        // The timeline says it too: an instant of the program's process, the finding in its args.
        out.clear();
        err.clear();
        QCOMPARE(
            testsupport::runBench(
                {"watch", "--replay", m_recordings.value("findings/slow_loader.py"), "--format", "trace"}, &out, &err),
            0);
        int instants = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(out.toUtf8()).object().value("traceEvents").toArray()) {
            const QJsonObject e = v.toObject();
            if (e.value("cat") == "finding") {
                QCOMPARE(e.value("ph").toString(), QStringLiteral("i"));
                QCOMPARE(e.value("args").toObject().value("kind").toString(), QStringLiteral("data_wait"));
                QVERIFY(e.value("name").toString().startsWith("finding: "));
                ++instants;
            }
        }
        QCOMPARE(instants, 1);
    }
};

QTEST_GUILESS_MAIN(TestWatchFindings)
#include "tst_watchfindings.moc"
