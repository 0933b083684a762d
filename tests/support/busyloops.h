#pragma once

// Other programs loading the cores beside a race: `sh -c 'while :; do :; done'`, one per core
// (at least two), as separate processes, so they count as other programs and not as the test's
// own threads. Killed when the object goes.
#include "races/machineload.h"

#include <QProcess>
#include <QThread>
#include <algorithm>
#include <memory>
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
            p->start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("while :; do :; done")});
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

private:
    std::vector<std::unique_ptr<QProcess>> m_loops;
};

// Whether this system reports the machine's load at all (Linux: /proc/stat).
inline bool loadIsMeasured()
{
    return MachineLoad::snapshot().cores > 0;
}

} // namespace tk::testsupport
