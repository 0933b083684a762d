// PtCards: .pt files as cards. The format is PtFile; this is where its contents become cards
// (tensors, a model the kitchen can make, notices for the rest), and a card a file.
#include "core/files/pt/ptcards.h"

#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"
#include "core/cards/private/cardfileload.h"
#include "core/cards/private/cardfilesave.h"
#include "core/files/private/filereadadapter.h"
#include "core/files/private/loadphase.h"
#include "core/files/private/zipdirectory.h"
#include "core/files/pt/ptfile.h"
#include "core/cards/private/modelfactory.h"
#include "core/cards/private/summarypipeline.h"
#include "core/cards/private/tensorsummary.h"
#include "core/kitchen/pythoncode.h"
#include "core/devices/private/torchutil.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <map>

namespace tk {

QString PtCards::label() const { return tr("PyTorch files"); }

bool PtCards::claims(const QByteArray &head, const QString &path) const
{
    // The legacy format: a pickle, which starts with its PROTO opcode.
    if (head.size() >= 2 && uchar(head.at(0)) == 0x80 && uchar(head.at(1)) <= 5)
        return true;
    // torch.save's zip (and a TorchScript archive) holds its pickle as data.pkl: a .npz is a zip too.
    if (!head.startsWith("PK\x03\x04"))
        return false;
    const auto records = pickle::ZipDirectory::inOrder(path);
    return std::any_of(records.begin(), records.end(), [](const auto &r) {
        return r.name == "data.pkl" || (r.name.size() > 9 && r.name.compare(r.name.size() - 9, 9, "/data.pkl") == 0);
    });
}

Outcome PtCards::load(CardFileLoad &load) const
{
    const QString &path = load.path();
    const QString &file = load.file();
    const QString &target = load.target();
    // Unbuffered: storages are read straight into their tensors, not through QFile's buffer.
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return load.cannotOpen(f.errorString());
    if (auto e = load.tooLarge(f.size(), file))
        return *e;
    // The file's bytes read, then as many again for the cards' summaries (about as long).
    const qint64 work = std::max<qint64>(1, f.size());
    LoadPhase reading(load.progress(), 0, work, 2 * work);
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
    const auto refused = [&load](const QString &words, const QString &raw) { return load.refused(words, raw); };
    // Cards on the CPU are summarised while their values are read, piece by piece, in the
    // cache: a tensor that is its storage's whole (as a state_dict's are) gets a stream.
    std::map<const void *, size_t> wholeOf; // storage → the entry that is all of it
    std::map<size_t, SummaryPass::Stream> streams; // by entry
    PtFile::Contents contents; // before the pipeline: its storages outlive the helper's reads
    SummaryPipeline pipeline; // the streams are fed on a second thread
    bool indexed = false;
    const bool onCpu = load.onCpu();
    const PtFile::SinkFor sinkFor = [&](const PtFile::Contents &c, const at::Storage &storage) -> PtFile::Sink {
        // Summaries that follow the cards (setDeferredSummaries) are not made while reading:
        // the cards then wait for the reading alone, not for the helper's drains too.
        if (!onCpu || load.deferredSummaries())
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
        return load.cancelled();
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
        if (auto error = load.tooLarge(bytes, e.name))
            return *error;
    }
    // Every tensor on its device and summarised first, so a failure or a cancel there leaves
    // the kitchen as it was. Each one moves on its own, as the logged `.to()` does in Python;
    // on the CPU, tensors that shared a storage in the file still share it (one storage mark).
    qint64 summaryTotal = 0, summarised = 0;
    // A pickled model the kitchen can make itself is one model card, its tensors inside it: they
    // are not cards, so neither moved nor summarised here (the module moves once, whole). On
    // meta they stay cards: their tensors arrive there with no values to copy into a model.
    std::map<size_t, const PtFile::Contents::Model *> modelAt;
    if (target != QLatin1String("meta"))
        for (const PtFile::Contents::Model &m : contents.models)
            modelAt[m.first] = &m;
    for (const PtFile::Entry &e : contents.tensors)
        summaryTotal += qint64(e.tensor.numel()) * qint64(e.tensor.element_size());
    LoadPhase summarising(load.progress(), work, work, 2 * work);
    // One tensor alone is loaded straight into its name; anything else into a holder first,
    // then item by item, each line naming its item's path in the file.
    const QString holder = contents.single() ? QString() : load.holder();
    if (!contents.single())
        load.lead(PythonCode::load(holder, path, contents.savedOffCpu, contents.needsPickle()));
    const QString moved = target != QLatin1String("cpu") ? PythonCode::toCall(target) : QString();
    qsizetype modelCards = 0;
    try {
        for (size_t i = 0; i < contents.tensors.size(); ++i) {
            if (summarising.cancelRequested())
                return load.cancelled();
            if (auto found = modelAt.find(i); found != modelAt.end()) {
                const PtFile::Contents::Model &m = *found->second;
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
                card.info.kind = QStringLiteral("model");
                load.stage(m.name, std::move(card), [holder, access = m.access, moved](const QString &name) {
                    return PythonCode::loadAccess(name, holder, access) + moved;
                });
                ++modelCards;
                i += m.count - 1;
                continue;
            }
            const PtFile::Entry &e = contents.tensors[i];
            const auto stream = streams.find(i);
            auto [t, info] = load.prepare(e.tensor, stream != streams.end() ? &stream->second : nullptr);
            const bool single = contents.single();
            const bool savedOffCpu = contents.savedOffCpu;
            load.stage(
                e.name, std::move(t), std::move(info),
                [=, keys = e.keys, access = e.access, numpy = e.numpy](const QString &name) {
                    return (single ? PythonCode::load(name, path, savedOffCpu)
                                : access.isEmpty() && !numpy
                                ? PythonCode::loadItem(name, holder, keys)
                                : PythonCode::loadAccess(
                                    name, holder, access.isEmpty() ? PythonCode::subscripts(keys) : access, numpy))
                        + moved;
                });
            summarised += qint64(e.tensor.numel()) * qint64(e.tensor.element_size());
            summarising.advance(summarised, std::max<qint64>(1, summaryTotal));
        }
    } catch (...) {
        return load.failTorch(std::current_exception(), target);
    }
    summarising.advance(1, 1);
    // A file whose Python load would run code of the file's choosing gets its lines as comments.
    if (contents.torchScript)
        load.setInert(tr("%1 is a TorchScript archive: torch.jit.load would compile and run its code").arg(file));
    else if (!contents.unsafeGlobals.isEmpty())
        load.setInert(tr("torch.load(weights_only=False) would import and run %1, named in %2")
                          .arg(contents.unsafeGlobals.join(QStringLiteral(", ")), file));
    Outcome o = load.commit();
    if (!o.ok())
        return o;
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

Outcome PtCards::save(CardFileSave &save) const
{
    const QString &path = save.path();
    CardEntry *e = save.cards().find(save.ids().value(0, -1));
    if (!e || !e->isTensor())
        return save.refused(tr("Only tensor cards can be saved as .pt files."));
    if (e->tensor.is_meta())
        return save.refused(tr("%1 is on meta: it has no values to save.").arg(e->info.name));
    try {
        const std::vector<char> bytes = PtFile::write(e->tensor);
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size())
            || !f.commit())
            return save.refused(tr("Cannot write %1: %2").arg(path, f.errorString()));
    } catch (...) {
        return save.failTorch(std::current_exception(), {e->info.device});
    }
    save.logged(PythonCode::save(e->info.name, path));
    return Outcome::forCard(e->info.id);
}

} // namespace tk
