// SafetensorsCards: .safetensors files as cards. The format is SafetensorsFile; this is where
// its tensors become cards, and cards a file.
#include "core/files/private/safetensorscards.h"

#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"
#include "core/files/private/safetensorsfile.h"
#include "core/kitchen/private/tensorsummary.h"
#include "core/devices/private/torchutil.h"
#include "core/kitchen/pythoncode.h"

#include <QFileInfo>

namespace tk {

SafetensorsCards::SafetensorsCards(CardTable &cards, const MemoryGuard &memory, ActionLog &actions,
                                   const PendingSummaries &summaries)
    : m_cards(cards), m_memory(memory), m_actions(actions), m_summaries(summaries)
{ }

namespace {
// At most this many items in one notice, each value cut to kMaxValue characters: a model's
// metadata can be long (a whole config), and a notice is one line in the status bar.
constexpr int kMaxListed = 12;
constexpr int kMaxValue = 80;

QString listed(const QStringList &items)
{
    QStringList shown = items.mid(0, kMaxListed);
    if (items.size() > kMaxListed)
        shown << QStringLiteral("…");
    return shown.join(QStringLiteral(", "));
}
} // namespace

Outcome SafetensorsCards::load(const QString &path, const QString &device, QList<int> *created, LoadProgress *progress)
{
    const QString file = QFileInfo(path).fileName();
    const QString target = DeviceRegistry::resolve(device);
    auto cancelledLoad = [&file] {
        Outcome o;
        o.cancelled = true;
        o.notices << tr("Loading %1 was cancelled; the kitchen is unchanged.").arg(file);
        return o;
    };
    std::unique_ptr<SafetensorsFile> st;
    std::vector<std::pair<QString, at::Tensor>> loaded;
    QStringList skipped;
    QStringList metadata;
    try {
        st = std::make_unique<SafetensorsFile>(path);
        for (const SafetensorsFile::Info &t : st->header().tensors)
            if (!t.scalarType)
                skipped << QStringLiteral("%1 (%2)").arg(t.name, t.dtype);
        for (const auto &[key, value] : st->header().metadata)
            metadata << QStringLiteral("%1 = %2").arg(
                key, value.size() > kMaxValue ? value.left(kMaxValue) + QStringLiteral("…") : value);
        if (st->header().tensors.empty())
            return m_actions.fail(OpError::fileError(path, false, tr("%1 holds no tensors.").arg(file), QString()),
                                  false);
        if (!skipped.isEmpty() && int(skipped.size()) == int(st->header().tensors.size()))
            return m_actions.fail(
                OpError::fileError(path, false,
                                   SafetensorsFile::loadsUnsignedAndFloat8()
                                       ? tr("%1 holds only tensors whose dtypes Tensor Kitchen does not "
                                            "load (floats of 4 or 6 bits, 8-bit floats other than E4M3 "
                                            "and E5M2): %2. Nothing was loaded.")
                                             .arg(file, listed(skipped))
                                       : tr("%1 holds only tensors whose dtypes Tensor Kitchen does not load "
                                            "(unsigned 16- to 64-bit integers, floats of 8 bits or fewer): %2. "
                                            "Nothing was loaded.")
                                             .arg(file, listed(skipped)),
                                   QString()),
                false);
        if (auto e = m_memory.check(st->loadableBytes(), QStringLiteral("cpu"), file, QString()))
            return m_actions.fail(*e, false);
        // Progress and Cancel as for a .pt (LoadProgress): bytes copied of the bytes to copy.
        loaded = st->load([progress](qint64 done, qint64 total) {
            if (!progress)
                return true;
            progress->advance(done, total);
            return !progress->cancelRequested();
        });
        st.reset(); // the map lives on as long as a tensor over it
    } catch (const SafetensorsFile::Refused &r) {
        if (r.kind == SafetensorsFile::Refused::Kind::Cancelled)
            return cancelledLoad();
        if (r.kind == SafetensorsFile::Refused::Kind::CannotRead)
            return m_actions.fail(OpError::invalid(tr("Cannot open %1: %2").arg(path, r.reason)), false);
        return m_actions.fail(OpError::fileError(path, false,
                                                 tr("%1 is not a .safetensors file that can be loaded: %2 Nothing was "
                                                    "loaded.")
                                                     .arg(file, r.reason),
                                                 r.reason),
                              false);
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {QStringLiteral("cpu")}, QString());
    }
    // Each tensor on its device and summarised first, so a failure there leaves the kitchen as
    // it was; the storage marks once for all the cards (per card it is quadratic in their number).
    std::vector<CardInfo> infos;
    try {
        for (auto &[name, t] : loaded) {
            if (progress && progress->cancelRequested())
                return cancelledLoad();
            if (target != QLatin1String("cpu"))
                t = t.to(c10::Device(target.toStdString()));
            CardInfo info;
            if (m_summaries.deferred())
                TensorSummary::fillPending(info, t); // nothing read yet: the statistics follow
            else
                TensorSummary::fill(info, t);
            if (!m_summaries.deferred())
                SafetensorsFile::ownBytes(t); // read already: its own copy, so the file no longer reaches it
            infos.push_back(std::move(info));
        }
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {target}, QString());
    }
    // As Python reads the file: a dict from load_file, then one line per key.
    const qsizetype logMark = m_actions.mark(); // all the cards or none, and their lines
    Outcome o;
    QList<int> ids;
    try {
        const QString holder = m_cards.freeName(QStringLiteral("loaded"));
        m_actions.ok(PythonCode::importSafetensors());
        m_actions.ok(PythonCode::loadSafetensors(holder, path));
        for (size_t i = 0; i < loaded.size(); ++i) {
            const auto &[key, t] = loaded[i];
            const QString base = PythonCode::identifier(key);
            const QString name = m_cards.freeNameBesides(base, holder);
            const int id = m_cards.addSummarised(name, t, std::move(infos[i]));
            ids << id;
            o.cardId = id;
            QString line = PythonCode::loadItem(name, holder, key);
            if (target != QLatin1String("cpu"))
                line += PythonCode::toCall(target);
            m_actions.ok(line);
        }
        m_cards.refreshStorageIds(); // once for all the new cards
    } catch (...) {
        m_cards.remove(ids);
        m_actions.undoTo(logMark);
        return m_actions.failTorch(std::current_exception(), {target}, QString());
    }
    if (created)
        *created << ids;
    if (!skipped.isEmpty())
        o.notices << (SafetensorsFile::loadsUnsignedAndFloat8()
                          ? tr("Not loaded from %1, as Tensor Kitchen does not load their dtypes (floats of 4 or 6 "
                               "bits, 8-bit floats other than E4M3 and E5M2): %2. The other tensors were loaded.")
                                .arg(file, listed(skipped))
                          : tr("Not loaded from %1, as Tensor Kitchen does not load their dtypes (unsigned 16- to "
                               "64-bit integers, floats of 8 bits or fewer): %2. The other tensors were loaded.")
                                .arg(file, listed(skipped)));
    if (!metadata.isEmpty())
        o.notices << tr("%1 carries metadata: %2.").arg(file, listed(metadata));
    return o;
}

