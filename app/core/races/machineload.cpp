#include "core/races/machineload.h"

#include <QJsonValue>
#include <algorithm>
#include <cerrno>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#endif

namespace tk {

namespace {

// The English text, for receipts; tr() gives the UI's.
const char *const kWarning
    = QT_TRANSLATE_NOOP("MachineLoad",
                        "Other programs were using %1 of %2 cores during this race: CPU times are slower than this "
                        "machine can do.");

qint64 clockNs(clockid_t id)
{
    timespec t{};
    if (clock_gettime(id, &t) != 0)
        return 0;
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// /proc/stat up to the end of its cpu lines: the rest (interrupt counts) can be long.
QByteArray readProcStat()
{
    const int fd = ::open("/proc/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {};
    QByteArray text;
    char buffer[16384];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        text.append(buffer, int(n));
        if (text.contains("\nintr") || text.contains("\nctxt"))
            break;
    }
    ::close(fd);
    return text;
}

} // namespace

double MachineLoad::busyThreshold(int cores) { return std::max(kBusyMinCores, kBusyShare * cores); }

bool MachineLoad::busy() const { return measured() && windowS >= kMinWindowS && otherCores >= busyThreshold(cores); }

MachineLoad MachineLoad::merged(const MachineLoad &other) const
{
    if (!other.measured())
        return *this;
    if (!measured())
        return other;
    MachineLoad m;
    m.windowS = windowS + other.windowS;
    m.otherCores = (otherCores * windowS + other.otherCores * other.windowS) / m.windowS;
    m.ownCores = (ownCores * windowS + other.ownCores * other.windowS) / m.windowS;
    m.cores = std::max(cores, other.cores);
    return m;
}

QString MachineLoad::warning(bool translated) const
{
    if (!busy())
        return {};
    const QString format
        = translated ? QCoreApplication::translate("MachineLoad", kWarning) : QString::fromUtf8(kWarning);
    return format.arg(otherCores, 0, 'f', 1).arg(cores);
}

QJsonObject MachineLoad::toJson() const
{
    const bool m = measured();
    return QJsonObject{{QStringLiteral("other_load_cores"), m ? QJsonValue(otherCores) : QJsonValue()},
                       {QStringLiteral("own_load_cores"), m ? QJsonValue(ownCores) : QJsonValue()},
                       {QStringLiteral("cores"), cores},
                       {QStringLiteral("window_s"), windowS},
                       {QStringLiteral("busy_threshold_cores"), busyThreshold(cores)},
                       {QStringLiteral("busy"), busy()},
                       {QStringLiteral("method"),
                        QStringLiteral("over the timed CPU work: CPUs busy on average (/proc/stat: user, nice, "
                                       "system, irq, softirq, steal; only the CPUs this process may run on) minus "
                                       "this process's CPU time per second; busy when other processes used at "
                                       "least max(0.5, 10 % of the cores) over at least 0.2 s")}};
}

void MachineLoad::addToReceipt(QJsonObject *receipt) const
{
    (*receipt)[QStringLiteral("machine_load")] = toJson();
    if (busy())
        (*receipt)[QStringLiteral("busy_machine_warning")] = warning(false);
    else
        receipt->remove(QStringLiteral("busy_machine_warning"));
}

QVector<int> MachineLoad::allowedCpus()
{
    QVector<int> cpus;
#ifdef __linux__
    for (int count = 1024; count <= (1 << 20); count *= 2) {
        cpu_set_t *set = CPU_ALLOC(count);
        if (!set)
            return {};
        const size_t size = CPU_ALLOC_SIZE(count);
        CPU_ZERO_S(size, set);
        if (sched_getaffinity(0, size, set) == 0) {
            for (int i = 0; i < count; ++i)
                if (CPU_ISSET_S(i, size, set))
                    cpus << i;
            CPU_FREE(set);
            return cpus;
        }
        CPU_FREE(set);
        if (errno != EINVAL)
            return {};
    }
#endif
    return cpus;
}

bool MachineLoad::parseProcStat(const QByteArray &text, const QVector<int> &cpus, Snapshot *out)
{
    out->busyTicks = out->totalTicks = 0;
    out->cores = 0;
    for (const QByteArray &line : text.split('\n')) {
        // "cpu3 user nice system idle iowait irq softirq steal guest guest_nice"; the summary
        // line "cpu " is skipped: only the allowed CPUs count.
        if (!line.startsWith("cpu") || line.size() < 4 || line.at(3) < '0' || line.at(3) > '9')
            continue;
        const QList<QByteArray> f = line.simplified().split(' ');
        bool ok = false;
        const int id = f.first().mid(3).toInt(&ok);
        if (!ok || f.size() < 5 || (!cpus.isEmpty() && !cpus.contains(id)))
            continue;
        quint64 v[8] = {};
        for (int i = 0; i < 8 && i + 1 < f.size(); ++i)
            v[i] = f.at(i + 1).toULongLong();
        // guest and guest_nice are already inside user and nice.
        const quint64 busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
        out->busyTicks += busy;
        out->totalTicks += busy + v[3] + v[4];
        ++out->cores;
    }
    return out->cores > 0;
}

MachineLoad::Snapshot MachineLoad::snapshot()
{
    Snapshot s;
    s.wallNs = clockNs(CLOCK_MONOTONIC);
    s.ownCpuNs = clockNs(CLOCK_PROCESS_CPUTIME_ID);
    if (!parseProcStat(readProcStat(), allowedCpus(), &s))
        s.cores = 0;
    return s;
}

MachineLoad MachineLoad::between(const Snapshot &before, const Snapshot &after)
{
    MachineLoad load;
    load.windowS = double(after.wallNs - before.wallNs) / 1e9;
    load.cores = after.cores;
    if (load.windowS <= 0 || after.cores <= 0 || before.cores != after.cores || after.totalTicks <= before.totalTicks
        || after.busyTicks < before.busyTicks)
        return load; // unmeasured: no /proc/stat, CPUs came or went, or not one tick passed
    const double busyShare = double(after.busyTicks - before.busyTicks) / double(after.totalTicks - before.totalTicks);
    load.ownCores = std::max(0.0, double(after.ownCpuNs - before.ownCpuNs) / 1e9 / load.windowS);
    // Ticks are sampled and our clock is exact, so the difference can dip below 0 by a tick.
    load.otherCores = std::clamp(busyShare * after.cores - load.ownCores, 0.0, double(after.cores));
    return load;
}

} // namespace tk
