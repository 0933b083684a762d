#pragma once

#include "core/races/backgroundrun.h"
#include "core/races/matmulresult.h"

#include <QObject>

namespace tk {

// The potato-peeling race: a sweep of A @ B sizes on each lane, timed on the race's own
// thread (a BackgroundRun), results streamed point by point. Cancel takes effect within one
// timed block.
class MatmulRace : public QObject
{
    Q_OBJECT

public:
    explicit MatmulRace(QObject *parent = nullptr);
    ~MatmulRace() override;

    // Returns false and a clear message for settings that cannot run; nothing starts then.
    bool start(const MatmulSettings &settings, QString *error);
    void cancel() { m_run.cancel(); }
    bool isRunning() const { return m_run.isRunning(); }
    const QList<MatmulResult> &results() const { return m_results; }
    const MatmulSettings &settings() const { return m_settings; }

Q_SIGNALS:
    void pointReady(const tk::MatmulResult &result);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error);

private:
    MatmulSettings m_settings;
    QList<MatmulResult> m_results;
    BackgroundRun m_run; // last: destroyed first, so the sweep has stopped before the rest goes
};

} // namespace tk
