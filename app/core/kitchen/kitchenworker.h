#pragma once

#include "cardinfo.h"
#include "codelog.h"
#include "deviceinfo.h"
#include "operation.h"
#include "outcome.h"
#include "tensorpreview.h"
#include "tensorspec.h"
#include "movereport.h"

#include <QList>
#include <QObject>
#include <QThread>
#include <atomic>
#include <memory>

namespace tk {

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
    void create(quint64 request, const tk::TensorSpec &spec);
    void transfer(quint64 request, int id, const QString &device, tk::TransferMeaning meaning,
                  const QString &newName);
    void combine(quint64 request, tk::Operation op, int a, int b, const QString &resultName);
    void rename(quint64 request, int id, const QString &name);
    void clone(quint64 request, int id, const QString &name);
    void remove(quint64 request, int id);
    void createModel(quint64 request, int width, int depth);
    void createOptimizer(quint64 request, int modelId, const QString &kind);
    void createLoss(quint64 request);
    void forgetToMoveTheModel(quint64 request);
    void sampleDevices(bool includeMeta);
    void preview(quint64 request, int id, int maxRows, int maxCols);
    void emptyCache();
    void undo(quint64 request);
    void redo(quint64 request);
    void openSession(quint64 request, const QString &path);
    void saveSession(quint64 request, const QString &path);
    void loadPt(quint64 request, const QString &path, const QString &device);
    void savePt(quint64 request, int id, const QString &path);
    QThread *lastSamplingThread() const { return m_samplingThread.load(); }

Q_SIGNALS:
    void finished(quint64 request, const tk::Outcome &outcome);
    void cardsChanged(const QList<tk::CardInfo> &upserted, const QList<int> &removed);
    void codeLinesAdded(const QList<tk::CodeLine> &lines);
    void codeLogReset(const QList<tk::CodeLine> &lines); // after undo, redo and opening
    void devicesSampled(const QList<tk::DeviceInfo> &devices, const QList<qint64> &cardBytes);
    void previewReady(quint64 request, const tk::TensorPreview &preview);
    void cacheEmptied(const QList<tk::DeviceInfo> &before, const QList<tk::DeviceInfo> &after);

private:
    // Runs one request, reports what changed; `history` false for requests that are not
    // actions of their own (undo, redo, open) and must not go onto the undo history.
    template<typename F>
    void run(quint64 request, F &&f, bool history = true);

    std::unique_ptr<Workspace> m_workspace;
    std::atomic<QThread *> m_samplingThread{nullptr}; // where the last sample was taken
};

} // namespace tk
