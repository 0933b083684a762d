#pragma once

#include "core/files/loadprogress.h"

#include <QElapsedTimer>
#include <atomic>
#include <functional>

namespace tk {

// The worker's LoadProgress for one request: reports at most every kInterval ms or 1 % (and
// always the start and the end), so a load of thousands of storages does not flood the GUI
// thread's queue; cancelled when the flag names this request (KitchenEngine::cancel sets it
// from the GUI thread while the worker is busy and cannot take a queued call).
class RequestProgress : public LoadProgress
{
public:
    using Report = std::function<void(qint64 done, qint64 total)>;
    static constexpr int kInterval = 50;

    RequestProgress(quint64 request, const std::atomic<quint64> &cancel, Report report)
        : m_request(request), m_cancel(cancel), m_report(std::move(report))
    { }
    void advance(qint64 done, qint64 total) override;
    bool cancelRequested() const override { return m_cancel.load() == m_request; }

private:
    quint64 m_request;
    const std::atomic<quint64> &m_cancel;
    Report m_report;
    QElapsedTimer m_since; // since the last report
    qint64 m_lastDone = -1;
};

} // namespace tk