Outcome SafetensorsCards::save(const QList<int> &ids, const QString &path)
{
    // The whole kitchen: every card that has values (a model, a meta card: a notice). Named
    // cards: each must be a tensor with values, or nothing is written.
    const bool everything = ids.isEmpty();
    QList<int> chosen = ids;
    if (everything)
        for (const auto &[id, e] : m_cards.entries)
            chosen << id;
    std::vector<std::pair<QString, at::Tensor>> tensors;
    QStringList names;
    QStringList left;
    for (int id : std::as_const(chosen)) {
        CardEntry *e = m_cards.find(id);
        QString why;
        if (!e || !e->isTensor())
            why = tr("Only tensor cards can be saved in a .safetensors file.");
        else if (e->tensor.is_meta())
            why = tr("%1 is on meta: it has no values to save.").arg(e->info.name);
        else if (SafetensorsFile::dtypeName(e->tensor.scalar_type()).isEmpty() || e->tensor.layout() != c10::kStrided)
            why = tr("%1 is %2, which a .safetensors file cannot hold.").arg(e->info.name, e->info.dtype);
        if (!why.isEmpty()) {
            if (!everything)
                return m_actions.fail(OpError::invalid(why), false);
            if (e)
                left << e->info.name;
            continue;
        }
        tensors.emplace_back(e->info.name, e->tensor);
        names << e->info.name;
    }
    if (tensors.empty())
        return m_actions.fail(OpError::invalid(tr("There is no tensor card with values to save.")), false);
    try {
        QString error;
        // Hugging Face transformers reads a file only when its metadata says whose it is.
        if (!SafetensorsFile::write(path, tensors, {{QStringLiteral("format"), QStringLiteral("pt")}}, &error))
            return m_actions.fail(OpError::invalid(error), false);
    } catch (...) {
        return m_actions.failTorch(std::current_exception(), {}, QString());
    }
    m_actions.ok(PythonCode::importSafetensors());
    m_actions.ok(PythonCode::saveSafetensors(names, path));
    Outcome o;
    if (!left.isEmpty())
        o.notices
            << tr("Not in %1, as they are not tensors with values: %2.").arg(QFileInfo(path).fileName(), listed(left));
    return o;
}

} // namespace tk
