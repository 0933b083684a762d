#pragma once
// Core-internal: what a CardFileFormat is told and may do while it reads a file: the file and
// the device its cards go to, the memory check, its answers in the user's words, and its cards,
// staged first and then added all together or not at all (commit). Includes torch.

#include "core/cards/private/cardentry.h"
#include "core/cards/private/summarypass.h"
#include "core/kitchen/outcome.h"

#include <QCoreApplication>
#include <exception>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace tk {

class ActionLog;
class CardTable;
class CodeLog;
class LoadProgress;
class MemoryGuard;
class PendingSummaries;

class CardFileLoad
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    // A card's Python line, made from the name it gets (its base, or base1, … when taken).
    using LineFor = std::function<QString(const QString &name)>;

    CardFileLoad(CardTable &cards, CodeLog &log, ActionLog &actions, const MemoryGuard &memory,
                 const PendingSummaries &summaries, const QString &path, const QString &device, LoadProgress *progress);

    const QString &path() const { return m_path; }
    const QString &file() const { return m_file; } // its name alone, as the messages say it
    const QString &target() const { return m_target; } // the device, resolved ("cuda:0")
    bool onCpu() const { return m_target == QLatin1String("cpu"); }
    LoadProgress *progress() const { return m_progress; }
    bool cancelRequested() const;
    // The statistics follow the cards (Workspace::setDeferredSummaries): none are read now.
    bool deferredSummaries() const;

    // Answers a format returns; none of them changes the kitchen.
    // The refusal when `bytes` (of the file, or of one tensor `what`) would not fit in free memory.
    std::optional<Outcome> tooLarge(qint64 bytes, const QString &what);
    Outcome cannotOpen(const QString &reason); // "Cannot open f: reason"
    // The file is not one that can be loaded: `words` say what it is and what to do; `raw` is
    // the reader's own text, shown under Details.
    Outcome refused(const QString &words, const QString &raw);
    Outcome cancelled() const; // "Loading f was cancelled; the kitchen is unchanged."
    Outcome failTorch(std::exception_ptr error, const QString &device);

    // `t` detached on the target device with its card's info: filled (from `stream` when that
    // holds all its values, read while the file was), or pending when summaries are deferred.
    // Throws what LibTorch throws (out of memory on the device, …).
    std::pair<at::Tensor, CardInfo> prepare(const at::Tensor &t, const SummaryPass::Stream *stream = nullptr) const;

    // Staged, nothing of it in the kitchen before commit().
    // The name a file's items are read from in the lines ("loaded", else loaded1, …): one per load.
    QString holder();
    void lead(const QString &line); // a line before the cards' own (an import, the holder's)
    void stage(const QString &base, at::Tensor t, CardInfo info, LineFor line);
    void stage(const QString &base, CardEntry model, LineFor line); // a model card
    // A file whose Python load would run code of the file's choosing: its lines are comments
    // saying `why`.
    void setInert(const QString &why) { m_inert = why; }
    // Every staged card added with its line, or, if any fails, none of them and no line. The
    // outcome's card is the last one added.
    Outcome commit();
    const QList<int> &created() const { return m_created; }

    // The whole kitchen, for a format that replaces it (a session).
    CardTable &cards() { return m_cards; }
    CodeLog &log() { return m_log; }

private:
    struct Staged
    {
        QString base;
        CardEntry entry;
        LineFor line;
    };

    CardTable &m_cards;
    CodeLog &m_log;
    ActionLog &m_actions;
    const MemoryGuard &m_memory;
    const PendingSummaries &m_summaries;
    QString m_path, m_file, m_target;
    LoadProgress *m_progress;
    std::optional<QString> m_holder;
    QStringList m_lead;
    std::vector<Staged> m_staged;
    QString m_inert;
    QList<int> m_created;
};

} // namespace tk
