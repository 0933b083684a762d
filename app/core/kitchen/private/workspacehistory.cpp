#include "core/kitchen/private/workspacehistory.h"

#include "core/cards/private/modelfactory.h"

namespace tk {

WorkspaceHistory::Snapshot WorkspaceHistory::capture(const std::map<int, CardEntry> &entries, const CodeLog &log)
{
    Snapshot s;
    s.log = log;
    for (const auto &[id, e] : entries) {
        CardEntry copy = e;
        if (e.module) {
            copy.module = ModelFactory::clone(e.module);
            copy.tensor = copy.module->parameters().front();
        }
        s.entries.emplace(id, std::move(copy));
    }
    return s;
}

void WorkspaceHistory::begin(Snapshot before) { m_pending = std::move(before); }

bool WorkspaceHistory::end(bool changed)
{
    if (!m_pending)
        return false;
    if (changed) {
        m_undo.push_back(std::move(*m_pending));
        if (m_undo.size() > kDepth)
            m_undo.erase(m_undo.begin());
        m_redo.clear();
    }
    m_pending.reset();
    return changed;
}

WorkspaceHistory::Snapshot WorkspaceHistory::undo(Snapshot current)
{
    m_redo.push_back(std::move(current));
    Snapshot s = std::move(m_undo.back());
    m_undo.pop_back();
    return relinked(std::move(s));
}

WorkspaceHistory::Snapshot WorkspaceHistory::redo(Snapshot current)
{
    m_undo.push_back(std::move(current));
    Snapshot s = std::move(m_redo.back());
    m_redo.pop_back();
    return relinked(std::move(s));
}

void WorkspaceHistory::clear()
{
    m_undo.clear();
    m_redo.clear();
}

WorkspaceHistory::Snapshot WorkspaceHistory::relinked(Snapshot s)
{
    for (auto &[id, e] : s.entries) {
        if (!e.optimizer)
            continue;
        auto it = s.entries.find(e.modelId);
        if (it == s.entries.end() || !it->second.module)
            continue;
        e.optimizer = ModelFactory::optimizer(ModelFactory::kindOf(*e.optimizer), it->second.module->parameters(),
                                              CardEntry::kOptimizerLr);
    }
    return s;
}

} // namespace tk
