#pragma once

#include <QtGlobal>

namespace tk {

// What a long file load reports to and asks whether to stop. Every loader takes one (the .pt
// reader; the .safetensors reader can take the same), so the worker, the bench CLI and the
// tests follow any of them the same way. Called on the loading thread: an implementation that
// reaches another thread does so itself (a queued signal, an atomic flag).
class LoadProgress
{
public:
    virtual ~LoadProgress() = default;

    // `done` of `total` units of work (bytes read, then bytes summarised): `done` only rises
    // and the last call has done == total. Cheap to call often; throttling is the receiver's.
    virtual void advance(qint64 done, qint64 total) = 0;
    // Asked between storages and between tensors: true stops the load, which then changes
    // nothing and answers Outcome::cancelled.
    virtual bool cancelRequested() const = 0;
};

} // namespace tk
