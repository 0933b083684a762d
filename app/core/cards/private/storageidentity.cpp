#include "core/cards/private/storageidentity.h"

#include <algorithm>
#include <set>

namespace tk {

const void *StorageIdentity::keyOf(const at::Tensor &t)
{
    return t.has_storage() ? static_cast<const void *>(t.storage().unsafeGetStorageImpl())
                           : static_cast<const void *>(t.unsafeGetTensorImpl());
}

const void *StorageIdentity::keyOf(const CardEntry &e)
{
    if (e.object)
        return e.object.get();
    if (e.module)
        return e.module.ptr().get();
    if (e.optimizer)
        return e.optimizer.get();
    if (!e.tensor.defined())
        return &e;
    return keyOf(e.tensor);
}

void StorageIdentity::refresh(std::map<int, CardEntry> &entries, int &revision)
{
    std::set<const void *> live;
    for (const auto &[id, e] : entries)
        live.insert(keyOf(e));
    for (auto it = m_marks.begin(); it != m_marks.end();)
        it = live.count(it->first) ? std::next(it) : m_marks.erase(it);
    for (auto &[id, e] : entries) {
        const void *key = keyOf(e);
        auto found = m_marks.find(key);
        if (found == m_marks.end())
            found = m_marks.emplace(key, m_next++).first;
        if (e.info.storageId != found->second) {
            e.info.storageId = found->second;
            e.info.revision = ++revision;
        }
    }
}

void StorageIdentity::restartAfter(const StorageIdentity &other)
{
    m_marks.clear();
    m_next = std::max(m_next, other.m_next);
}

} // namespace tk
