#pragma once

#include <QString>

class QMimeData;

namespace tk {

// The drag payload of a tensor card: its id and the device it is dragged from.
class CardMime
{
public:
    static QString type() { return QStringLiteral("application/x-tensor-kitchen-card"); }
    static QMimeData *encode(int cardId, const QString &device);
    static bool decode(const QMimeData *mime, int *cardId, QString *device);
};

} // namespace tk
