#pragma once
// Core-internal: the one path every move between devices takes, whatever started it (a drop, a
// menu, a model moved in place, a console line): refused before allocating when the copy
// would not fit, timed the same way, told as one MoveReport.

#include "core/cards/private/memoryguard.h"
#include "core/kitchen/movereport.h"

#include <torch/torch.h>
#include <functional>
#include <optional>

namespace tk {

class MovePath
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    // A move from `r.fromDevice` to `r.toDevice` of `r.bytes` that the destination's free
    // memory cannot hold, refused before LibTorch allocates it; nothing for a move that stays
    // on its device. `what` names it: "a copy of x", "the model model".
    static std::optional<OpError> refuse(const MemoryGuard &memory, const MoveReport &r, const QString &what);
    // Runs `copy` (the .to() itself) and returns its seconds. GPU copies are asynchronous: both
    // devices are waited for before the clock starts and before it stops, so the time is the
    // copy's own, not its launch's nor the work queued before it.
    static double timed(const c10::Device &from, const c10::Device &to, const std::function<void()> &copy);
    // What a MoveReport's `timing` says of a move timed here.
    static QString timing() { return QStringLiteral("synchronised"); }
    // The same for a device named as PyTorch names it ("cuda", "cuda:0", "meta").
    static double timed(const QString &from, const QString &to, const std::function<void()> &copy);
};

} // namespace tk
