#include "core/kitchen/movereport.h"
#include "core/kitchen/koreanparticles.h"

#include <QCoreApplication>
#include <QLocale>

namespace tk {

QString meaningName(TransferMeaning m)
{
    switch (m) {
    case TransferMeaning::Reassign:
        return QStringLiteral("reassign");
    case TransferMeaning::NewName:
        return QStringLiteral("new-name");
    case TransferMeaning::Discard:
        return QStringLiteral("discard");
    }
    return {};
}

MoveReport MoveReport::of(MoveOrigin origin, const QString &sourceName, const QString &fromDevice,
                          const QString &requested, const QString &toDevice, qint64 bytes)
{
    MoveReport r;
    r.origin = origin;
    r.sourceName = sourceName;
    if (origin != MoveOrigin::Watched) // the watcher cannot see what the result was bound to
        r.kitchen.resultName = sourceName;
    r.fromDevice = fromDevice;
    r.requestedDevice = requested.isEmpty() ? toDevice : requested;
    r.toDevice = toDevice;
    // `device = "cuda" if torch.cuda.is_available() else "cpu"` on a machine with no GPU
    r.idiomFallback = r.requestedDevice == QLatin1String("cuda") && toDevice == QLatin1String("cpu");
    r.bytes = bytes;
    return r; // `timing` is set by what times it: MovePath, or the watched program's stream
}

QString MoveReport::describe() const { return KoreanParticles::resolve(sentence()); }

QString MoveReport::sentence() const
{
    const QString size = QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
    QString text;
    if (kitchen.noMoveNeeded)
        return tr("%1 needs no .to(): an optimizer works on the model's parameters wherever they "
                  "are (its state, made at its first step, stays where it was made: move the model "
                  "before stepping), and a loss without weights works wherever its inputs are.")
            .arg(sourceName);
    if (inPlace && toDevice == QLatin1String("meta"))
        return tr("%1.to(%2) gave the model new parameters on %2, as Python does: shapes without "
                  "values, in the same modules; the old ones on %3 were released. Optimizers made "
                  "before still hold the old ones.")
            .arg(sourceName, toDevice, fromDevice);
    if (inPlace && !timed)
        return tr("%1.to(%2) moved the model in place (its time is not known yet): its "
                  "parameters are now on %2, and no copy was left behind on %3.")
            .arg(sourceName, toDevice, fromDevice);
    if (inPlace)
        return tr("%1.to(%2) moved the model in place in %3 ms: its parameters are now on %2, "
                  "the same Parameter objects, and no copy was left behind on %4 — unlike a "
                  "tensor's to().")
            .arg(sourceName, toDevice)
            .arg(seconds * 1e3, 0, 'f', 3)
            .arg(fromDevice);
    if (sameStorage) {
        text = tr("%1 is already on %2: to() returned the same tensor, nothing was copied.").arg(sourceName, toDevice);
    } else if (shapesOnly()) {
        // Nothing travels: the meta tensor is made from the shape and dtype alone.
        const QString who = sourceName.isEmpty() ? tr("a tensor") : sourceName;
        if (count > 1) // like moves flown as one
            text = timed
                ? tr("Made %1 on %2 from %3 %n times: shapes only, no data moved (%4 ms in all).", nullptr, count)
                      .arg(who, toDevice, fromDevice)
                      .arg(seconds * 1e3, 0, 'f', 3)
                : tr("Made %1 on %2 from %3 %n times: shapes only, no data moved.", nullptr, count)
                      .arg(who, toDevice, fromDevice);
        else
            text = timed ? tr("Made %1 on %2 from %3: shapes only, no data moved (%4 ms).")
                               .arg(who, toDevice, fromDevice)
                               .arg(seconds * 1e3, 0, 'f', 3)
                         : tr("Made %1 on %2 from %3: shapes only, no data moved.").arg(who, toDevice, fromDevice);
    } else if (count > 1) {
        // Like moves flown as one: say that they were many, and their sums.
        text = timed ? tr("%n copies of %1 from %2 to %3: %4 in %5 ms (%6 GB/s).", nullptr, count)
                           .arg(sourceName.isEmpty() ? tr("a tensor") : sourceName, fromDevice, toDevice, size)
                           .arg(seconds * 1e3, 0, 'f', 3)
                           .arg(gigabytesPerSecond(), 0, 'f', 2)
                     : tr("%n copies of %1 from %2 to %3: %4.", nullptr, count)
                           .arg(sourceName.isEmpty() ? tr("a tensor") : sourceName, fromDevice, toDevice, size);
    } else if (!timed) {
        text = tr("Copied %1 from %2 to %3 (its time is not known yet).").arg(size, fromDevice, toDevice);
    } else {
        text = tr("Copied %1 from %2 to %3 in %4 ms (%5 GB/s).")
                   .arg(size, fromDevice, toDevice)
                   .arg(seconds * 1e3, 0, 'f', 3)
                   .arg(gigabytesPerSecond(), 0, 'f', 2);
    }
    if (idiomFallback)
        text += QLatin1Char(' ') + tr("No GPU here, so device = \"cuda\" if available else \"cpu\" gave cpu.");
    // A watched program's move: the watcher does not know what became of the old tensor.
    if (watched())
        return text;
    switch (kitchen.meaning) {
    case TransferMeaning::Reassign:
        if (!sameStorage)
            text += QLatin1Char(' ')
                + (kitchen.oldReleased ? tr("The old %1 on %2 was released.").arg(sourceName, fromDevice)
                                       : tr("The old storage is still held by another card."));
        break;
    case TransferMeaning::NewName:
        if (!sourceName.isEmpty()) // a console line may move a tensor it made itself, unnamed
            text += QLatin1Char(' ') + tr("%1 and %2 both remain.").arg(sourceName, kitchen.resultName);
        break;
    case TransferMeaning::Discard:
        text += QLatin1Char(' ')
            + tr("The result was not assigned, so the copy was dropped and %1 stayed on %2.")
                  .arg(sourceName, fromDevice);
        break;
    }
    return text;
}

} // namespace tk
