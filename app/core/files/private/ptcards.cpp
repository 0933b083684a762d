// PtCards: .pt files as cards. The format is PtFile; this is where its contents become cards
// (tensors, a model the kitchen can make, notices for the rest), and a card a file.
#include "core/files/private/ptcards.h"

#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"
#include "core/files/private/loadphase.h"
#include "core/files/private/ptfile.h"
#include "core/kitchen/private/modelfactory.h"
#include "core/kitchen/private/summarypipeline.h"
#include "core/kitchen/private/tensorsummary.h"
#include "core/kitchen/pythoncode.h"
#include "core/devices/private/torchutil.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <map>

namespace tk {

PtCards::PtCards(CardTable &cards, const MemoryGuard &memory, ActionLog &actions, const PendingSummaries &summaries)
    : m_cards(cards), m_memory(memory), m_actions(actions), m_summaries(summaries)
{ }

Outcome PtCards::load(const QString &path, const QString &device, QList<int> *created, LoadProgress *progress)
{
    // Unbuffered: storages are read straight into their tensors, not through QFile's buffer.
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return m_actions.fail(OpError::invalid(tr("Cannot open %1: %2").arg(path, f.errorString())), false);
    const QString target = DeviceRegistry::resolve(device);
    const QString file = QFileInfo(path).fileName();
    if (auto e = m_memory.check(f.size(), QStringLiteral("cpu"), file, QString()))
        return m_actions.fail(*e, false);
    // The file's bytes read, then as many again for the cards' summaries (about as long).
    const qint64 work = std::max<qint64>(1, f.size());
    LoadPhase reading(progress, 0, work, 2 * work);
    auto cancelled = [&file] {
        Outcome o;
        o.cancelled = true;
        o.notices << tr("Loading %1 was cancelled; the kitchen is unchanged.").arg(file);
        return o;
    };
    // Why a file was refused, in the user's words: what it is, and what to do instead.
    auto refusal = [&file](const PtFile::Refused &r) -> QString {
        using Kind = PtFile::Refused::Kind;
        switch (r.kind) {
        case Kind::Empty:
            return tr("%1 is not a tensor file PyTorch or LibTorch wrote: it is empty.").arg(file);
        case Kind::NotTorch:
            return tr("%1 is not a tensor file PyTorch or LibTorch wrote: it is neither torch.save's zip archive "
                      "nor its older pickle format.")
                .arg(file);
        case Kind::Damaged:
            return tr("%1 is not a tensor file PyTorch or LibTorch wrote: it is damaged or cut short (%2).")
                .arg(file, r.detail);
        case Kind::Unsupported:
            return tr("%1 holds something Tensor Kitchen cannot load: %2.").arg(file, r.detail);
        }
        return r.detail;
    };
    // A file error whose plain words are ours: they say what the file is and what to do, where
    // OpError::aboutFile could only say "not a file torch.save wrote"; the raw text goes under
    // Details.
    auto refused = [&](const QString &words, const QString &raw) {
        return m_actions.fail(OpError::fileError(path, false, words, raw), false);
    };
    // Cards on the CPU are summarised while their values are read, piece by piece, in the
    // cache: a tensor that is its storage's whole (as a state_dict's are) gets a stream.
    std::map<const void *, size_t> wholeOf; // storage → the entry that is all of it
    std::map<size_t, SummaryPass::Stream> streams; // by entry
    PtFile::Contents contents; // before the pipeline: its storages outlive the helper's reads
    SummaryPipeline pipeline; // the streams are fed on a second thread
    bool indexed = false;
    const bool onCpu = target == QLatin1String("cpu");
    const PtFile::SinkFor sinkFor = [&](const PtFile::Contents &c, const at::Storage &storage) -> PtFile::Sink {
        // Summaries that follow the cards (setDeferredSummaries) are not made while reading:
        // the cards then wait for the reading alone, not for the helper's drains too.
        if (!onCpu || m_summaries.deferred())
            return {};
        if (!indexed) {
            indexed = true;
            for (size_t i = 0; i < c.tensors.size(); ++i) {
                const at::Tensor &t = c.tensors[i].tensor;
                if (SummaryPass::takes(t) && t.storage_offset() == 0
                    && size_t(t.numel()) * t.element_size() == t.storage().nbytes())
                    wholeOf.emplace(t.storage().unsafeGetStorageImpl(), i);
            }
        }
        const auto it = wholeOf.find(storage.unsafeGetStorageImpl());
        if (it == wholeOf.end())
            return {};
        SummaryPass::Stream &s
            = streams.emplace(it->second, SummaryPass::Stream(c.tensors[it->second].tensor)).first->second;
        return [&pipeline, &s](const char *bytes, size_t n) {
            if (bytes)
                pipeline.feed(&s, bytes, n);
            else
                pipeline.drain(); // the reader may drop its buffer next
        };
    };
    try {
        contents = PtFile::read(f, path, &reading, sinkFor);
    } catch (const PtFile::Cancelled &) {
        pipeline.finish();
        return cancelled();
    } catch (const PtFile::Refused &r) {
        return refused(refusal(r), r.detail.isEmpty() ? QString::fromUtf8(r.what()) : r.detail);
    } catch (const std::exception &e) {
        const QString words = torchutil::cleanMessage(e.what()).section(QLatin1Char('\n'), 0, 0);
        return refused(tr("%1 is not a tensor file PyTorch or LibTorch wrote: %2").arg(file, words),
                       torchutil::cleanMessage(e.what()));
    }
    pipeline.finish(); // every stream complete before the summaries are read
    if (contents.tensors.empty())
        return refused(tr("%1 holds no tensors (a tensor, or a dict or list of them, is needed).").arg(file),
                       contents.others.isEmpty() ? QStringLiteral("(nothing)")
                                                 : contents.others.join(QLatin1Char('\n')));
    // A tensor may claim far more elements than its bytes in the file (a stride-0 view, as an
    // expand() saves): the card's summary reads them all, so each must fit the free memory.
    for (const PtFile::Entry &e : contents.tensors) {
        const qint64 bytes = qint64(e.tensor.numel()) * qint64(e.tensor.element_size());
        if (auto error = m_memory.check(bytes, QStringLiteral("cpu"), e.name, QString()))
            return m_actions.fail(*error, false);
    }
    Outcome o;
    // Every tensor on its device and summarised first, so a failure or a cancel there leaves
    // the kitchen as it was. Each one moves on its own, as the logged `.to()` does in Python;
    // on the CPU, tensors that shared a storage in the file still share it (one storage mark).
    std::vector<at::Tensor> tensors;
    std::vector<CardInfo> infos;
    qint64 summaryTotal = 0, summarised = 0;
    // A pickled model the kitchen can make itself is one model card, its tensors inside it: they
    // are not cards, so neither moved nor summarised here (the module moves once, whole). On
    // meta they stay cards: their tensors arrive there with no values to copy into a model.
    std::map<size_t, const PtFile::Contents::Model *> modelAt;
    std::vector<bool> inModel(contents.tensors.size(), false);
    if (target != QLatin1String("meta"))
        for (const PtFile::Contents::Model &m : contents.models) {
            modelAt[m.first] = &m;
            for (size_t k = m.first; k < m.first + m.count && k < inModel.size(); ++k)
                inModel[k] = true;
        }
    for (const PtFile::Entry &e : contents.tensors)
        summaryTotal += qint64(e.tensor.numel()) * qint64(e.tensor.element_size());
    LoadPhase summarising(progress, work, work, 2 * work);
    try {
        for (const PtFile::Entry &e : contents.tensors) {
            if (summarising.cancelRequested())
                return cancelled();
            const size_t index = tensors.size();
            if (inModel[index]) {
                tensors.push_back(e.tensor);
                infos.emplace_back();
                continue;
            }
            at::Tensor t = e.tensor.detach();
            if (target != QLatin1String("cpu"))
                t = t.to(c10::Device(target.toStdString()));
            CardInfo info;
            const auto stream = streams.find(index);
            const bool streamed = onCpu && stream != streams.end() && stream->second.complete();
            if (m_summaries.deferred() && !streamed)
                TensorSummary::fillPending(info, t); // the statistics follow the cards
            else
                TensorSummary::fill(info, t, streamed ? &stream->second : nullptr);
            tensors.push_back(t);
            infos.push_back(std::move(info));
            summarised += qint64(e.tensor.numel()) * qint64(e.tensor.element_size());
            summarising.advance(summarised, std::max<qint64>(1, summaryTotal));
        }
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {target}, QString());
    }
    summarising.advance(1, 1);
    // One tensor alone is loaded straight into its name; anything else into a holder first,
    // then item by item, each line naming its item's path in the file.
    const qsizetype logMark = m_actions.mark(); // all the cards or none, and their lines
    // A file whose Python load would run code of the file's choosing gets its lines as comments.
    const QString inert = contents.torchScript
        ? tr("%1 is a TorchScript archive: torch.jit.load would compile and run its code").arg(file)
        : contents.unsafeGlobals.isEmpty() ? QString()
                                           : tr("torch.load(weights_only=False) would import and run %1, named in %2")
                                                 .arg(contents.unsafeGlobals.join(QStringLiteral(", ")), file);
    const auto log = [this, &inert](const QString &line) {
        if (inert.isEmpty())
            m_actions.ok(line);
        else
            m_actions.inert(line, inert);
    };
    QList<int> ids;
    qsizetype modelCards = 0;
    try {
        QString holder;
        if (!contents.single()) {
            holder = m_cards.freeName(QStringLiteral("loaded"));
            log(PythonCode::load(holder, path, contents.savedOffCpu, contents.needsPickle()));
        }
        for (size_t i = 0; i < tensors.size(); ++i) {
            if (auto found = modelAt.find(i); found != modelAt.end()) {
                const PtFile::Contents::Model &m = *found->second;
                const QString name = m_cards.freeNameBesides(m.name, holder);
                CardEntry card;
                card.module = ModelFactory::fromLayers(m.layers);
                {
                    torch::NoGradGuard noGrad;
                    const std::vector<at::Tensor> params = card.module->parameters();
                    for (size_t k = 0; k < params.size() && k < m.count; ++k)
                        params[k].copy_(contents.tensors[m.first + k].tensor);
                }
                if (target != QLatin1String("cpu"))
                    card.module->to(c10::Device(target.toStdString()));
                card.tensor = card.module->parameters().front();
                card.info.name = name;
                card.info.kind = QStringLiteral("model");
                const int id = m_cards.insert(std::move(card));
                ++modelCards;
                ids << id;
                o.cardId = id;
                QString line = PythonCode::loadAccess(name, holder, m.access);
                if (target != QLatin1String("cpu"))
                    line += PythonCode::toCall(target);
                log(line);
                i += m.count - 1;
                continue;
            }
            const PtFile::Entry &e = contents.tensors[i];
            const QString name = m_cards.freeNameBesides(e.name, holder);
            const int id = m_cards.addSummarised(name, tensors[i], std::move(infos[i]));
            ids << id;
            o.cardId = id;
            QString line = contents.single() ? PythonCode::load(name, path, contents.savedOffCpu)
                : e.access.isEmpty() && !e.numpy
                ? PythonCode::loadItem(name, holder, e.keys)
                : PythonCode::loadAccess(name, holder, e.access.isEmpty() ? PythonCode::subscripts(e.keys) : e.access,
                                         e.numpy);
            if (target != QLatin1String("cpu"))
                line += PythonCode::toCall(target);
            log(line);
        }
        m_cards.refreshStorageIds(); // once for all the new cards
    } catch (...) {
        m_cards.remove(ids);
        m_actions.undoTo(logMark);
        return m_actions.failTorch(std::current_exception(), {target}, QString());
    }
    if (created)
        *created << ids;
    if (contents.torchScript) {
        o.notices << tr("%1 is a TorchScript archive (torch.jit.save). Its code was not run: its tensors were "
                        "read from its data alone and are cards, named as state_dict() names them. Its lines in "
                        "the code log are comments, since torch.jit.load would compile and run that code.")
                         .arg(file);
    } else if (!contents.notRebuilt.isEmpty()) {
        // What was not rebuilt is said, and how a plain file is made: never a reason to refuse.
        QStringList classes = contents.notRebuilt.mid(0, 4);
        if (contents.notRebuilt.size() > 4)
            classes << QStringLiteral("…");
        if (!contents.modules.isEmpty()) {
            const QString text = modelCards > 0 && modelCards == contents.modules.size()
                ? tr("%1 holds a whole pickled model. Its classes' code was not run (%2): the kitchen made the "
                     "same layers itself and gave them the file's weights, as a model card. %3. In Python, "
                     "torch.save(model.state_dict(), \"%4\") saves a file of the tensors alone.")
                : tr("%1 holds a whole pickled model. Its classes' code was not run (%2): its parameters and "
                     "buffers are cards, named as model.state_dict() names them. %3. In Python, "
                     "torch.save(model.state_dict(), \"%4\") saves a file of the tensors alone.");
            o.notices << text.arg(file, classes.join(QStringLiteral(", ")), contents.modules.join(QStringLiteral("; ")),
                                  QFileInfo(path).completeBaseName() + QStringLiteral("_state.pt"));
        } else {
            o.notices << tr("%1 holds Python objects whose classes' code was not run (%2): their tensors are cards, "
                            "found by attribute; nothing of theirs was imported or run.")
                             .arg(file, classes.join(QStringLiteral(", ")));
        }
    }
    if (!contents.torchScript && !contents.unsafeGlobals.isEmpty())
        o.notices << tr("Its lines in the code log are comments: in Python, torch.load(weights_only=False) would "
                        "import and run %1, named in %2. Nothing of theirs was run here.")
                         .arg(contents.unsafeGlobals.join(QStringLiteral(", ")), file);
    if (contents.otherCount > 0) {
        // "checkpoint.pt also holds … epoch = 3, note = None": listed, never a reason to refuse.
        const QString listed = contents.others.join(QStringLiteral(", "));
        o.notices << (contents.otherCount > contents.others.size()
                          ? tr("%1 also holds %2 values that are not tensors; they are not cards: %3, …")
                                .arg(file, QString::number(contents.otherCount), listed)
                          : tr("%1 also holds values that are not tensors; they are not cards: %2.").arg(file, listed));
    }
    return o;
}

Outcome PtCards::save(int id, const QString &path)
{
    CardEntry *e = m_cards.find(id);
    if (!e || !e->isTensor())
        return m_actions.fail(OpError::invalid(tr("Only tensor cards can be saved as .pt files.")), false);
    if (e->tensor.is_meta())
        return m_actions.fail(OpError::invalid(tr("%1 is on meta: it has no values to save.").arg(e->info.name)),
                              false);
    try {
        const std::vector<char> bytes = PtFile::write(e->tensor);
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size())
            || !f.commit())
            return m_actions.fail(OpError::invalid(tr("Cannot write %1: %2").arg(path, f.errorString())), false);
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {e->info.device}, QString());
    }
    m_actions.ok(PythonCode::save(e->info.name, path));
    return Outcome::forCard(id);
}

} // namespace tk
