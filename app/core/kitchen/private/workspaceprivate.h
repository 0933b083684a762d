#pragma once
// Core-internal: the Workspace's state, shared by workspace.cpp (actions, undo) and
// workspacefiles.cpp (sessions, .pt files); its helpers are in workspaceprivate.cpp. Its parts
// are classes of their own: the cards (CardTable), the history, the memory check, the log. Includes
// torch; never include from ui/.

#include "core/kitchen/workspace.h"

#include "core/kitchen/private/cardtable.h"
#include "core/kitchen/private/memoryguard.h"
#include "core/kitchen/private/summarypass.h"
#include "core/kitchen/private/workspacehistory.h"

#include <map>
#include <optional>
#include <torch/torch.h>

namespace tk {

struct Workspace::Private
{
    CardTable cards; // the named cards and their storage marks
    WorkspaceHistory history;
    MemoryGuard memory;
    CodeLog log;
    bool deferSummaries = false; // setDeferredSummaries
    // The pending card summarisePending() is part-way through, and which tensor (and version of
    // its values) the part already read came from.
    struct PartialSummary
    {
        int id = -1;
        const void *tensor = nullptr;
        int64_t version = 0;
        qint64 fed = 0;
        std::unique_ptr<SummaryPass::Stream> stream;
        // A mapped .safetensors tensor's own copy, filled as its bytes are fed (null otherwise).
        c10::DataPtr copy;
    };
    PartialSummary partial;

    WorkspaceHistory::Snapshot snapshot() const
    {
        WorkspaceHistory::Snapshot s = WorkspaceHistory::capture(cards.entries, log);
        if (cards.objects)
            cards.objects->copyObjects(s.entries, false);
        return s;
    }
    void restore(WorkspaceHistory::Snapshot s);

    // Checks a device id names a device this machine has. "cuda" follows the idiom.
    std::optional<c10::Device> usableDevice(const QString &id, QString *error) const;
    std::optional<OpError> checkNewName(const QString &name, int exceptId = -1) const;

    // An error answer; a refusal or LibTorch's error is also logged against its Python line.
    Outcome fail(const OpError &error, bool logIt = true);
    Outcome failTorch(std::exception_ptr ex, const QStringList &devices, const QString &code);
    void logOk(const QString &code) { log.append(CodeLine{code, {}, {}, false}); }

    // model.to(device) moves in place; an optimizer or a loss has nothing to move.
    Outcome transferObject(CardEntry &e, const c10::Device &dev, const QString &requested);
    // A console-made object dragged to a device: the console runs obj.to(device).
    Outcome transferPythonObject(CardEntry &e, MoveReport r);
    static at::Tensor forward(torch::nn::Sequential &model, at::Tensor x); // model(x)
};

} // namespace tk
