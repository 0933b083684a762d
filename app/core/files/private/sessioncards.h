#pragma once
// Core-internal: a session, every card (values, names, devices) and the code log in one
// versioned file, written and read back. Includes torch.

#include "core/kitchen/codelog.h"
#include "core/kitchen/private/cardtable.h"

#include <QByteArray>
#include <QStringList>

namespace tk {

class SessionCards
{
public:
    SessionCards(CardTable &cards, CodeLog &log) : m_cards(cards), m_log(log) { }

    QByteArray save(QString *error) const;
    // Replaces the cards and the log with the session's only when the whole file was read and
    // checked; otherwise false with a clear message in *error, and nothing changed. Card ids and
    // storage marks continue above any shown before.
    bool load(const QByteArray &data, QString *error, QStringList *notices);

private:
    CardTable &m_cards;
    CodeLog &m_log;
};

} // namespace tk
