// CardFileLoad: the all-or-nothing part every format's load shares.
#include "core/cards/private/cardfileload.h"

#include "core/cards/private/actionlog.h"
#include "core/cards/private/cardtable.h"
#include "core/cards/private/memoryguard.h"
#include "core/cards/private/pendingsummaries.h"
#include "core/cards/private/tensorsummary.h"
#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"

#include <QFileInfo>

namespace tk {

CardFileLoad::CardFileLoad(CardTable &cards, CodeLog &log, ActionLog &actions, const MemoryGuard &memory,
                           const PendingSummaries &summaries, const QString &path, const QString &device,
                           LoadProgress *progress)
    : m_cards(cards), m_log(log), m_actions(actions), m_memory(memory), m_summaries(summaries), m_path(path),
      m_file(QFileInfo(path).fileName()), m_target(DeviceRegistry::resolve(device)), m_progress(progress)
{ }

bool CardFileLoad::cancelRequested() const { return m_progress && m_progress->cancelRequested(); }

bool CardFileLoad::deferredSummaries() const { return m_summaries.deferred(); }

std::optional<Outcome> CardFileLoad::tooLarge(qint64 bytes, const QString &what)
{
    if (auto e = m_memory.check(bytes, QStringLiteral("cpu"), what, QString()))
        return m_actions.fail(*e, false);
    return std::nullopt;
}

Outcome CardFileLoad::cannotOpen(const QString &reason)
{
    return m_actions.fail(OpError::invalid(tr("Cannot open %1: %2").arg(m_path, reason)), false);
}

Outcome CardFileLoad::refused(const QString &words, const QString &raw)
{
    return m_actions.fail(OpError::fileError(m_path, false, words, raw), false);
}

Outcome CardFileLoad::cancelled() const
{
    Outcome o;
    o.cancelled = true;
    o.notices << tr("Loading %1 was cancelled; the kitchen is unchanged.").arg(m_file);
    return o;
}

Outcome CardFileLoad::failTorch(std::exception_ptr error, const QString &device)
{
    return m_actions.failTorch(error, {device}, QString());
}

std::pair<at::Tensor, CardInfo> CardFileLoad::prepare(const at::Tensor &t, const SummaryPass::Stream *stream) const
{
    at::Tensor moved = t.detach();
    if (!onCpu())
        moved = moved.to(c10::Device(m_target.toStdString()));
    CardInfo info;
    const bool streamed = onCpu() && stream && stream->complete();
    if (m_summaries.deferred() && !streamed)
        TensorSummary::fillPending(info, moved); // the statistics follow the cards
    else
        TensorSummary::fill(info, moved, streamed ? stream : nullptr);
    return {std::move(moved), std::move(info)};
}

QString CardFileLoad::holder()
{
    if (!m_holder)
        m_holder = m_cards.freeName(QStringLiteral("loaded"));
    return *m_holder;
}

void CardFileLoad::lead(const QString &line) { m_lead << line; }

void CardFileLoad::stage(const QString &base, at::Tensor t, CardInfo info, LineFor line)
{
    CardEntry e;
    e.tensor = std::move(t);
    e.info = std::move(info);
    m_staged.push_back({base, std::move(e), std::move(line)});
}

void CardFileLoad::stage(const QString &base, CardEntry model, LineFor line)
{
    m_staged.push_back({base, std::move(model), std::move(line)});
}

Outcome CardFileLoad::commit()
{
    const qsizetype logMark = m_actions.mark();
    const auto log = [this](const QString &line) {
        if (m_inert.isEmpty())
            m_actions.ok(line);
        else
            m_actions.inert(line, m_inert);
    };
    Outcome o;
    QList<int> ids;
    try {
        for (const QString &line : std::as_const(m_lead))
            log(line);
        const QString taken = m_holder.value_or(QString());
        for (Staged &s : m_staged) {
            const QString name = m_cards.freeNameBesides(s.base, taken);
            int id;
            if (s.entry.module) {
                s.entry.info.name = name;
                id = m_cards.insert(std::move(s.entry));
            } else {
                id = m_cards.addSummarised(name, std::move(s.entry.tensor), std::move(s.entry.info));
            }
            ids << id;
            o.cardId = id;
            log(s.line(name));
        }
        m_cards.refreshStorageIds(); // once for all the new cards (per card it is quadratic)
    } catch (...) {
        m_cards.remove(ids);
        m_actions.undoTo(logMark);
        return m_actions.failTorch(std::current_exception(), {m_target}, QString());
    }
    m_staged.clear();
    m_created << ids;
    return o;
}

} // namespace tk
