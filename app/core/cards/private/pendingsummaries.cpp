// PendingSummaries: the summaries a large load leaves pending. A load's cards appear as soon as their tensors exist;
// their statistics and heat maps are made here afterwards, a slice at a time, by follow-up
// work on the same thread (KitchenWorker), so that a user's request is never held up long.
// A tensor over a .safetensors file's map is copied into memory of its own in the same pass,
// as the bytes are read for its statistics: once they land, the file no longer reaches it.
#include "core/cards/private/pendingsummaries.h"

#include "core/files/safetensors/safetensorsfile.h"
#include "core/cards/private/tensorsummary.h"

#include <c10/core/CPUAllocator.h>
#include <cstring>

namespace tk {

bool PendingSummaries::any() const
{
    for (const auto &[id, e] : m_cards.entries)
        if (e.info.summaryPending)
            return true;
    return false;
}

QList<CardInfo> PendingSummaries::summarise(qint64 byteBudget)
{
    // Below this a slice is not worth its round through the worker's queue.
    constexpr qint64 kMinPiece = qint64(1) << 20;
    QList<CardInfo> landed;
    qint64 spent = 0;
    Partial &part = m_partial;
    for (auto &[id, e] : m_cards.entries) { // by id: in the file's order
        if (spent >= byteBudget)
            break;
        if (!e.info.summaryPending)
            continue;
        const at::Tensor &t = e.tensor;
        const qint64 bytes = qint64(t.numel()) * qint64(t.element_size());
        try {
            if (!SummaryPass::takes(t)) {
                // Integers, bools, other devices: LibTorch's ops, the whole tensor at once.
                SafetensorsFile::ownBytes(t); // its values as they are now, whoever wrote them
                TensorSummary::fill(e.info, t);
                spent += bytes;
                landed << e.info;
                continue;
            }
            // The part read so far counts only if it is this tensor's, with the same values.
            if (part.id != id || part.tensor != t.unsafeGetTensorImpl() || part.version != t._version()
                || !part.stream) {
                part = Partial{};
                part.id = id;
                part.tensor = t.unsafeGetTensorImpl();
                part.version = t._version();
                part.stream = std::make_unique<SummaryPass::Stream>(t);
                if (SafetensorsFile::isMapped(t))
                    part.copy = c10::GetCPUAllocator()->allocate(t.storage().nbytes());
            }
            const qint64 piece = std::min(bytes - part.fed, std::max(byteBudget - spent, kMinPiece));
            const char *from = static_cast<const char *>(t.data_ptr()) + part.fed;
            if (part.copy) {
                // Copied a cache-sized chunk at a time and summarised from the copy: one pass.
                constexpr qint64 kChunk = qint64(256) << 10;
                char *to = static_cast<char *>(part.copy.get()) + t.storage_offset() * t.element_size() + part.fed;
                for (qint64 at = 0; at < piece; at += kChunk) {
                    const size_t n = size_t(std::min(kChunk, piece - at));
                    std::memcpy(to + at, from + at, n);
                    part.stream->feed(to + at, n);
                }
            } else {
                part.stream->feed(from, size_t(piece));
            }
            part.fed += piece;
            spent += piece;
            if (part.fed < bytes)
                break; // the rest of this tensor in the next slice
            if (part.copy) {
                // Bytes of the storage outside this tensor's (a view's storage), then the swap.
                const auto *storage = static_cast<const char *>(t.storage().data());
                auto *copy = static_cast<char *>(part.copy.get());
                const size_t head = size_t(t.storage_offset() * t.element_size());
                const size_t tail = head + size_t(bytes);
                std::memcpy(copy, storage, head);
                std::memcpy(copy + tail, storage + tail, t.storage().nbytes() - tail);
                SafetensorsFile::adopt(t, std::move(part.copy));
            }
            TensorSummary::fill(e.info, t, part.stream.get());
            part = Partial{};
            landed << e.info;
        } catch (...) {
            // Out of memory for LibTorch's temporaries, say: the card keeps its line without
            // statistics rather than waiting for ever.
            part = Partial{};
            e.info.summaryPending = false;
            e.info.summary.remove(QStringLiteral(" …"));
            landed << e.info;
        }
    }
    return landed;
}

} // namespace tk
