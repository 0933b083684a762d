#include "ui/kitchen/cardmime.h"

#include <QDataStream>
#include <QIODevice>
#include <QMimeData>

namespace tk {

QMimeData *CardMime::encode(int cardId, const QString &device)
{
    QByteArray data;
    QDataStream out(&data, QIODevice::WriteOnly);
    out << qint32(cardId) << device;
    auto *mime = new QMimeData;
    mime->setData(type(), data);
    return mime;
}

bool CardMime::decode(const QMimeData *mime, int *cardId, QString *device)
{
    if (!mime || !mime->hasFormat(type()))
        return false;
    QDataStream in(mime->data(type()));
    qint32 id = -1;
    QString dev;
    in >> id >> dev;
    if (in.status() != QDataStream::Ok || id < 0)
        return false;
    *cardId = id;
    *device = dev;
    return true;
}

} // namespace tk
