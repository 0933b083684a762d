#include "core/devices/torchthread.h"

#include <QDebug>
#include <QMutex>
#include <QSet>
#include <QThread>
#include <atomic>

namespace tk {

namespace {
std::atomic<QThread *> g_forbidden{nullptr};
std::atomic<int> g_violations{0};
} // namespace

void TorchThread::forbid(QThread *thread) { g_forbidden = thread; }

bool TorchThread::onForbiddenThread()
{
    QThread *forbidden = g_forbidden.load();
    return forbidden && QThread::currentThread() == forbidden;
}

void TorchThread::check(const char *where)
{
    if (!onForbiddenThread())
        return;
    ++g_violations;
#ifdef NDEBUG
    // TK_TORCH_THREAD_FATAL=1 aborts in a release build too, to get a backtrace.
    static const bool fatal = qEnvironmentVariableIntValue("TK_TORCH_THREAD_FATAL") != 0;
#else
    const bool fatal = true;
#endif
    if (fatal)
        qFatal("LibTorch called on the GUI thread by %s: move the call to a worker", where);
    static QMutex mutex;
    static QSet<const char *> warned;
    QMutexLocker lock(&mutex);
    if (!warned.contains(where)) {
        warned.insert(where);
        qWarning("LibTorch called on the GUI thread by %s", where);
    }
}

int TorchThread::violations() { return g_violations.load(); }

} // namespace tk
