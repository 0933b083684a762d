#pragma once
// Core-internal: includes torch.

#include "core/cards/private/cardentry.h"
#include "core/kitchen/codelog.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>
#include <exception>
#include <map>
#include <optional>
#include <vector>

namespace tk {

// The payload of a session file, inside its SessionFrame: (QDataStream, Qt 6.4) compact JSON
// with every card's name, kind and device, a tensor's dtype, shape and alias, a model's
// layers, an optimizer's model and type, and the code log; then a count and one blob of raw
// values per tensor: a model's parameters in order, an empty one for an alias.
class SessionFormat
{
    // Its messages are the workspace's: one translation context for all of them.
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    struct Contents
    {
        std::vector<CardEntry> cards; // in file order; an optimizer's modelId is its model's index
        CodeLog log;
        QStringList notices; // GPU cards this machine put on the CPU
    };

    // Throws std::exception when a tensor's values cannot be read.
    static QByteArray write(const std::map<int, CardEntry> &entries, const CodeLog &log);
    // Everything in the payload, checked before anything is allocated: nothing, with the reason,
    // when any of it is wrong. Cards keep the device they were saved on, or the CPU when this
    // machine lacks that GPU (one notice each).
    static std::optional<Contents> read(const QByteArray &payload, QString *error);
    // "The session file is corrupt: …", with the first line of what went wrong.
    static QString corruptMessage(const std::exception &e);
};

} // namespace tk
