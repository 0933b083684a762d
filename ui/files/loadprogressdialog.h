#pragma once

#include <QProgressDialog>

namespace tk {

class KitchenEngine;

// The progress of one file load running on the kitchen's worker, with Cancel: shown once the
// load has taken kShowAfter ms (small files never show it); the window keeps running, as the
// load is the worker's. Cancel asks the worker to stop at its next storage or tensor; the
// load's answer (cancelled, loaded or refused) then closes it.
class LoadProgressDialog : public QProgressDialog
{
    Q_OBJECT

public:
    static constexpr int kShowAfter = 400;
    static constexpr int kSteps = 1000;

    LoadProgressDialog(KitchenEngine *engine, quint64 request, const QString &fileName, int showAfterMs,
                       QWidget *parent);
    quint64 request() const { return m_request; }
    // The answer came: closes and deletes the dialog.
    void finish();

private:
    void onProgress(quint64 request, qint64 done, qint64 total);

    KitchenEngine *m_engine;
    quint64 m_request;
};

} // namespace tk
