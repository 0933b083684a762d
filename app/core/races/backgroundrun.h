#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QThread>
#include <QVariant>
#include <atomic>
#include <functional>

namespace tk {

// The one runner for long work (the matmul race, the training race, the transfer lab): a
// thread of its own, a cancel flag, and a job that posts its results as it goes. The job and
// every LibTorch call in it run on that thread; every signal below is emitted on the thread
// that owns the runner, through its event queue, in the order the job posted. So an owner
// keeps its state and its own typed signals on its own thread and never emits from the worker.
class BackgroundRun : public QObject
{
    Q_OBJECT

public:
    // How a job ended. A job that throws ends as failed, with the exception's message.
    struct Ending
    {
        bool cancelled = false;
        QString error;
        static Ending done() { return {}; }
        static Ending stopped() { return {true, {}}; }
        static Ending failed(const QString &error) { return {false, error}; }
    };

    // What the job sees, on the worker thread.
    class Context
    {
    public:
        Context(const Context &) = delete;
        Context &operator=(const Context &) = delete;

        bool cancelled() const { return m_cancel->load(); }
        const std::atomic<bool> *cancelFlag() const { return m_cancel; } // for the timing loops
        // Queued for the owner: sent at once, or with the others of its batch when the runner
        // batches (one delivery at most every batchMs, not one per item).
        void post(const QVariant &result);
        // Sends what is queued now, not waiting for the batch to fill its interval.
        void flush();
        // Arrives after every result posted before it.
        void progress(int done, int total);

    private:
        friend class BackgroundRun;
        Context(BackgroundRun *run, const std::atomic<bool> *cancel, int batchMs);

        BackgroundRun *m_run; // outlives the job: its destructor waits for the thread
        const std::atomic<bool> *m_cancel;
        int m_batchMs;
        QVariantList m_pending;
        QElapsedTimer m_sinceFlush;
    };
    using Job = std::function<Ending(Context &context)>;

    // batchMs 0: each result is delivered on its own; otherwise at most one batch per batchMs.
    BackgroundRun(const QString &threadName, int batchMs, QObject *parent = nullptr);
    ~BackgroundRun() override; // cancels a running job and waits for it to return

    // Runs the job on the worker; false, and nothing starts, while another job is running.
    bool start(Job job);
    void cancel() { m_cancel = true; }
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void resultsReady(const QVariantList &results);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error); // isRunning() is false by then

private:
    void runJob(const Job &job); // on the worker

    QThread m_thread;
    QObject *m_context = nullptr; // lives on m_thread: the jobs run in its event loop
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    int m_batchMs = 0;
};

} // namespace tk
