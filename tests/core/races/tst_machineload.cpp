#include "support/busyloops.h"
#include "core/races/machineload.h"

#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>

using namespace tk;
using namespace tk::testsupport;

namespace {
const char *const kLoopsChild = "--busy-loops-child";

// Whether the process is still there and not a zombie waiting to be reaped.
bool alive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const int close = line.lastIndexOf(')');
    return close > 0 && line.size() > close + 2 && line.at(close + 2) != 'Z' && line.at(close + 2) != 'X';
}

MachineLoad::Snapshot snap(double wallS, double ownCpuS, quint64 busy, quint64 total, int cores)
{
    MachineLoad::Snapshot s;
    s.wallNs = qint64(wallS * 1e9);
    s.ownCpuNs = qint64(ownCpuS * 1e9);
    s.busyTicks = busy;
    s.totalTicks = total;
    s.cores = cores;
    return s;
}

// Measures a window of `seconds` while `threads` threads of this process spin.
MachineLoad measure(double seconds, int threads)
{
    std::atomic<bool> stop{false};
    std::vector<std::thread> spinners;
    MachineLoad::Probe probe;
    for (int i = 0; i < threads; ++i)
        spinners.emplace_back([&stop] {
            volatile double x = 0;
            while (!stop.load(std::memory_order_relaxed))
                x = x + 1;
        });
    QThread::msleep(ulong(seconds * 1000));
    stop = true;
    for (std::thread &t : spinners)
        t.join();
    return probe.take();
}
} // namespace

