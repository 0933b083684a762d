#pragma once

#include <QString>

#include <memory>
#include <mutex>
#include <vector>

namespace tk {

// The list of one kind of unit the app grows by (the file formats, the training race's lane
// kinds): the built-ins, made at first use, then any added (a test's, a plug-in's), in order.
// Read from any thread. A unit is never removed, so the pointers handed out stay valid for the
// process's life.
template<typename Unit> class UnitRegistry
{
public:
    explicit UnitRegistry(std::vector<std::unique_ptr<Unit>> builtIns) : m_units(std::move(builtIns)) { }

    // False, and nothing added, for a null unit or one whose id() is taken.
    bool add(std::unique_ptr<Unit> unit)
    {
        const std::lock_guard lock(m_mutex);
        if (!unit || findLocked(unit->id()))
            return false;
        m_units.push_back(std::move(unit));
        return true;
    }

    std::vector<const Unit *> all() const
    {
        const std::lock_guard lock(m_mutex);
        std::vector<const Unit *> out;
        out.reserve(m_units.size());
        for (const auto &u : m_units)
            out.push_back(u.get());
        return out;
    }

    // The unit with this id, or null.
    const Unit *find(const QString &id) const
    {
        const std::lock_guard lock(m_mutex);
        return findLocked(id);
    }

private:
    const Unit *findLocked(const QString &id) const
    {
        for (const auto &u : m_units)
            if (u->id() == id)
                return u.get();
        return nullptr;
    }

    mutable std::mutex m_mutex;
    std::vector<std::unique_ptr<Unit>> m_units;
};

} // namespace tk
