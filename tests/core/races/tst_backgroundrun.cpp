// The runner the races and the transfer lab share: results in order on the owner's thread,
// batching, progress after the results it counts, cancel, errors, and a clean destruction.
#include "core/races/backgroundrun.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <stdexcept>

using namespace tk;

namespace {
using Ending = BackgroundRun::Ending;

// Records what a run delivers, and whether anything arrived on another thread than this one.
struct Receiver
{
    QList<int> values;
    int batches = 0;
    QList<int> progressSeen; // results received when each progress arrived
    QList<int> progressDone; // the done count it carried
    int valuesAtFinish = -1;
    bool wrongThread = false;

    explicit Receiver(BackgroundRun &run)
    {
        QThread *const owner = QThread::currentThread();
        // No context object: a direct connection, so each slot runs on the emitting thread.
        QObject::connect(&run, &BackgroundRun::resultsReady, [this, owner](const QVariantList &batch) {
            wrongThread = wrongThread || QThread::currentThread() != owner;
            ++batches;
            for (const QVariant &v : batch)
                values << v.toInt();
        });
        QObject::connect(&run, &BackgroundRun::progress, [this, owner](int done, int) {
            wrongThread = wrongThread || QThread::currentThread() != owner;
            progressSeen << int(values.size());
            progressDone << done;
        });
        QObject::connect(&run, &BackgroundRun::finished, [this, owner](bool, const QString &) {
            wrongThread = wrongThread || QThread::currentThread() != owner;
            valuesAtFinish = int(values.size());
        });
    }
};

QList<int> upTo(int n)
{
    QList<int> l;
    for (int i = 0; i < n; ++i)
        l << i;
    return l;
}
} // namespace

class TestBackgroundRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resultsArriveInOrderOnTheOwnersThread()
    {
        BackgroundRun run(QStringLiteral("test-run"), 50);
        Receiver got(run);
        QSignalSpy done(&run, &BackgroundRun::finished);
        std::atomic<QThread *> jobThread{nullptr};
        QVERIFY(run.start([&jobThread](BackgroundRun::Context &c) {
            jobThread = QThread::currentThread();
            for (int i = 0; i < 2000; ++i) {
                c.post(i);
                if (i % 500 == 499)
                    c.progress(i + 1, 2000);
            }
            return Ending::done();
        }));
        QVERIFY(run.isRunning());
        QVERIFY(!run.start([](BackgroundRun::Context &) { return Ending::done(); })); // one at a time
        QVERIFY(done.wait(10000));
        QCOMPARE(done.count(), 1);
        QCOMPARE(done.first().at(0).toBool(), false);
        QCOMPARE(done.first().at(1).toString(), QString());
        QVERIFY(!run.isRunning());
        QVERIFY(!got.wrongThread);
        QVERIFY(jobThread.load() != QThread::currentThread());
        QCOMPARE(jobThread.load()->objectName(), QStringLiteral("test-run"));
        QCOMPARE(got.values, upTo(2000));
        QCOMPARE(got.valuesAtFinish, 2000);
        // Batched: a handful of deliveries, not one per result (each progress flushes first).
        QVERIFY2(got.batches >= 4 && got.batches < 100, qPrintable(QString::number(got.batches)));
        // Each progress arrived after the results it counts.
        QCOMPARE(got.progressDone, (QList<int>{500, 1000, 1500, 2000}));
        QCOMPARE(got.progressSeen, got.progressDone);
    }

    void withoutBatchingEachResultArrivesOnItsOwn()
    {
        BackgroundRun run(QStringLiteral("test-run"), 0);
        Receiver got(run);
        QSignalSpy done(&run, &BackgroundRun::finished);
        QVERIFY(run.start([](BackgroundRun::Context &c) {
            for (int i = 0; i < 5; ++i)
                c.post(i);
            return Ending::done();
        }));
        QVERIFY(done.wait(10000));
        QCOMPARE(got.values, upTo(5));
        QCOMPARE(got.batches, 5);
    }

    void cancelStopsTheJobAndKeepsItsResults()
    {
        BackgroundRun run(QStringLiteral("test-run"), 50);
        Receiver got(run);
        QSignalSpy done(&run, &BackgroundRun::finished);
        std::atomic<int> posted{0};
        QVERIFY(run.start([&posted](BackgroundRun::Context &c) {
            while (!c.cancelled()) {
                c.post(posted.load());
                ++posted;
                QThread::msleep(1);
            }
            return Ending::stopped();
        }));
        QTRY_VERIFY_WITH_TIMEOUT(got.values.size() > 0, 10000);
        QElapsedTimer clock;
        clock.start();
        run.cancel();
        QVERIFY(done.wait(5000));
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(done.first().at(0).toBool(), true);
        QCOMPARE(done.first().at(1).toString(), QString());
        QVERIFY(!run.isRunning());
        QVERIFY(!got.wrongThread);
        // Nothing posted before the cancel is lost, nothing is reordered, and all of it is
        // there when finished arrives.
        QCOMPARE(got.values, upTo(posted.load()));
        QCOMPARE(got.valuesAtFinish, posted.load());
    }

    void errorsEndTheRunAsFailed()
    {
        BackgroundRun run(QStringLiteral("test-run"), 50);
        Receiver got(run);
        QSignalSpy done(&run, &BackgroundRun::finished);
        QVERIFY(run.start([](BackgroundRun::Context &c) {
            for (int i = 0; i < 3; ++i)
                c.post(i);
            return Ending::failed(QStringLiteral("the pot boiled over"));
        }));
        QVERIFY(done.wait(10000));
        QCOMPARE(done.last().at(0).toBool(), false);
        QCOMPARE(done.last().at(1).toString(), QStringLiteral("the pot boiled over"));
        QCOMPARE(got.valuesAtFinish, 3);

        // An exception from the job is an error too, and the runner takes the next job.
        QVERIFY(run.start([](BackgroundRun::Context &c) -> Ending {
            c.post(3);
            throw std::runtime_error("out of potatoes");
        }));
        QVERIFY(done.wait(10000));
        QCOMPARE(done.last().at(0).toBool(), false);
        QCOMPARE(done.last().at(1).toString(), QStringLiteral("out of potatoes"));
        QCOMPARE(got.values, upTo(4));
        QVERIFY(!got.wrongThread);
    }

    void aCancelWhileIdleDoesNotCancelTheNextRun()
    {
        BackgroundRun run(QStringLiteral("test-run"), 0);
        QSignalSpy done(&run, &BackgroundRun::finished);
        run.cancel();
        bool sawCancel = true;
        QVERIFY(run.start([&sawCancel](BackgroundRun::Context &c) {
            sawCancel = c.cancelled();
            return Ending::done();
        }));
        QVERIFY(done.wait(10000));
        QVERIFY(!sawCancel);
        QCOMPARE(done.first().at(0).toBool(), false);
    }

    void destroyingARunningRunCancelsAndWaits()
    {
        auto *run = new BackgroundRun(QStringLiteral("test-run"), 50);
        std::atomic<bool> started{false}, returned{false};
        QVERIFY(run->start([&](BackgroundRun::Context &c) {
            started = true;
            while (!c.cancelled()) {
                c.post(1);
                QThread::msleep(1);
            }
            returned = true;
            return Ending::stopped();
        }));
        QTRY_VERIFY_WITH_TIMEOUT(started.load(), 10000);
        QElapsedTimer clock;
        clock.start();
        delete run; // must not hang, and must not leave the job running on freed state
        QVERIFY(returned.load());
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
        QTest::qWait(100); // deliveries still queued for the deleted runner are dropped, not run
    }
};

QTEST_GUILESS_MAIN(TestBackgroundRun)
#include "tst_backgroundrun.moc"
