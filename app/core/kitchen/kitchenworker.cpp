#include "core/kitchen/kitchenworker.h"

#include "core/devices/deviceregistry.h"
#include "core/console/pythonconsole.h"
#include "core/kitchen/requesthandler.h"
#include "core/kitchen/requestprogress.h"
#include "core/kitchen/workspace.h"

#include <map>

namespace tk {

KitchenWorker::KitchenWorker(QObject *parent) : QObject(parent) { }
KitchenWorker::~KitchenWorker()
{
    m_console.reset(); // it unbinds from the workspace
}

void KitchenWorker::initialize()
{
    // On this thread (OpenMP keeps the thread count per thread): the counts python3 starts
    // with, so the console's code and the kitchen's moves run as the user's script would.
    DeviceRegistry::applyLibraryDefaults();
    m_workspace = std::make_unique<Workspace>();
    m_workspace->setDeferredSummaries(true); // cards first, statistics after
    // Python starts only when the console is first used (startConsole or a line typed).
    m_console = std::make_unique<PythonConsole>(*m_workspace);
}

void KitchenWorker::startConsole()
{
    if (!m_workspace)
        initialize();
    const bool ok = m_console->start();
    Q_EMIT consoleReady(ok, m_console->status());
}

void KitchenWorker::complete(quint64 request, const QString &prefix)
{
    if (!m_workspace)
        initialize();
    Q_EMIT completed(request, m_console->available() ? m_console->complete(prefix) : QStringList());
}

void KitchenWorker::handle(quint64 request, const KitchenRequest &r)
{
    if (!m_workspace)
        initialize();
    const RequestHandler::History history = RequestHandler::history(r);
    std::map<int, int> before;
    for (const CardInfo &c : m_workspace->cards())
        before[c.id] = c.revision;
    const int logSize = m_workspace->codeLog().lines().size();

    if (history == RequestHandler::History::Record)
        m_workspace->beginAction();
    RequestProgress progress(
        request, m_cancel, [this, request](qint64 done, qint64 total) { Q_EMIT this->progress(request, done, total); });
    Outcome outcome = RequestHandler::perform(*m_workspace, r, m_console.get(), &progress);
    // The console's names follow every other change of the cards (a drag, undo, opening).
    if (history != RequestHandler::History::Console)
        m_console->syncFromWorkspace();

    // Report only what changed, so the GUI never re-renders untouched cards.
    QList<CardInfo> upserted;
    QList<int> removed;
    std::map<int, bool> alive;
    for (const CardInfo &c : m_workspace->cards()) {
        alive[c.id] = true;
        auto it = before.find(c.id);
        if (it == before.end() || it->second != c.revision)
            upserted << c;
    }
    for (const auto &[id, rev] : before)
        if (!alive.count(id))
            removed << id;
    const QList<CodeLine> &log = m_workspace->codeLog().lines();
    switch (history) {
    case RequestHandler::History::Console: {
        // The console recorded its own undo steps, one per statement (outcome.console.steps).
        const QList<CodeLine> added = log.mid(logSize);
        if (!added.isEmpty())
            Q_EMIT codeLinesAdded(added);
        break;
    }
    case RequestHandler::History::Record: {
        const bool changed = !upserted.isEmpty() || !removed.isEmpty() || log.size() != logSize;
        outcome.undoable = m_workspace->endAction(outcome.ok() && changed);
        const QList<CodeLine> added = log.mid(logSize);
        if (!added.isEmpty())
            Q_EMIT codeLinesAdded(added);
        break;
    }
    case RequestHandler::History::Replace:
        Q_EMIT codeLogReset(log);
        break;
    case RequestHandler::History::None:
        break;
    }
    if (!upserted.isEmpty() || !removed.isEmpty())
        Q_EMIT cardsChanged(upserted, removed);
    Q_EMIT finished(request, outcome);
    scheduleSummaries(); // a load, or an undo or redo that brought pending cards back
}

void KitchenWorker::scheduleSummaries()
{
    if (m_sliceQueued || !m_workspace || !m_workspace->hasPendingSummaries())
        return;
    m_sliceQueued = true;
    QMetaObject::invokeMethod(
        this, [this] { summariseSlice(); }, Qt::QueuedConnection);
}

void KitchenWorker::summariseSlice()
{
    // About 20 ms of SummaryPass on this machine's cores (~1.5 GB/s).
    constexpr qint64 kSliceBytes = qint64(32) << 20;
    m_sliceQueued = false;
    const QList<CardInfo> landed = m_workspace->summarisePending(kSliceBytes);
    if (!landed.isEmpty())
        Q_EMIT cardsChanged(landed, {});
    scheduleSummaries();
}

void KitchenWorker::emptyCache()
{
    const QList<DeviceInfo> before = DeviceRegistry::devices();
    DeviceRegistry::emptyCudaCache();
    Q_EMIT cacheEmptied(before, DeviceRegistry::devices());
}

void KitchenWorker::preview(quint64 request, int id, int maxRows, int maxCols)
{
    if (!m_workspace)
        initialize();
    Q_EMIT previewReady(request, m_workspace->preview(id, maxRows, maxCols));
}

void KitchenWorker::sampleDevices(bool includeMeta)
{
    if (!m_workspace)
        initialize();
    m_samplingThread = QThread::currentThread();
    const QList<DeviceInfo> devices = DeviceRegistry::devices(includeMeta);
    QList<qint64> bytes;
    for (const DeviceInfo &d : devices)
        bytes << m_workspace->bytesOn(d.id);
    Q_EMIT devicesSampled(devices, bytes);
}

} // namespace tk
