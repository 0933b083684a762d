// Workspace: sessions and .pt files (the rest of the class is in workspace.cpp). The formats
// are SessionFrame and SessionFormat, and PtFile; this is where their contents become cards.
#include "workspaceprivate.h"

#include "deviceregistry.h"
#include "ptfile.h"
#include "pythoncode.h"
#include "sessionformat.h"
#include "sessionframe.h"
#include "torchutil.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace tk {

QByteArray Workspace::saveSession(QString *error) const
{
    try {
        return SessionFrame::wrap(SessionFormat::write(d->entries, d->log));
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
            const int id = fresh.d->nextId++;
            e.info.id = id;
            fresh.d->entries.emplace(id, std::move(e));
            fresh.d->refreshInfo(fresh.d->entries.at(id));
            ids.push_back(id);
        }
        fresh.d->refreshStorageIds();
    } catch (const std::exception &e) {
        if (error)
            *error = SessionFormat::corruptMessage(e);
        return false;
    }
    fresh.d->log = std::move(contents->log);
    // Keep the revision counter rising so the UI sees every restored card as new.
    const int revision = d->revision;
    std::swap(d->entries, fresh.d->entries);
    std::swap(d->log, fresh.d->log);
    d->nextId = std::max(d->nextId, fresh.d->nextId);
    // Card ids restart at 1 in `fresh`; renumber above every id the UI has seen.
    std::map<int, CardEntry> renumbered;
    std::map<int, int> newId;
    for (auto &[id, e] : d->entries)
        newId[id] = d->nextId++;
    for (auto &[id, e] : d->entries) {
        e.info.id = newId[id];
        if (e.modelId >= 0)
            e.modelId = newId[e.modelId];
        e.info.revision = revision + 1;
        renumbered.emplace(newId[id], std::move(e));
    }
    d->entries = std::move(renumbered);
    d->revision = revision + 1;
    // Storage marks continue above any the UI has shown, too.
    d->storage.restartAfter(fresh.d->storage);
    d->refreshStorageIds();
    clearHistory(); // undo does not reach back across opening a session
    if (notices)
        *notices = contents->notices;
    return true;
}

Outcome Workspace::loadPt(const QString &path, const QString &device, QList<int> *created)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return d->fail(OpError::invalid(tr("Cannot open %1: %2").arg(path, f.errorString())), false);
    const QString target = DeviceRegistry::resolve(device);
    if (auto e = d->memory.check(f.size(), QStringLiteral("cpu"), QFileInfo(path).fileName(), QString()))
        return d->fail(*e, false);
    const QByteArray bytes = f.readAll();
    std::vector<std::pair<QString, at::Tensor>> found;
    try {
        found = PtFile::read(bytes, path);
    } catch (const std::exception &e) {
        return d->fail(OpError::invalid(tr("%1 is not a tensor file PyTorch or LibTorch wrote: %2")
                                            .arg(QFileInfo(path).fileName(),
                                                 torchutil::cleanMessage(e.what()).section(QLatin1Char('\n'), 0, 0))),
                       false);
    }
    if (found.empty())
        return d->fail(OpError::invalid(tr("%1 holds no tensors (a tensor, or a dict or list of them, is needed).")
                                            .arg(QFileInfo(path).fileName())),
                       false);
    Outcome o;
    // One tensor named after its file is loaded straight into its name; anything else into a
    // holder first, then item by item.
    const bool single = found.size() == 1
                        && found.front().first == PythonCode::identifier(QFileInfo(path).completeBaseName());
    QString holder;
    if (!single) {
        holder = freeName(QStringLiteral("loaded"));
        d->logOk(PythonCode::load(holder, path));
    }
    try {
        for (auto &[key, tensor] : found) {
            const QString name = freeName(PythonCode::identifier(key));
            at::Tensor t = tensor.detach();
            if (target != QLatin1String("cpu"))
                t = t.to(c10::Device(target.toStdString()));
            const int id = d->add(name, t);
            if (created)
                *created << id;
            o.cardId = id;
            QString line = single ? PythonCode::load(name, path) : PythonCode::loadItem(name, holder, key);
            if (target != QLatin1String("cpu"))
                line += PythonCode::toCall(target);
            d->logOk(line);
        }
    } catch (...) {
        return d->failTorch(std::current_exception(), {target}, QString());
    }
    return o;
}

QByteArray Workspace::valuesHash(int id) const
{
    auto it = d->entries.find(id);
    if (it == d->entries.end() || !it->second.tensor.defined())
        return {};
    return QCryptographicHash::hash(torchutil::hostBytes(it->second.tensor), QCryptographicHash::Sha256);
}

Outcome Workspace::savePt(int id, const QString &path)
{
    CardEntry *e = d->find(id);
    if (!e || !e->isTensor())
        return d->fail(OpError::invalid(tr("Only tensor cards can be saved as .pt files.")), false);
    if (e->tensor.is_meta())
        return d->fail(OpError::invalid(tr("%1 is on meta: it has no values to save.").arg(e->info.name)), false);
    try {
        const std::vector<char> bytes = PtFile::write(e->tensor);
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size())
            || !f.commit())
            return d->fail(OpError::invalid(tr("Cannot write %1: %2").arg(path, f.errorString())), false);
    } catch (...) {
        return d->failTorch(std::current_exception(), {e->info.device}, QString());
    }
    d->logOk(PythonCode::save(e->info.name, path));
    return Outcome{id, {}, {}};
}

} // namespace tk
