#include "kitchenworker.h"

#include "deviceregistry.h"
#include "workspace.h"

#include <QFile>
#include <QSaveFile>
#include <map>

namespace tk {

KitchenWorker::KitchenWorker(QObject *parent) : QObject(parent) {}
KitchenWorker::~KitchenWorker() = default;

void KitchenWorker::initialize()
{
    // On this thread: OpenMP keeps the thread count per thread.
    DeviceRegistry::applyThreads();
    m_workspace = std::make_unique<Workspace>();
}

template<typename F>
void KitchenWorker::run(quint64 request, F &&f, bool history)
{
    if (!m_workspace)
        initialize();
    std::map<int, int> before;
    for (const CardInfo &c : m_workspace->cards())
        before[c.id] = c.revision;
    const int logSize = m_workspace->codeLog().lines().size();

    if (history)
        m_workspace->beginAction();
    Outcome outcome = f(*m_workspace);

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
    if (history) {
        const bool changed = !upserted.isEmpty() || !removed.isEmpty() || log.size() != logSize;
        outcome.undoable = m_workspace->endAction(outcome.ok() && changed);
        const QList<CodeLine> added = log.mid(logSize);
        if (!added.isEmpty())
            Q_EMIT codeLinesAdded(added);
    } else {
        Q_EMIT codeLogReset(log);
    }
    if (!upserted.isEmpty() || !removed.isEmpty())
        Q_EMIT cardsChanged(upserted, removed);
    Q_EMIT finished(request, outcome);
}

void KitchenWorker::create(quint64 request, const TensorSpec &spec)
{
    run(request, [&](Workspace &w) { return w.create(spec); });
}

void KitchenWorker::transfer(quint64 request, int id, const QString &device,
                             TransferMeaning meaning, const QString &newName)
{
    run(request, [&](Workspace &w) { return w.transfer(id, device, meaning, newName); });
}

void KitchenWorker::combine(quint64 request, Operation op, int a, int b, const QString &resultName)
{
    run(request, [&](Workspace &w) { return w.combine(op, a, b, resultName); });
}

void KitchenWorker::rename(quint64 request, int id, const QString &name)
{
    run(request, [&](Workspace &w) { return w.rename(id, name); });
}

void KitchenWorker::clone(quint64 request, int id, const QString &name)
{
    run(request, [&](Workspace &w) { return w.clone(id, name); });
}

void KitchenWorker::remove(quint64 request, int id)
{
    run(request, [&](Workspace &w) { return w.remove(id); });
}

void KitchenWorker::createModel(quint64 request, int width, int depth)
{
    run(request, [&](Workspace &w) { return w.createModel(width, depth); });
}

void KitchenWorker::createOptimizer(quint64 request, int modelId, const QString &kind)
{
    run(request, [&](Workspace &w) { return w.createOptimizer(modelId, kind); });
}

void KitchenWorker::createLoss(quint64 request)
{
    run(request, [&](Workspace &w) { return w.createLoss(); });
}

void KitchenWorker::forgetToMoveTheModel(quint64 request)
{
    run(request, [&](Workspace &w) { return w.forgetToMoveTheModel(); });
}

void KitchenWorker::undo(quint64 request)
{
    run(request, [](Workspace &w) {
        Outcome o;
        if (!w.undo())
            o.error = OpError::invalid(tr("Nothing to undo."));
        return o;
    }, false);
}

void KitchenWorker::redo(quint64 request)
{
    run(request, [](Workspace &w) {
        Outcome o;
        if (!w.redo())
            o.error = OpError::invalid(tr("Nothing to redo."));
        return o;
    }, false);
}

void KitchenWorker::openSession(quint64 request, const QString &path)
{
    run(request, [&](Workspace &w) {
        Outcome o;
        QFile f(path);
        QString error;
        if (!f.open(QIODevice::ReadOnly))
            o.error = OpError::invalid(tr("Cannot open %1: %2").arg(path, f.errorString()));
        else if (!w.loadSession(f.readAll(), &error, &o.notices))
            o.error = OpError::invalid(error);
        return o;
    }, false);
}

void KitchenWorker::saveSession(quint64 request, const QString &path)
{
    if (!m_workspace)
        initialize();
    Outcome o;
    QString error;
    const QByteArray data = m_workspace->saveSession(&error);
    QSaveFile f(path); // the old file stays whole until the new one is complete
    if (data.isEmpty())
        o.error = OpError::invalid(tr("Could not save: %1").arg(error));
    else if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit())
        o.error = OpError::invalid(tr("Cannot write %1: %2").arg(path, f.errorString()));
    Q_EMIT finished(request, o);
}

void KitchenWorker::loadPt(quint64 request, const QString &path, const QString &device)
{
    run(request, [&](Workspace &w) { return w.loadPt(path, device, nullptr); });
}

void KitchenWorker::savePt(quint64 request, int id, const QString &path)
{
    run(request, [&](Workspace &w) { return w.savePt(id, path); });
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
