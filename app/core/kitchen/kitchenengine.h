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

#include <QHash>
#include <QList>
#include <QMap>
#include <QObject>
#include <QThread>
#include <functional>

namespace tk {

class KitchenWorker;

// The GUI thread's handle on the kitchen. Requests return at once with a request id; the work
// runs on the core's worker thread and the answers arrive as queued signals. Keeps a mirror
// of the cards and the code log for the UI to read without touching LibTorch.
class KitchenEngine : public QObject
{
    Q_OBJECT

public:
    explicit KitchenEngine(QObject *parent = nullptr);
    ~KitchenEngine() override;

    // What to do with one request's answer, said where the request is made.
    using Then = std::function<void(const tk::Outcome &)>;
    // Queues one action (see KitchenRequest). Its answer is finished(request id, Outcome), for
    // what every answer needs (undo, autosave), and then `then`, for this request's own
    // follow-up, on this (the GUI) thread.
    quint64 submit(const tk::KitchenRequest &request, Then then = {});
    // The follow-up of a request submitted without one (an undo step, a script's request):
    // the window shows its error there, so no answer's error goes unseen.
    void setDefaultFollowUp(Then then) { m_defaultThen = std::move(then); }
    // Queries: they change nothing and answer by their own signals.
    void sampleDevices(bool includeMeta);
    quint64 preview(int id, int maxRows = 100, int maxCols = 50);
    // torch.cuda.empty_cache(): hands the caching allocator's unused blocks back to the driver.
    void emptyCache();
    QThread *lastSamplingThread() const;
    // The PyTorch console: Python starts on the worker (answer: consoleReady); completions of
    // a name answer by completed(); Ctrl+C interrupts the statement running, at once (a
    // direct call: the worker is busy in Python, its event loop cannot take a queued one).
    void startConsole();
    quint64 complete(const QString &prefix);
    static bool interruptPython();
    // Stops a long request (loading a .pt file) at its next storage or tensor: it then answers
    // Outcome::cancelled and changes nothing. A direct call, as the worker is busy with it.
    void cancel(quint64 request);

    QList<CardInfo> cards() const { return m_cards.values(); }
    std::optional<CardInfo> card(int id) const;
    const CodeLog &codeLog() const { return m_log; }
    bool busy() const { return m_pending > 0; }
    QThread *workerThread() { return &m_thread; }

Q_SIGNALS:
    void cardAdded(const tk::CardInfo &card);
    void cardUpdated(const tk::CardInfo &card);
    void cardRemoved(int id, const QString &name);
    void finished(quint64 request, const tk::Outcome &outcome);
    void codeLineAdded(const tk::CodeLine &line);
    void codeLogReset(const QList<tk::CodeLine> &lines);
    void devicesSampled(const QList<tk::DeviceInfo> &devices, const QList<qint64> &cardBytes);
    void busyChanged(bool busy);
    void previewReady(quint64 request, const tk::TensorPreview &preview);
    void cacheEmptied(const QList<tk::DeviceInfo> &before, const QList<tk::DeviceInfo> &after);
    void consoleReady(bool available, const QString &status);
    void completed(quint64 request, const QStringList &completions);
    // A long request's progress (a load): `done` of `total`, rising to total; a few per second.
    void progress(quint64 request, qint64 done, qint64 total);

private:
    void onCardsChanged(const QList<tk::CardInfo> &upserted, const QList<int> &removed);
    void onFinished(quint64 request, const tk::Outcome &outcome);

    QThread m_thread;
    KitchenWorker *m_worker = nullptr; // lives on m_thread; deleted when it finishes
    QMap<int, CardInfo> m_cards;
    CodeLog m_log;
    QHash<quint64, Then> m_then; // follow-ups of the requests not answered yet
    Then m_defaultThen;
    quint64 m_nextRequest = 1;
    int m_pending = 0;
};

} // namespace tk
