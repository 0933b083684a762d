#pragma once

#include "matmulresult.h"

#include <QObject>
#include <QThread>
#include <atomic>

namespace tk {

class MatmulRaceWorker;

// The potato-peeling race: a sweep of A @ B sizes on each lane, timed on a core-owned worker
// thread, results streamed point by point. Cancel takes effect within one timed block.
class MatmulRace : public QObject
{
    Q_OBJECT

public:
    explicit MatmulRace(QObject *parent = nullptr);
    ~MatmulRace() override;

    // Returns false and a clear message for settings that cannot run; nothing starts then.
    bool start(const MatmulSettings &settings, QString *error);
    void cancel();
    bool isRunning() const { return m_running; }
    const QList<MatmulResult> &results() const { return m_results; }
    const MatmulSettings &settings() const { return m_settings; }

Q_SIGNALS:
    void pointReady(const tk::MatmulResult &result);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error);

private:
    QThread m_thread;
    MatmulRaceWorker *m_worker = nullptr;
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    MatmulSettings m_settings;
    QList<MatmulResult> m_results;
};

} // namespace tk
