// SessionCards: a session file (SessionFrame around SessionFormat) as every card and the code
// log, and back.
#include "core/files/session/sessioncards.h"

#include "core/devices/private/torchutil.h"
#include "core/files/session/sessionformat.h"
#include "core/cards/private/cardfileload.h"
#include "core/cards/private/cardfilesave.h"
#include "core/cards/private/cardtable.h"
#include "core/files/sessionframe.h"

#include <map>

#include <QFile>
#include <QSaveFile>

namespace tk {

QString SessionCards::label() const { return tr("Tensor Kitchen sessions"); }

bool SessionCards::claims(const QByteArray &head, const QString &) const
{
    return head.startsWith(SessionFrame::magic());
}

Outcome SessionCards::load(CardFileLoad &load) const
{
    QFile f(load.path());
    if (!f.open(QIODevice::ReadOnly))
        return load.cannotOpen(f.errorString());
    Outcome o;
    QString error;
    if (!read(f.readAll(), load.cards(), load.log(), &error, &o.notices))
        o.error = OpError::invalid(error);
    return o;
}

Outcome SessionCards::save(CardFileSave &save) const
{
    QString error;
    const QByteArray data = write(save.cards(), save.log(), &error);
    if (data.isEmpty())
        return save.refused(tr("Could not save: %1").arg(error));
    QSaveFile f(save.path()); // the old file stays whole until the new one is complete
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit())
        return save.refused(tr("Cannot write %1: %2").arg(save.path(), f.errorString()));
    return Outcome{};
}

QByteArray SessionCards::write(const CardTable &cards, const CodeLog &log, QString *error)
{
    try {
        return SessionFrame::wrap(SessionFormat::write(cards.entries, log));
    } catch (const std::exception &e) {
        if (error)
            *error = torchutil::cleanMessage(e.what());
        return {};
    }
}

bool SessionCards::read(const QByteArray &data, CardTable &cards, CodeLog &log, QString *error, QStringList *notices)
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
    const int revision = cards.revision;
    std::swap(cards.entries, fresh.entries);
    std::swap(log, freshLog);
    cards.nextId = std::max(cards.nextId, fresh.nextId);
    // Card ids restart at 1 in `fresh`; renumber above every id the UI has seen.
    std::map<int, CardEntry> renumbered;
    std::map<int, int> newId;
    for (auto &[id, e] : cards.entries)
        newId[id] = cards.nextId++;
    for (auto &[id, e] : cards.entries) {
        e.info.id = newId[id];
        if (e.modelId >= 0)
            e.modelId = newId[e.modelId];
        e.info.revision = revision + 1;
        renumbered.emplace(newId[id], std::move(e));
    }
    cards.entries = std::move(renumbered);
    cards.revision = revision + 1;
    // Storage marks continue above any the UI has shown, too.
    cards.storage.restartAfter(fresh.storage);
    cards.refreshStorageIds();
    if (notices)
        *notices = contents->notices;
    return true;
}

} // namespace tk
