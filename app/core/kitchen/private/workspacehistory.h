#pragma once
// Core-internal: includes torch.

#include "core/cards/private/cardentry.h"
#include "core/kitchen/codelog.h"
#include "core/kitchen/workspace.h"

#include <map>
#include <optional>
#include <vector>

namespace tk {

// Undo and redo, one action at a time: the whole workspace as it was before each action, up to
// kDepth actions back. Tensors are shared handles (a snapshot costs no copy, but keeps the old
// storage alive while it is in the history); models are cloned because model.to() changes them
// in place.
class WorkspaceHistory
{
public:
    struct Snapshot
    {
        std::map<int, CardEntry> entries;
        CodeLog log;
    };
    static constexpr size_t kDepth = size_t(Workspace::kHistoryDepth);

    static Snapshot capture(const std::map<int, CardEntry> &entries, const CodeLog &log);

    // The state before an action; kept by end() only when the action changed something (and
    // then the redo history is gone, as in every editor).
    void begin(Snapshot before);
    bool end(bool changed);

    bool canUndo() const { return !m_undo.empty(); }
    bool canRedo() const { return !m_redo.empty(); }
    // The state to go back (or forward) to; `current` goes onto the other history. Call only
    // when canUndo() / canRedo().
    Snapshot undo(Snapshot current);
    Snapshot redo(Snapshot current);
    int undoDepth() const { return int(m_undo.size()); }
    int redoDepth() const { return int(m_redo.size()); }
    void clear();

private:
    // An optimizer is rebuilt over its restored model's parameters (its state is not kept).
    static Snapshot relinked(Snapshot s);

    std::optional<Snapshot> m_pending;
    std::vector<Snapshot> m_undo, m_redo;
};

} // namespace tk
