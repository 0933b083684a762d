// Workspace: sessions, and the files of cards (.pt: PtCards, .safetensors: SafetensorsCards,
// their pending summaries: PendingSummaries). A session's format is SessionFrame and
// SessionFormat; this is where it becomes the whole workspace again.
#include "core/kitchen/private/workspaceprivate.h"

#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"
#include "core/files/private/loadphase.h"
#include "core/files/private/ptfile.h"
#include "core/kitchen/private/modelfactory.h"
#include "core/kitchen/private/summarypipeline.h"
#include "core/kitchen/private/tensorsummary.h"
#include "core/files/private/safetensorsfile.h"
#include "core/kitchen/pythoncode.h"
#include "core/files/private/sessionformat.h"
#include "core/files/sessionframe.h"
#include "core/devices/private/torchutil.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <map>

namespace tk {

QByteArray Workspace::saveSession(QString *error) const
{
    try {
        return SessionFrame::wrap(SessionFormat::write(d->cards.entries, d->log));
    } catch (const std::exception &e) {
        if (error)
            *error = torchutil::cleanMessage(e.what());
        return {};
    }
}

bool Workspace::loadSession(const QByteArray &data, QString *error, QStringList *notices)
{
    const std::optional<QByteArray> payload = SessionFrame::unwrap(data, error);
    if (!payload)
        return false;
    std::optional<SessionFormat::Contents> contents = SessionFormat::read(*payload, error);
    if (!contents)
        return false;

    // Build everything aside; the current kitchen is replaced only when all of it worked.
    Workspace fresh;
    try {
        std::vector<int> ids;
        for (CardEntry &e : contents->cards) {
            if (e.optimizer)
                e.modelId = ids.at(size_t(e.modelId));
            const int id = fresh.d->cards.nextId++;
            e.info.id = id;
            fresh.d->cards.entries.emplace(id, std::move(e));
            fresh.d->cards.refreshInfo(fresh.d->cards.entries.at(id));
            ids.push_back(id);
        }
        fresh.d->cards.refreshStorageIds();
    } catch (const std::exception &e) {
        if (error)
            *error = SessionFormat::corruptMessage(e);
        return false;
    }
    fresh.d->log = std::move(contents->log);
    // Keep the revision counter rising so the UI sees every restored card as new.
    const int revision = d->cards.revision;
    std::swap(d->cards.entries, fresh.d->cards.entries);
    std::swap(d->log, fresh.d->log);
    d->cards.nextId = std::max(d->cards.nextId, fresh.d->cards.nextId);
    // Card ids restart at 1 in `fresh`; renumber above every id the UI has seen.
    std::map<int, CardEntry> renumbered;
    std::map<int, int> newId;
    for (auto &[id, e] : d->cards.entries)
        newId[id] = d->cards.nextId++;
    for (auto &[id, e] : d->cards.entries) {
        e.info.id = newId[id];
        if (e.modelId >= 0)
            e.modelId = newId[e.modelId];
        e.info.revision = revision + 1;
        renumbered.emplace(newId[id], std::move(e));
    }
    d->cards.entries = std::move(renumbered);
    d->cards.revision = revision + 1;
    // Storage marks continue above any the UI has shown, too.
    d->cards.storage.restartAfter(fresh.d->cards.storage);
    d->cards.refreshStorageIds();
    clearHistory(); // undo does not reach back across opening a session
    if (notices)
        *notices = contents->notices;
    return true;
}

Outcome Workspace::loadPt(const QString &path, const QString &device, QList<int> *created, LoadProgress *progress)
{
    // Hugging Face's format has a reader of its own.
    if (SafetensorsFile::looksLike(path))
        return loadSafetensors(path, device, created, progress);
    return d->ptFiles.load(path, device, created, progress);
}

Outcome Workspace::savePt(int id, const QString &path) { return d->ptFiles.save(id, path); }

Outcome Workspace::loadSafetensors(const QString &path, const QString &device, QList<int> *created,
                                   LoadProgress *progress)
{
    return d->safetensorsFiles.load(path, device, created, progress);
}

Outcome Workspace::saveSafetensors(const QList<int> &ids, const QString &path)
{
    return d->safetensorsFiles.save(ids, path);
}

void Workspace::setDeferredSummaries(bool on) { d->summaries.setDeferred(on); }

bool Workspace::hasPendingSummaries() const { return d->summaries.any(); }

QList<CardInfo> Workspace::summarisePending(qint64 byteBudget) { return d->summaries.summarise(byteBudget); }

QByteArray Workspace::valuesHash(int id) const
{
    auto it = d->cards.entries.find(id);
    if (it == d->cards.entries.end() || !it->second.tensor.defined())
        return {};
    return QCryptographicHash::hash(torchutil::hostBytes(it->second.tensor), QCryptographicHash::Sha256);
}

} // namespace tk
