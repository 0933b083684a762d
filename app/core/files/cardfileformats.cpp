#include "core/files/cardfileformats.h"

#include "core/files/cardfileformat.h"
#include "core/files/numpy/numpycards.h"
#include "core/files/pt/ptcards.h"
#include "core/files/safetensors/safetensorscards.h"
#include "core/files/session/sessioncards.h"

#include <QFile>
#include <QFileInfo>
#include <mutex>

namespace tk {

namespace {
struct Registry
{
    std::mutex mutex;
    std::vector<std::unique_ptr<CardFileFormat>> formats;

    Registry()
    {
        // The built-in formats in the order the Open dialog lists them. Their claims do not overlap
        // (a .npz is a zip as torch.save's is, but only torch.save's holds data.pkl), so the order
        // picks no reader.
        formats.push_back(std::make_unique<SessionCards>());
        formats.push_back(std::make_unique<PtCards>());
        formats.push_back(std::make_unique<SafetensorsCards>());
        formats.push_back(std::make_unique<NumpyCards>());
    }
};

Registry &registry()
{
    static Registry r;
    return r;
}
} // namespace

void CardFileFormats::add(std::unique_ptr<CardFileFormat> format)
{
    Registry &r = registry();
    const std::lock_guard lock(r.mutex);
    r.formats.push_back(std::move(format));
}

std::vector<const CardFileFormat *> CardFileFormats::all()
{
    Registry &r = registry();
    const std::lock_guard lock(r.mutex);
    std::vector<const CardFileFormat *> out;
    for (const auto &f : r.formats)
        out.push_back(f.get());
    return out;
}

const CardFileFormat *CardFileFormats::byId(const QString &id)
{
    for (const CardFileFormat *f : all())
        if (f->id() == id)
            return f;
    return nullptr;
}

const CardFileFormat *CardFileFormats::bySuffix(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (const CardFileFormat *f : all())
        if (f->suffixes().contains(suffix))
            return f;
    return nullptr;
}

const CardFileFormat *CardFileFormats::forFile(const QString &path)
{
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
        const QByteArray head = file.read(CardFileFormat::kHeadBytes);
        file.close();
        if (!head.isEmpty())
            for (const CardFileFormat *f : all())
                if (f->claims(head, path))
                    return f;
    }
    return bySuffix(path);
}

} // namespace tk
