#pragma once
// Core-internal: cards whose value is a Python object (a model, optimizer or loss made in the
// PyTorch console). The workspace cannot look inside them without Python; the console
// registers itself here to describe, copy and move them.

#include "core/cards/private/cardentry.h"

#include <map>

namespace tk {

class ObjectCards
{
public:
    virtual ~ObjectCards() = default;
    // Fills e.info (kind, device, bytes, summary) and e.tensor (the first parameter) from
    // e.object.
    virtual void describe(CardEntry &e) = 0;
    // For the undo history: the snapshot's objects become deep copies, made together so that
    // an optimizer still points at its model's parameters. model.to() works in place, so a
    // shared object would not be the state before. `restoring`: the snapshot is about to
    // become the kitchen again, and copies once more so that the history's own copy is never
    // the live one.
    virtual void copyObjects(std::map<int, CardEntry> &entries, bool restoring) = 0;
    // obj.to(device) for a drag; false with LibTorch's error in *error.
    virtual bool move(CardEntry &e, const QString &device, QString *errorType, QString *error) = 0;
};

} // namespace tk
