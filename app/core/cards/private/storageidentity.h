#pragma once
// Core-internal: includes torch.

#include "core/cards/private/cardentry.h"

#include <map>

namespace tk {

// The storage mark on each card (◆ 3): same storage, same mark, so views and a same-device
// to() show one number and a real copy a new one. Marks are handed out in order and a storage
// keeps its mark while any card holds it.
class StorageIdentity
{
public:
    // What "same storage" means: a tensor's storage (its TensorImpl when it has none); a model
    // or an optimizer is one object wherever it lives; a loss is only itself.
    static const void *keyOf(const at::Tensor &t);
    static const void *keyOf(const CardEntry &e);

    // Gives every card its storage's mark and forgets storages no card holds any more. A card
    // whose mark changed gets the next revision, so the UI redraws it.
    void refresh(std::map<int, CardEntry> &entries, int &revision);
    // Forgets every mark; new marks continue above both this one's and `other`'s, so a loaded
    // session's cards get marks the UI has not shown before.
    void restartAfter(const StorageIdentity &other);

private:
    std::map<const void *, int> m_marks; // live storages only
    int m_next = 1;
};

} // namespace tk
