#pragma once

#include "core/kitchen/outcome.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace tk {

class CardFileLoad;
class CardFileSave;

// One kind of file the kitchen reads as cards, and may write: torch.save's .pt, .safetensors,
// numpy's .npy/.npz, a session. A format is a unit: its folder under core/files/ holds its
// parts, and CardFileFormats lists it once (CardFileFormats::add). What it is told and what it
// may touch comes through CardFileLoad and CardFileSave: it never sees the workspace. Formats
// hold no state; the worker thread calls them, the UI reads their names and suffixes.
class CardFileFormat
{
public:
    // What opening a file of this kind does to the kitchen.
    enum class Opens { AddsCards, ReplacesKitchen };
    static constexpr int kHeadBytes = 64; // how much of a file claims() is shown

    virtual ~CardFileFormat() = default;
    // A short stable key: "pt", "safetensors", "numpy", "session".
    virtual QString id() const = 0;
    // Its name in a file dialog's list, translated: "PyTorch files".
    virtual QString label() const = 0;
    // Lower case, without the dot; the first is the one a save suggests.
    virtual QStringList suffixes() const = 0;
    virtual Opens opens() const { return Opens::AddsCards; }
    // Whether the file is of this kind, by its bytes (not its name): `head` is its first
    // kHeadBytes (fewer for a short file); a format that needs more reads `path` itself.
    virtual bool claims(const QByteArray &head, const QString &path) const = 0;
    // The file as cards, all of them or none: staged in `load` and added by load.commit().
    virtual Outcome load(CardFileLoad &load) const = 0;
    // Whether save() writes this kind; the default does not.
    virtual bool saves() const { return false; }
    // Cards (save.ids(), or every card it can hold when none are named) written to save.path().
    virtual Outcome save(CardFileSave &save) const;
};

} // namespace tk
