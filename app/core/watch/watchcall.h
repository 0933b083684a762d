#pragma once

#include <QMetaType>
#include <QString>

namespace tk {

// A user's line that, in one optimizer step, made the host wait for a device (or, on the CPU,
// would on a GPU: `.item()`, `.tolist()`, `.numpy()`, printing or formatting a tensor,
// `torch.cuda.synchronize()`) or pinned a tensor (`.pin_memory()`, a copy each time). The
// watcher counts them per line and sends them with the step (the step message's `calls`).
struct WatchCall
{
    qint64 step = 0; // the step whose totals it was counted in
    double at = 0; // that step's t
    QString what; // "item", "tolist", "numpy", "__repr__", "__format__", "synchronize", "cpu", "pin_memory"
    QString device; // the tensor's device type: "cpu", "cuda", …
    qint64 count = 0; // calls in that step
    double seconds = 0; // their wall time together (on CUDA: the host's wait)
    QString file;
    int line = 0;
    int cell = 0;
};

} // namespace tk

// Relocatable, as MoveReport is (a kept list grows by moving its memory).
Q_DECLARE_TYPEINFO(tk::WatchCall, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(tk::WatchCall)
