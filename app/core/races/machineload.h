#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QVector>

namespace tk {

// How busy the machine was while a race timed its CPU lanes, so a race run beside a compiler
// says so instead of showing its slow times as this machine's. Over a window, /proc/stat tells
// how many of the CPUs this process may run on (its affinity mask) were busy on average, and this
// process's CPU clock how many of them were this process; the rest were other processes.
// Qt Core and POSIX only (no LibTorch); on a system without /proc/stat it stays unmeasured.
class MachineLoad
{
    Q_DECLARE_TR_FUNCTIONS(MachineLoad)

public:
    // Busy when other processes used at least max(kBusyMinCores, kBusyShare × cores) on average,
    // over at least kMinWindowS of measured time. Half a core is the smallest load that slows a
    // lane using every core for sure: one of its threads shares its core half the time, and the
    // whole parallel region waits for that thread (the reported case: 2 threads 40× slower than
    // 1 beside a compiler). 10 % of the cores keeps a many-core desktop's background (browser,
    // indexer) from crying wolf while `make -j2` on 16 cores is still named. Below 0.2 s the
    // kernel's 10 ms ticks make the figure too coarse to judge (±0.1 core on 2 cores at 0.2 s).
    static constexpr double kBusyMinCores = 0.5;
    static constexpr double kBusyShare = 0.10;
    static constexpr double kMinWindowS = 0.2;

    double windowS = 0; // wall seconds measured
    double otherCores = -1; // average CPUs busy with other processes; negative: not measured
    double ownCores = 0; // average CPUs this process used (all its threads)
    int cores = 0; // CPUs this process may run on

    bool measured() const { return cores > 0 && windowS > 0 && otherCores >= 0; }
    static double busyThreshold(int cores);
    bool busy() const;
    // The two windows as one: averages weighted by their wall time; an unmeasured one adds nothing.
    MachineLoad merged(const MachineLoad &other) const;
    // "Other programs were using 1.7 of 2 cores during this race: …"; empty unless busy().
    // Receipts take the English text (untranslated), the UI the translated one.
    QString warning(bool translated = true) const;
    // The figure for a receipt: machine_load {other_load_cores, own_load_cores, cores, window_s,
    // busy_threshold_cores, busy, method}, and busy_machine_warning when busy().
    QJsonObject toJson() const;
    void addToReceipt(QJsonObject *receipt) const;

    // What the clocks read at one moment.
    struct Snapshot
    {
        qint64 wallNs = 0; // CLOCK_MONOTONIC
        qint64 ownCpuNs = 0; // CLOCK_PROCESS_CPUTIME_ID: every thread of this process
        quint64 busyTicks = 0; // user + nice + system + irq + softirq + steal, summed over cores
        quint64 totalTicks = 0; // busy + idle + iowait
        int cores = 0; // cpuN lines counted (0: /proc/stat unreadable)
    };
    static Snapshot snapshot();
    static MachineLoad between(const Snapshot &before, const Snapshot &after);
    // The cpuN lines of /proc/stat, only those of `cpus` (empty: every CPU); false if none.
    static bool parseProcStat(const QByteArray &text, const QVector<int> &cpus, Snapshot *out);
    // The CPUs the calling thread may run on; empty when unknown.
    static QVector<int> allowedCpus();

    // Measures from its construction (or the last take()) to now, window by window.
    class Probe
    {
    public:
        Probe() : m_start(snapshot()) { }
        MachineLoad take()
        {
            const Snapshot now = snapshot();
            const MachineLoad load = between(m_start, now);
            m_start = now;
            return load;
        }
        void restart() { m_start = snapshot(); }

    private:
        Snapshot m_start;
    };
};

} // namespace tk

Q_DECLARE_METATYPE(tk::MachineLoad)
