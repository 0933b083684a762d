#pragma once
// Core-internal: the named cards of a workspace and their storage marks. The workspace's
// actions and the PyTorch console both add, find and refresh cards here (the console binds
// each card to a Python variable). Includes torch; never include from ui/.

#include "core/cards/private/storageidentity.h"
#include "core/cards/private/cardentry.h"
#include "core/cards/private/objectcards.h"
#include "core/kitchen/operror.h"

#include <QCoreApplication>
#include <map>
#include <optional>

namespace tk {

class CardTable
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    std::map<int, CardEntry> entries; // by id
    StorageIdentity storage;
    int nextId = 1;
    int revision = 0; // raised by every change of a card's info
    ObjectCards *objects = nullptr; // the console, while one is attached: describes its objects

    CardEntry *find(int id)
    {
        auto it = entries.find(id);
        return it == entries.end() ? nullptr : &it->second;
    }
    int idOf(const QString &name) const; // -1 when no card has that name

    // A new card with the next id, its info and its storage mark.
    int insert(CardEntry e);
    int add(const QString &name, at::Tensor t);
    // A tensor card whose info (TensorSummary's) was filled already; storage marks are left to
    // one refreshStorageIds() after a batch of them.
    int addSummarised(const QString &name, at::Tensor t, CardInfo info);
    // The card's info made again from what it holds, with a new revision.
    void refreshInfo(CardEntry &e);
    void refreshStorageIds() { storage.refresh(entries, revision); }
    // The cards `ids` gone again (a load that failed part-way adds none of its cards).
    void remove(const QList<int> &ids);
    // Why `name` cannot name a new card (or card `exceptId` renamed), or nothing when it can.
    std::optional<OpError> checkNewName(const QString &name, int exceptId = -1) const;
    // `base` when no card has that name, else base1, base2, …; for an empty base the short
    // names PyTorch examples use first (x, y, w, …), then t1, t2, …
    QString freeName(const QString &base) const;
    // The same, and not `taken` either: a file's key named like the holder a load's lines
    // read it from (`loaded`) must not hide it.
    QString freeNameBesides(const QString &base, const QString &taken) const;
    // Whether a card other than `exceptId` holds the storage `key`.
    bool storageSharedByOthers(const void *key, int exceptId) const;

private:
    void fillModelInfo(CardEntry &e);
    void fillHelperInfo(CardEntry &e);
};

} // namespace tk
