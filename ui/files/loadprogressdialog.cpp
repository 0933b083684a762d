#include "ui/files/loadprogressdialog.h"

#include "core/kitchen/kitchenengine.h"

#include <algorithm>

namespace tk {

LoadProgressDialog::LoadProgressDialog(KitchenEngine *engine, quint64 request, const QString &fileName, int showAfterMs,
                                       QWidget *parent)
    : QProgressDialog(tr("Loading %1…").arg(fileName), tr("Cancel"), 0, kSteps, parent), m_engine(engine),
      m_request(request)
{
    setObjectName(QStringLiteral("loadProgress"));
    setWindowTitle(tr("Loading tensors"));
    // Not modal: a modal QProgressDialog runs processEvents() inside setValue(), re-entering
    // this slot. The window stays usable; what is asked meanwhile runs after the load.
    setWindowModality(Qt::NonModal);
    // The answer closes it; reaching the end (the cards are being made) must not.
    setAutoReset(false);
    setAutoClose(false);
    setMinimumDuration(showAfterMs);
    setValue(0);
    connect(engine, &KitchenEngine::progress, this, &LoadProgressDialog::onProgress);
    // The worker is busy with the load, so the cancel goes to it directly (an atomic flag).
    connect(this, &QProgressDialog::canceled, this, [this] { m_engine->cancel(m_request); });
}

void LoadProgressDialog::onProgress(quint64 request, qint64 done, qint64 total)
{
    if (request != m_request || total <= 0 || wasCanceled())
        return;
    setValue(int(std::min<qint64>(kSteps, done * kSteps / total)));
}

void LoadProgressDialog::finish()
{
    disconnect(m_engine, nullptr, this, nullptr);
    hide();
    deleteLater();
}

} // namespace tk
