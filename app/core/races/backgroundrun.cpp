#include "core/races/backgroundrun.h"

#include <exception>

namespace tk {

BackgroundRun::Context::Context(BackgroundRun *run, const std::atomic<bool> *cancel, int batchMs)
    : m_run(run), m_cancel(cancel), m_batchMs(batchMs)
{
    m_sinceFlush.start();
}

void BackgroundRun::Context::post(const QVariant &result)
{
    m_pending << result;
    if (m_batchMs <= 0 || m_sinceFlush.elapsed() >= m_batchMs)
        flush();
}

void BackgroundRun::Context::flush()
{
    m_sinceFlush.restart();
    if (m_pending.isEmpty())
        return;
    // Posted to the runner's own thread: the signal is emitted there, never from here.
    QMetaObject::invokeMethod(
        m_run, [run = m_run, batch = m_pending] { Q_EMIT run->resultsReady(batch); }, Qt::QueuedConnection);
    m_pending.clear();
}

void BackgroundRun::Context::progress(int done, int total)
{
    flush(); // a count must not run ahead of the results it counts
    QMetaObject::invokeMethod(
        m_run, [run = m_run, done, total] { Q_EMIT run->progress(done, total); }, Qt::QueuedConnection);
}

BackgroundRun::BackgroundRun(const QString &threadName, int batchMs, QObject *parent)
    : QObject(parent), m_batchMs(batchMs)
{
    m_thread.setObjectName(threadName);
    m_context = new QObject;
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

BackgroundRun::~BackgroundRun()
{
    m_cancel = true; // a running job sees it at its next check, then the loop sees quit()
    m_thread.quit();
    m_thread.wait();
}

bool BackgroundRun::start(Job job)
{
    if (m_running)
        return false;
    m_cancel = false;
    m_running = true;
    QMetaObject::invokeMethod(
        m_context, [this, job = std::move(job)] { runJob(job); }, Qt::QueuedConnection);
    return true;
}

void BackgroundRun::runJob(const Job &job)
{
    Context context(this, &m_cancel, m_batchMs);
    Ending end;
    try {
        end = job(context);
    } catch (const std::exception &e) {
        end = Ending::failed(QString::fromUtf8(e.what()));
    }
    context.flush(); // the last results, before the end that counts them
    QMetaObject::invokeMethod(
        this,
        [this, end] {
            m_running = false;
            Q_EMIT finished(end.cancelled, end.error);
        },
        Qt::QueuedConnection);
}

} // namespace tk
