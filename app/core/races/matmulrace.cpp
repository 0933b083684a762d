#include "matmulrace.h"

#include "matmulbench.h"
#include "matmulraceworker.h"

namespace tk {

MatmulRace::MatmulRace(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<tk::MatmulResult>();
    qRegisterMetaType<tk::MatmulSettings>();
    m_thread.setObjectName(QStringLiteral("matmul-race"));
    m_worker = new MatmulRaceWorker(&m_cancel);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &MatmulRaceWorker::pointReady, this,
            [this](const MatmulResult &r) {
                m_results << r;
                Q_EMIT pointReady(r);
            },
            Qt::QueuedConnection);
    connect(m_worker, &MatmulRaceWorker::progress, this, &MatmulRace::progress, Qt::QueuedConnection);
    connect(m_worker, &MatmulRaceWorker::finished, this,
            [this](bool cancelled, const QString &error) {
                m_running = false;
                Q_EMIT finished(cancelled, error);
            },
            Qt::QueuedConnection);
    m_thread.start();
}

MatmulRace::~MatmulRace()
{
    m_cancel = true; // a running block ends, then the thread's loop sees quit()
    m_thread.quit();
    m_thread.wait();
}

bool MatmulRace::start(const MatmulSettings &settings, QString *error)
{
    if (m_running) {
        *error = tr("A race is already running.");
        return false;
    }
    const QString problem = MatmulBench::checkSettings(settings);
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    m_settings = settings;
    m_results.clear();
    m_cancel = false;
    m_running = true;
    QMetaObject::invokeMethod(m_worker, [w = m_worker, settings] { w->run(settings); },
                              Qt::QueuedConnection);
    return true;
}

void MatmulRace::cancel() { m_cancel = true; }

} // namespace tk
