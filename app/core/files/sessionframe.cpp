#include "core/files/sessionframe.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QIODevice>

namespace tk {

QByteArray SessionFrame::wrap(const QByteArray &payload)
{
    QByteArray file;
    QDataStream head(&file, QIODevice::WriteOnly);
    head.setVersion(QDataStream::Qt_6_4);
    head.writeRawData(magic().constData(), int(magic().size()));
    head << kVersion << quint64(payload.size()) << QCryptographicHash::hash(payload, QCryptographicHash::Sha256);
    head.writeRawData(payload.constData(), int(payload.size()));
    return file;
}

std::optional<QByteArray> SessionFrame::unwrap(const QByteArray &file, QString *error)
{
    auto fail = [error](const QString &m) -> std::optional<QByteArray> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    if (!file.startsWith(magic()))
        return fail(tr("This is not a Tensor Kitchen session file."));
    QDataStream in(file.mid(magic().size()));
    in.setVersion(QDataStream::Qt_6_4);
    quint32 version = 0;
    quint64 size = 0;
    QByteArray hash;
    in >> version >> size >> hash;
    if (in.status() != QDataStream::Ok)
        return fail(tr("The session file is truncated: its header is incomplete."));
    if (version > kVersion)
        return fail(tr("The session file is version %1; this Tensor Kitchen reads up to version %2.")
                        .arg(version)
                        .arg(kVersion));
    const qsizetype headerSize = magic().size() + qsizetype(in.device()->pos());
    QByteArray payload = file.mid(headerSize);
    if (quint64(payload.size()) != size)
        return fail(tr("The session file is truncated: %1 of %2 bytes are there.").arg(payload.size()).arg(size));
    if (QCryptographicHash::hash(payload, QCryptographicHash::Sha256) != hash)
        return fail(tr("The session file is corrupt: its checksum does not match."));
    return payload;
}

} // namespace tk
