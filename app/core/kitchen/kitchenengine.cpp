#include "core/kitchen/kitchenengine.h"

#include "core/kitchen/kitchenworker.h"
#include "core/console/pythonconsole.h"

namespace tk {

namespace {
void registerTypes()
{
    qRegisterMetaType<tk::TensorSpec>();
    qRegisterMetaType<tk::CardInfo>();
    qRegisterMetaType<QList<tk::CardInfo>>();
    qRegisterMetaType<tk::Outcome>();
    qRegisterMetaType<tk::OpError>();
    qRegisterMetaType<tk::MoveReport>();
    qRegisterMetaType<tk::CodeLine>();
    qRegisterMetaType<QList<tk::CodeLine>>();
    qRegisterMetaType<tk::DeviceInfo>();
    qRegisterMetaType<QList<tk::DeviceInfo>>();
    qRegisterMetaType<QList<qint64>>();
    qRegisterMetaType<tk::TensorPreview>();
}
} // namespace

KitchenEngine::KitchenEngine(QObject *parent) : QObject(parent)
{
    registerTypes();
    m_thread.setObjectName(QStringLiteral("kitchen-worker"));
    m_worker = new KitchenWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::started, m_worker, &KitchenWorker::initialize);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &KitchenWorker::cardsChanged, this, &KitchenEngine::onCardsChanged, Qt::QueuedConnection);
    connect(m_worker, &KitchenWorker::finished, this, &KitchenEngine::onFinished, Qt::QueuedConnection);
    connect(
        m_worker, &KitchenWorker::codeLinesAdded, this,
        [this](const QList<CodeLine> &lines) {
            for (const CodeLine &l : lines) {
                m_log.append(l);
                Q_EMIT codeLineAdded(l);
            }
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &KitchenWorker::codeLogReset, this,
        [this](const QList<CodeLine> &lines) {
            m_log.clear();
            for (const CodeLine &l : lines)
                m_log.append(l);
            Q_EMIT codeLogReset(lines);
        },
        Qt::QueuedConnection);
    connect(m_worker, &KitchenWorker::devicesSampled, this, &KitchenEngine::devicesSampled, Qt::QueuedConnection);
    connect(m_worker, &KitchenWorker::previewReady, this, &KitchenEngine::previewReady, Qt::QueuedConnection);
    connect(m_worker, &KitchenWorker::cacheEmptied, this, &KitchenEngine::cacheEmptied, Qt::QueuedConnection);
    connect(m_worker, &KitchenWorker::consoleReady, this, &KitchenEngine::consoleReady, Qt::QueuedConnection);
    connect(m_worker, &KitchenWorker::completed, this, &KitchenEngine::completed, Qt::QueuedConnection);
    connect(m_worker, &KitchenWorker::progress, this, &KitchenEngine::progress, Qt::QueuedConnection);
    m_thread.start();
}

KitchenEngine::~KitchenEngine()
{
    m_thread.quit();
    // A console statement may be running (while True: pass): stop it, or closing would wait
    // for ever. A single long LibTorch call still ends on its own.
    while (!m_thread.wait(100))
        PythonConsole::interrupt();
}

quint64 KitchenEngine::submit(const KitchenRequest &r, Then then)
{
    const quint64 request = m_nextRequest++;
    if (then)
        m_then.insert(request, std::move(then));
    if (m_pending++ == 0)
        Q_EMIT busyChanged(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request, r] { w->handle(request, r); }, Qt::QueuedConnection);
    return request;
}

void KitchenEngine::sampleDevices(bool includeMeta)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, includeMeta] { w->sampleDevices(includeMeta); }, Qt::QueuedConnection);
}

quint64 KitchenEngine::preview(int id, int maxRows, int maxCols)
{
    const quint64 request = m_nextRequest++;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request, id, maxRows, maxCols] { w->preview(request, id, maxRows, maxCols); },
        Qt::QueuedConnection);
    return request;
}

void KitchenEngine::emptyCache()
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker] { w->emptyCache(); }, Qt::QueuedConnection);
}

void KitchenEngine::startConsole()
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker] { w->startConsole(); }, Qt::QueuedConnection);
}

quint64 KitchenEngine::complete(const QString &prefix)
{
    const quint64 request = m_nextRequest++;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request, prefix] { w->complete(request, prefix); }, Qt::QueuedConnection);
    return request;
}

bool KitchenEngine::interruptPython() { return PythonConsole::interrupt(); }

void KitchenEngine::cancel(quint64 request) { m_worker->cancel(request); }

QThread *KitchenEngine::lastSamplingThread() const { return m_worker->lastSamplingThread(); }

std::optional<CardInfo> KitchenEngine::card(int id) const
{
    auto it = m_cards.constFind(id);
    if (it == m_cards.constEnd())
        return std::nullopt;
    return *it;
}

void KitchenEngine::onCardsChanged(const QList<CardInfo> &upserted, const QList<int> &removed)
{
    for (int id : removed) {
        const QString name = m_cards.value(id).name;
        m_cards.remove(id);
        Q_EMIT cardRemoved(id, name);
    }
    for (const CardInfo &c : upserted) {
        const bool known = m_cards.contains(c.id);
        m_cards.insert(c.id, c);
        if (known)
            Q_EMIT cardUpdated(c);
        else
            Q_EMIT cardAdded(c);
    }
}

void KitchenEngine::onFinished(quint64 request, const Outcome &outcome)
{
    const Then then = m_then.take(request);
    Q_EMIT finished(request, outcome);
    if (then)
        then(outcome);
    else if (m_defaultThen)
        m_defaultThen(outcome);
    if (--m_pending == 0)
        Q_EMIT busyChanged(false);
}

} // namespace tk
