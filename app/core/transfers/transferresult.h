#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace tk {

// One copy measured by the transfer lab.
struct TransferResult
{
    QString device; // the other end of the copy ("cpu" for a host-only copy)
    QString direction; // "h2d", "d2h", or "host" (host memory to host memory)
    QString memory; // host side: "pageable" or "pinned"
    bool nonBlocking = false;
    qint64 bytes = 0;
    double medianS = 0;
    double iqrS = 0;
    double gbps() const { return medianS > 0 ? bytes / medianS / 1e9 : 0; }
    QString label() const; // "h2d · pinned · non_blocking"
};

struct TransferSettings
{
    QStringList devices; // cuda:N; empty or "cpu" → host memory copies
    QList<qint64> sizes; // bytes
    bool pinned = true; // also measure pinned host memory (CUDA only)
    bool nonBlocking = true; // also measure non_blocking copies (CUDA only)
    double minRunTime = 0.05;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::TransferResult)
