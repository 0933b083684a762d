#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

namespace tk {

class CardFileFormat;

// Every kind of file the kitchen reads, in the order their claims are asked (the narrowest
// first): the built-in ones, then any added. Torch-free: the UI's dialogs and drops and the
// CLI read names and suffixes here; the workspace picks a file's reader here.
class CardFileFormats
{
    Q_DECLARE_TR_FUNCTIONS(CardFileFormats)

public:
    // The one registration line of a new format (a test's made-up one too); kept for the
    // process's life. False, and nothing added, when its id is taken.
    static bool add(std::unique_ptr<CardFileFormat> format);
    static std::vector<const CardFileFormat *> all();
    static const CardFileFormat *byId(const QString &id);
    // The format a file's bytes belong to; else the one its suffix names; else null (an empty,
    // unreadable or unknown file: the .pt reader says why in the user's words).
    static const CardFileFormat *forFile(const QString &path);
    // Whose suffix `path` has (case-insensitive), or null.
    static const CardFileFormat *bySuffix(const QString &path);
};

} // namespace tk
