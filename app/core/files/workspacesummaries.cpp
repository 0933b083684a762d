// Workspace: the summaries a large load leaves pending (the rest of the class is in
// workspace.cpp and workspacefiles.cpp). A load's cards appear as soon as their tensors exist;
// their statistics and heat maps are made here afterwards, a slice at a time, by follow-up
// work on the same thread (KitchenWorker), so that a user's request is never held up long.
#include "internal/workspaceprivate.h"

#include "internal/tensorsummary.h"

namespace tk {

void Workspace::setDeferredSummaries(bool on) { d->deferSummaries = on; }

bool Workspace::hasPendingSummaries() const
{
    for (const auto &[id, e] : d->entries)
        if (e.info.summaryPending)
            return true;
    return false;
}

QList<CardInfo> Workspace::summarisePending(qint64 byteBudget)
{
    // Below this a slice is not worth its round through the worker's queue.
    constexpr qint64 kMinPiece = qint64(1) << 20;
    QList<CardInfo> landed;
    qint64 spent = 0;
    Private::PartialSummary &part = d->partial;
    for (auto &[id, e] : d->entries) { // by id: in the file's order
        if (spent >= byteBudget)
            break;
        if (!e.info.summaryPending)
            continue;
        const at::Tensor &t = e.tensor;
        const qint64 bytes = qint64(t.numel()) * qint64(t.element_size());
        try {
            if (!SummaryPass::takes(t)) {
                // Integers, bools, other devices: LibTorch's ops, the whole tensor at once.
                TensorSummary::fill(e.info, t);
                spent += bytes;
                landed << e.info;
                continue;
            }
            // The part read so far counts only if it is this tensor's, with the same values.
            if (part.id != id || part.tensor != t.unsafeGetTensorImpl() || part.version != t._version() || !part.stream) {
                part = Private::PartialSummary{};
                part.id = id;
                part.tensor = t.unsafeGetTensorImpl();
                part.version = t._version();
                part.stream = std::make_unique<SummaryPass::Stream>(t);
            }
            const qint64 piece = std::min(bytes - part.fed, std::max(byteBudget - spent, kMinPiece));
            part.stream->feed(static_cast<const char *>(t.data_ptr()) + part.fed, size_t(piece));
            part.fed += piece;
            spent += piece;
            if (part.fed < bytes)
                break; // the rest of this tensor in the next slice
            TensorSummary::fill(e.info, t, part.stream.get());
            part = Private::PartialSummary{};
            landed << e.info;
        } catch (...) {
            // Out of memory for LibTorch's temporaries, say: the card keeps its line without
            // statistics rather than waiting for ever.
            part = Private::PartialSummary{};
            e.info.summaryPending = false;
            e.info.summary.remove(QStringLiteral(" …"));
            landed << e.info;
        }
    }
    return landed;
}

} // namespace tk
