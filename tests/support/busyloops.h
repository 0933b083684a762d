#pragma once

// Other programs loading the cores beside a race: `sh -c 'while :; do :; done'`, one per core
// (at least two), as separate processes, so they count as other programs and not as the test's
// own threads. Killed when the object goes, and with the test process if it dies first (a
// crash, CTest's timeout): the kernel kills them when their parent goes (PR_SET_PDEATHSIG),
// and each loop also checks now and then that its parent is still there, should the signal
// be missed (the thread that started it ended).
#include "core/races/machineload.h"

#include <QList>
#include <QProcess>
#include <QThread>
#include <algorithm>
#include <csignal>
#include <memory>
#include <sys/prctl.h>
#include <unistd.h>
#include <vector>

namespace tk::testsupport {

// The CPUs this process may run on, as MachineLoad counts them.
inline int allowedCores()
{
    const int n = int(MachineLoad::allowedCpus().size());
    return n > 0 ? n : QThread::idealThreadCount();
}

class BusyLoops
{
public:
    explicit BusyLoops(int count = std::max(2, allowedCores()))
    {
        for (int i = 0; i < count; ++i) {
            auto p = std::make_unique<QProcess>();
            const pid_t parent = getpid();
            p->setChildProcessModifier([parent] {
                prctl(PR_SET_PDEATHSIG, SIGKILL);
                if (getppid() != parent) // the parent went before the line above ran
                    _exit(1);
            });
            // Spins in the shell itself; every 20000 turns (about 20 ms) asks whether the test
            // process is still its parent.
            p->start(
                QStringLiteral("sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("i=0; while :; do i=$((i+1)); if [ $i -ge 20000 ]; then i=0; "
                                "read -r _ _ _ pp _ </proc/$$/stat; [ \"$pp\" = \"$PPID\" ] || exit 0; fi; done")});
            if (p->waitForStarted(5000))
                m_loops.push_back(std::move(p));
        }
        QThread::msleep(100); // let them get going
    }
    ~BusyLoops()
    {
        for (auto &p : m_loops) {
            p->kill();
            p->waitForFinished(5000);
        }
    }
    BusyLoops(const BusyLoops &) = delete;
    BusyLoops &operator=(const BusyLoops &) = delete;

    int running() const { return int(m_loops.size()); }
    QList<qint64> pids() const
    {
        QList<qint64> out;
        for (const auto &p : m_loops)
            out << p->processId();
        return out;
    }

private:
    std::vector<std::unique_ptr<QProcess>> m_loops;
};

// Whether this system reports the machine's load at all (Linux: /proc/stat).
inline bool loadIsMeasured() { return MachineLoad::snapshot().cores > 0; }

} // namespace tk::testsupport
