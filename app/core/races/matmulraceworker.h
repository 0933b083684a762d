#pragma once

#include "matmulresult.h"

#include <QObject>
#include <atomic>

namespace tk {

// Runs a matmul sweep on MatmulRace's thread and streams each point as soon as it is timed.
class MatmulRaceWorker : public QObject
{
    Q_OBJECT

public:
    explicit MatmulRaceWorker(const std::atomic<bool> *cancel) : m_cancel(cancel) {}
    void run(const tk::MatmulSettings &settings);

Q_SIGNALS:
    void pointReady(const tk::MatmulResult &result);
    void progress(int done, int total);
    void finished(bool cancelled, const QString &error);

private:
    const std::atomic<bool> *m_cancel; // owned by MatmulRace, set from the GUI thread
};

} // namespace tk
