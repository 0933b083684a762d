#pragma once
// Core-internal: what a CardFileFormat is told and may do while it writes cards to a file.
// Includes torch.

#include "core/cards/private/actionlog.h"
#include "core/cards/private/cardtable.h"

#include <QCoreApplication>

namespace tk {

class CardFileSave
{
public:
    CardFileSave(CardTable &cards, const CodeLog &log, ActionLog &actions, const QList<int> &ids, const QString &path)
        : m_cards(cards), m_log(log), m_actions(actions), m_ids(ids), m_path(path)
    { }

    const QList<int> &ids() const { return m_ids; } // none: every card the format can hold
    const QString &path() const { return m_path; }
    CardTable &cards() { return m_cards; }
    const CodeLog &log() const { return m_log; }

    // Nothing written: `why`, in the user's words (no line of Python).
    Outcome refused(const QString &why) { return m_actions.fail(OpError::invalid(why), false); }
    Outcome failTorch(std::exception_ptr error, const QStringList &devices)
    {
        return m_actions.failTorch(error, devices, QString());
    }
    void logged(const QString &line) { m_actions.ok(line); } // the Python line that writes it

private:
    CardTable &m_cards;
    const CodeLog &m_log;
    ActionLog &m_actions;
    QList<int> m_ids;
    QString m_path;
};

} // namespace tk
