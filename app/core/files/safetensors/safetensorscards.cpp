// SafetensorsCards: .safetensors files as cards. The format is SafetensorsFile; this is where
// its tensors become cards, and cards a file.
#include "core/files/safetensors/safetensorscards.h"

#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"
#include "core/cards/private/cardfileload.h"
#include "core/cards/private/cardfilesave.h"
#include "core/files/safetensors/safetensorsfile.h"
#include "core/cards/private/tensorsummary.h"
#include "core/devices/private/torchutil.h"
#include "core/kitchen/pythoncode.h"

#include <QFileInfo>

namespace tk {

QString SafetensorsCards::label() const { return tr("safetensors files"); }

bool SafetensorsCards::claims(const QByteArray &head, const QString &) const
{
    // Neither of the .pt formats can start so: a zip starts with "PK", a pickle with 0x80.
    return head.size() >= 9 && head.at(8) == '{' && !head.startsWith("PK") && uchar(head.at(0)) != 0x80;
}

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

Outcome SafetensorsCards::load(CardFileLoad &load) const
{
    const QString &path = load.path();
    const QString &file = load.file();
    const QString &target = load.target();
    LoadProgress *progress = load.progress();
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
            return load.refused(tr("%1 holds no tensors.").arg(file), QString());
        if (!skipped.isEmpty() && int(skipped.size()) == int(st->header().tensors.size()))
            return load.refused(SafetensorsFile::loadsUnsignedAndFloat8()
                                    ? tr("%1 holds only tensors whose dtypes Tensor Kitchen does not "
                                         "load (floats of 4 or 6 bits, 8-bit floats other than E4M3 "
                                         "and E5M2): %2. Nothing was loaded.")
                                          .arg(file, listed(skipped))
                                    : tr("%1 holds only tensors whose dtypes Tensor Kitchen does not load "
                                         "(unsigned 16- to 64-bit integers, floats of 8 bits or fewer): %2. "
                                         "Nothing was loaded.")
                                          .arg(file, listed(skipped)),
                                QString());
        if (auto e = load.tooLarge(st->loadableBytes(), file))
            return *e;
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
            return load.cancelled();
        if (r.kind == SafetensorsFile::Refused::Kind::CannotRead)
            return load.cannotOpen(r.reason);
        return load.refused(
            tr("%1 is not a .safetensors file that can be loaded: %2 Nothing was loaded.").arg(file, r.reason),
            r.reason);
    } catch (...) {
        return load.failTorch(std::current_exception(), QStringLiteral("cpu"));
    }
    // Each tensor on its device and summarised first, so a failure there leaves the kitchen as
    // it was. As Python reads the file: a dict from load_file, then one line per key.
    const QString holder = load.holder();
    load.lead(PythonCode::importSafetensors());
    load.lead(PythonCode::loadSafetensors(holder, path));
    const QString moved = target != QLatin1String("cpu") ? PythonCode::toCall(target) : QString();
    try {
        for (auto &[key, tensor] : loaded) {
            if (load.cancelRequested())
                return load.cancelled();
            auto [t, info] = load.prepare(tensor);
            tensor = at::Tensor(); // the staged card holds it now
            if (!load.deferredSummaries())
                SafetensorsFile::ownBytes(t); // read already: its own copy, so the file no longer reaches it
            load.stage(PythonCode::identifier(key), std::move(t), std::move(info),
                       [holder, key = key, moved](const QString &name) {
                           return PythonCode::loadItem(name, holder, key) + moved;
                       });
        }
    } catch (...) {
        return load.failTorch(std::current_exception(), target);
    }
    Outcome o = load.commit();
    if (!o.ok())
        return o;
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

Outcome SafetensorsCards::save(CardFileSave &save) const
{
    const QList<int> &ids = save.ids();
    const QString &path = save.path();
    // The whole kitchen: every card that has values (a model, a meta card: a notice). Named
    // cards: each must be a tensor with values, or nothing is written.
    const bool everything = ids.isEmpty();
    QList<int> chosen = ids;
    if (everything)
        for (const auto &[id, e] : save.cards().entries)
            chosen << id;
    std::vector<std::pair<QString, at::Tensor>> tensors;
    QStringList names;
    QStringList left;
    for (int id : std::as_const(chosen)) {
        CardEntry *e = save.cards().find(id);
        QString why;
        if (!e || !e->isTensor())
            why = tr("Only tensor cards can be saved in a .safetensors file.");
        else if (e->tensor.is_meta())
            why = tr("%1 is on meta: it has no values to save.").arg(e->info.name);
        else if (SafetensorsFile::dtypeName(e->tensor.scalar_type()).isEmpty() || e->tensor.layout() != c10::kStrided)
            why = tr("%1 is %2, which a .safetensors file cannot hold.").arg(e->info.name, e->info.dtype);
        if (!why.isEmpty()) {
            if (!everything)
                return save.refused(why);
            if (e)
                left << e->info.name;
            continue;
        }
        tensors.emplace_back(e->info.name, e->tensor);
        names << e->info.name;
    }
    if (tensors.empty())
        return save.refused(tr("There is no tensor card with values to save."));
    try {
        QString error;
        // Hugging Face transformers reads a file only when its metadata says whose it is.
        if (!SafetensorsFile::write(path, tensors, {{QStringLiteral("format"), QStringLiteral("pt")}}, &error))
            return save.refused(error);
    } catch (...) {
        return save.failTorch(std::current_exception(), {});
    }
    save.logged(PythonCode::importSafetensors());
    save.logged(PythonCode::saveSafetensors(names, path));
    Outcome o;
    if (!left.isEmpty())
        o.notices
            << tr("Not in %1, as they are not tensors with values: %2.").arg(QFileInfo(path).fileName(), listed(left));
    return o;
}

} // namespace tk
