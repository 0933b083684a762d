#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <optional>

namespace tk {

// The envelope of a .tks session file, written once for the app, the fuzzer and the tests:
// "TKSESSION", then (QDataStream, Qt 6.4) the format version, the payload's size and its SHA-256,
// then the payload. Opening checks all of it before the payload is parsed.
class SessionFrame
{
    Q_DECLARE_TR_FUNCTIONS(SessionFrame)

public:
    static constexpr quint32 kVersion = 1;
    static QByteArray magic() { return QByteArrayLiteral("TKSESSION"); }

    static QByteArray wrap(const QByteArray &payload);
    // The payload, or nothing with the reason in plain words (not a session, a newer version,
    // truncated, corrupt).
    static std::optional<QByteArray> unwrap(const QByteArray &file, QString *error);
};

} // namespace tk