class TestMachineLoad : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void othersAreTheMachineLessThisProcess()
    {
        // 1 s on 2 cores: 150 of 200 ticks busy (1.5 cores), 0.3 s of it this process's.
        const MachineLoad l = MachineLoad::between(snap(10, 1, 100, 1000, 2), snap(11, 1.3, 250, 1200, 2));
        QVERIFY(l.measured());
        QCOMPARE(l.cores, 2);
        QVERIFY(qAbs(l.windowS - 1.0) < 1e-9);
        QVERIFY(qAbs(l.ownCores - 0.3) < 1e-9);
        QVERIFY(qAbs(l.otherCores - 1.2) < 1e-9);
        QVERIFY(l.busy());
        QCOMPARE(l.warning(false),
                 QStringLiteral("Other programs were using 1.2 of 2 cores during this "
                                "race: CPU times are slower than this machine can do."));
        // Ticks are sampled, our clock is exact: a little more of ours than ticks is not < 0.
        const MachineLoad own = MachineLoad::between(snap(0, 0, 0, 0, 2), snap(1, 1.05, 100, 200, 2));
        QCOMPARE(own.otherCores, 0.0);
        QVERIFY(!own.busy());
        // Not one tick, CPUs that came or went, no /proc/stat: unmeasured, never busy.
        QVERIFY(!MachineLoad::between(snap(0, 0, 5, 10, 2), snap(0.001, 0, 5, 10, 2)).measured());
        QVERIFY(!MachineLoad::between(snap(0, 0, 5, 10, 2), snap(1, 0, 150, 410, 4)).measured());
        QVERIFY(!MachineLoad::between(snap(0, 0, 0, 0, 0), snap(1, 0, 0, 0, 0)).measured());
        QVERIFY(!MachineLoad{}.busy());
        QVERIFY(MachineLoad{}.warning().isEmpty());
    }

    void thresholds()
    {
        // Half a core on small machines, a tenth of the cores on big ones.
        QCOMPARE(MachineLoad::busyThreshold(1), 0.5);
        QCOMPARE(MachineLoad::busyThreshold(2), 0.5);
        QCOMPARE(MachineLoad::busyThreshold(16), 1.6);
        QCOMPARE(MachineLoad::busyThreshold(64), 6.4);
        MachineLoad l;
        l.cores = 2;
        l.windowS = 1;
        l.otherCores = 0.49;
        QVERIFY(!l.busy());
        l.otherCores = 0.5;
        QVERIFY(l.busy());
        l.windowS = 0.1; // too short to judge: ticks are 10 ms
        QVERIFY(!l.busy());
        l.windowS = 1;
        l.cores = 16;
        l.otherCores = 1.5;
        QVERIFY(!l.busy());
        l.otherCores = 1.7;
        QVERIFY(l.busy());
    }

    void windowsMergeByTheirLength()
    {
        MachineLoad a, b;
        a.cores = b.cores = 2;
        a.windowS = 0.1;
        a.otherCores = 2.0;
        a.ownCores = 0;
        b.windowS = 0.3;
        b.otherCores = 0.0;
        b.ownCores = 2.0;
        const MachineLoad m = a.merged(b);
        QVERIFY(qAbs(m.windowS - 0.4) < 1e-12);
        QVERIFY(qAbs(m.otherCores - 0.5) < 1e-12);
        QVERIFY(qAbs(m.ownCores - 1.5) < 1e-12);
        QVERIFY(m.busy()); // 0.4 s long, half a core of others
        QVERIFY(!a.busy()); // each alone too short or too quiet
        QVERIFY(!b.busy());
        // An unmeasured window adds nothing.
        QCOMPARE(m.merged(MachineLoad{}).otherCores, m.otherCores);
        QCOMPARE(MachineLoad{}.merged(m).windowS, m.windowS);
    }

    void procStatCountsOnlyTheAllowedCpus()
    {
        const QByteArray stat = "cpu  300 0 100 600 0 0 0 0 0 0\n"
                                "cpu0 100 0 50 300 0 0 0 0 0 0\n"
                                "cpu1 200 10 50 300 7 1 2 3 40 5\n"
                                "intr 12345 0 0 0\n"
                                "ctxt 99\n";
        MachineLoad::Snapshot s;
        QVERIFY(MachineLoad::parseProcStat(stat, {}, &s));
        QCOMPARE(s.cores, 2);
        QCOMPARE(s.busyTicks, quint64(150 + 266));
        QCOMPARE(s.totalTicks, quint64(450 + 573));
        QVERIFY(MachineLoad::parseProcStat(stat, {1}, &s));
        QCOMPARE(s.cores, 1);
        // user + nice + system + irq + softirq + steal; guest is inside user already.
        QCOMPARE(s.busyTicks, quint64(200 + 10 + 50 + 1 + 2 + 3));
        QCOMPARE(s.totalTicks, quint64(266 + 300 + 7));
        QVERIFY(!MachineLoad::parseProcStat(stat, {5}, &s));
        QVERIFY(!MachineLoad::parseProcStat("nothing here\n", {}, &s));
    }

    void receiptCarriesTheFigureAndTheWarning()
    {
        MachineLoad l;
        l.cores = 2;
        l.windowS = 3;
        l.otherCores = 1.7;
        l.ownCores = 0.3;
        QJsonObject receipt{{"tool", "x"}};
        l.addToReceipt(&receipt);
        const QJsonObject load = receipt.value("machine_load").toObject();
        QCOMPARE(load.value("other_load_cores").toDouble(), 1.7);
        QCOMPARE(load.value("cores").toInt(), 2);
        QCOMPARE(load.value("busy").toBool(), true);
        QCOMPARE(load.value("busy_threshold_cores").toDouble(), 0.5);
        QVERIFY(receipt.value("busy_machine_warning").toString().contains("1.7 of 2 cores"));
        l.otherCores = 0.1;
        l.addToReceipt(&receipt);
        QVERIFY(!receipt.contains("busy_machine_warning"));
        QCOMPARE(receipt.value("machine_load").toObject().value("busy").toBool(), false);
        MachineLoad{}.addToReceipt(&receipt);
        QVERIFY(receipt.value("machine_load").toObject().value("other_load_cores").isNull());
    }

    void busyLoopBesideIsNamed()
    {
        if (!loadIsMeasured())
            QSKIP("no /proc/stat here: the machine's load is not measured");
        const int cores = allowedCores();
        // Quiet (as far as this test can tell): this process alone spins on every core.
        const MachineLoad quiet = measure(0.4, cores);
        MachineLoad busy;
        {
            BusyLoops loops;
            QCOMPARE(loops.running(), std::max(2, cores));
            busy = measure(0.5, 0); // we sleep: every busy tick is someone else's
        }
        qInfo("quiet: other %.2f, own %.2f of %d cores; busy: other %.2f, own %.2f", quiet.otherCores, quiet.ownCores,
              quiet.cores, busy.otherCores, busy.ownCores);
        QVERIFY(busy.measured());
        QCOMPARE(busy.cores, cores);
        QVERIFY2(busy.otherCores >= 0.75 * cores, qPrintable(QString::number(busy.otherCores)));
        QVERIFY(busy.ownCores < 0.25);
        QVERIFY(busy.busy());
        QVERIFY(busy.warning(false).contains(QStringLiteral("of %1 cores").arg(cores)));
        // The quiet case holds only on a machine nobody else was using.
        QVERIFY(quiet.measured());
        if (quiet.busy())
            QSKIP(qPrintable(QStringLiteral("the machine was busy before the loops started (other "
                                            "processes used %1 cores): the quiet case is not checked")
                                 .arg(quiet.otherCores, 0, 'f', 2)));
        QVERIFY2(quiet.ownCores >= 0.5 * cores, qPrintable(QString::number(quiet.ownCores))); // ours
        QVERIFY(busy.otherCores > quiet.otherCores + 0.25 * cores);
    }

    // A test that dies (a crash, CTest's timeout killing it) must not leave its loops spinning
    // for ever: a child process starts them, says their pids and is killed with SIGKILL.
    void busyLoopsDieWithTheirTest()
    {
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(kLoopsChild)});
        QVERIFY(child.waitForStarted(5000));
        QVERIFY(child.waitForReadyRead(10000));
        QTRY_VERIFY_WITH_TIMEOUT(child.canReadLine(), 10000);
        QList<qint64> pids;
        for (const QByteArray &p : child.readLine().trimmed().split(' '))
            if (p.toLongLong() > 0)
                pids << p.toLongLong();
        QVERIFY2(pids.size() >= 2, child.readAll().constData());
        for (qint64 pid : pids)
            QVERIFY(alive(pid)); // spinning while their test lives
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(5000));
        const auto anyLeft
            = [&pids] { return std::any_of(pids.begin(), pids.end(), [](qint64 pid) { return alive(pid); }); };
        QTRY_VERIFY_WITH_TIMEOUT(!anyLeft(), 5000);
    }
};

// The child of busyLoopsDieWithTheirTest: starts the loops, prints their pids, waits to be killed.
int loopsChild()
{
    BusyLoops loops;
    QStringList pids;
    for (qint64 pid : loops.pids())
        pids << QString::number(pid);
    std::printf("%s\n", qPrintable(pids.join(QLatin1Char(' '))));
    std::fflush(stdout);
    QThread::sleep(60); // killed long before
    return 1;
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc > 1 && qstrcmp(argv[1], kLoopsChild) == 0)
        return loopsChild();
    TestMachineLoad test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_machineload.moc"
