#pragma once

#include "core/kitchen/cardinfo.h"
#include "core/kitchen/codelog.h"
#include "core/devices/deviceinfo.h"
#include "core/kitchen/kitchenrequest.h"
#include "core/kitchen/operation.h"
#include "core/kitchen/outcome.h"
#include "core/kitchen/tensorpreview.h"
#include "core/kitchen/tensorspec.h"
#include "core/kitchen/movereport.h"

#include <QList>
#include <QObject>
#include <QThread>
#include <atomic>
#include <memory>

namespace tk {

class PythonConsole;
class Workspace;

// Owns the Workspace on the core's worker thread: every LibTorch call of the kitchen happens
// here. Reached only through queued calls from KitchenEngine; reports by signals.
class KitchenWorker : public QObject
{
    Q_OBJECT

public:
    explicit KitchenWorker(QObject *parent = nullptr);
    ~KitchenWorker() override;

    void initialize();
    // Runs one action and reports what it changed: cards by cardsChanged, code lines by
    // codeLinesAdded (or codeLogReset after undo, redo and open), the answer by finished.
    void handle(quint64 request, const tk::KitchenRequest &r);
    // Queries: they change nothing and answer by their own signals.
    void sampleDevices(bool includeMeta);
    void preview(quint64 request, int id, int maxRows, int maxCols);
    void emptyCache();
    // The console: starting Python (answers consoleReady) and completing a name.
    void startConsole();
    void complete(quint64 request, const QString &prefix);
    QThread *lastSamplingThread() const { return m_samplingThread.load(); }
    // From any thread: asks the long request `request` (a load) to stop at its next storage or
    // tensor. A request already answered, or one that cannot stop, ignores it.
    void cancel(quint64 request) { m_cancel.store(request); }

Q_SIGNALS:
    void finished(quint64 request, const tk::Outcome &outcome);
    void cardsChanged(const QList<tk::CardInfo> &upserted, const QList<int> &removed);
    void codeLinesAdded(const QList<tk::CodeLine> &lines);
    void codeLogReset(const QList<tk::CodeLine> &lines); // after undo, redo and opening
    void devicesSampled(const QList<tk::DeviceInfo> &devices, const QList<qint64> &cardBytes);
    void previewReady(quint64 request, const tk::TensorPreview &preview);
    void cacheEmptied(const QList<tk::DeviceInfo> &before, const QList<tk::DeviceInfo> &after);
    void consoleReady(bool available, const QString &status);
    void completed(quint64 request, const QStringList &completions);
    // A long request's progress: `done` of `total` units, rising; throttled (RequestProgress).
    void progress(quint64 request, qint64 done, qint64 total);

private:
    // A large load's statistics follow its cards (Workspace::summarisePending): one slice per
    // queued call, so a request queued meanwhile runs after at most one slice.
    void scheduleSummaries();
    void summariseSlice();

    std::unique_ptr<Workspace> m_workspace;
    std::unique_ptr<PythonConsole> m_console; // after the workspace: destroyed first
    std::atomic<QThread *> m_samplingThread{nullptr}; // where the last sample was taken
    std::atomic<quint64> m_cancel{0}; // the request asked to stop; set from the GUI thread
    bool m_sliceQueued = false; // a summariseSlice() call is in the queue
};

} // namespace tk
