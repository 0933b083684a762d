#pragma once
// Core-internal: a session, every card (values, names, devices) and the code log in one
// versioned file (SessionFrame around SessionFormat), written and read back. Opening one
// replaces the kitchen. Includes torch.

#include "core/files/cardfileformat.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>

namespace tk {

class CardTable;
class CodeLog;

class SessionCards : public CardFileFormat
{
    Q_DECLARE_TR_FUNCTIONS(SessionCards)

public:
    QString id() const override { return QStringLiteral("session"); }
    QString label() const override;
    QStringList suffixes() const override { return {QStringLiteral("tks")}; }
    Opens opens() const override { return Opens::ReplacesKitchen; }
    bool claims(const QByteArray &head, const QString &path) const override; // SessionFrame's magic
    Outcome load(CardFileLoad &load) const override;
    bool saves() const override { return true; }
    Outcome save(CardFileSave &save) const override; // every card and the log

    // The file's bytes, or empty with the reason in *error.
    static QByteArray write(const CardTable &cards, const CodeLog &log, QString *error);
    // Replaces the cards and the log with the session's only when the whole file was read and
    // checked; otherwise false with a clear message in *error, and nothing changed. Card ids and
    // storage marks continue above any shown before.
    static bool read(const QByteArray &data, CardTable &cards, CodeLog &log, QString *error, QStringList *notices);
};

} // namespace tk
