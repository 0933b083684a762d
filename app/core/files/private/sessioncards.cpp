// SessionCards: a session file (SessionFrame around SessionFormat) as every card and the code
// log, and back.
#include "core/files/private/sessioncards.h"

#include "core/devices/private/torchutil.h"
#include "core/files/private/sessionformat.h"
#include "core/files/sessionframe.h"

#include <map>

namespace tk {

QByteArray SessionCards::save(QString *error) const
{
    try {
        return SessionFrame::wrap(SessionFormat::write(m_cards.entries, m_log));
    } catch (const std::exception &e) {
        if (error)
            *error = torchutil::cleanMessage(e.what());
        return {};
    }
}

bool SessionCards::load(const QByteArray &data, QString *error, QStringList *notices)
{
    const std::optional<QByteArray> payload = SessionFrame::unwrap(data, error);
    if (!payload)
        return false;
    std::optional<SessionFormat::Contents> contents = SessionFormat::read(*payload, error);
    if (!contents)
        return false;

    // Build everything aside; the current kitchen is replaced only when all of it worked.
    CardTable fresh;
    CodeLog freshLog;
    try {
        std::vector<int> ids;
        for (CardEntry &e : contents->cards) {
            if (e.optimizer)
                e.modelId = ids.at(size_t(e.modelId));
            const int id = fresh.nextId++;
            e.info.id = id;
            fresh.entries.emplace(id, std::move(e));
            fresh.refreshInfo(fresh.entries.at(id));
            ids.push_back(id);
        }
        fresh.refreshStorageIds();
    } catch (const std::exception &e) {
        if (error)
            *error = SessionFormat::corruptMessage(e);
        return false;
    }
    freshLog = std::move(contents->log);
    freshLog.markFromSession(); // text from a file: exported as comments, never run as it is
    // Keep the revision counter rising so the UI sees every restored card as new.
    const int revision = m_cards.revision;
    std::swap(m_cards.entries, fresh.entries);
    std::swap(m_log, freshLog);
    m_cards.nextId = std::max(m_cards.nextId, fresh.nextId);
    // Card ids restart at 1 in `fresh`; renumber above every id the UI has seen.
    std::map<int, CardEntry> renumbered;
    std::map<int, int> newId;
    for (auto &[id, e] : m_cards.entries)
        newId[id] = m_cards.nextId++;
    for (auto &[id, e] : m_cards.entries) {
        e.info.id = newId[id];
        if (e.modelId >= 0)
            e.modelId = newId[e.modelId];
        e.info.revision = revision + 1;
        renumbered.emplace(newId[id], std::move(e));
    }
    m_cards.entries = std::move(renumbered);
    m_cards.revision = revision + 1;
    // Storage marks continue above any the UI has shown, too.
    m_cards.storage.restartAfter(fresh.storage);
    m_cards.refreshStorageIds();
    if (notices)
        *notices = contents->notices;
    return true;
}

} // namespace tk
