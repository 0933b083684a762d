#include "core/files/cardfileformats.h"

#include "core/common/unitregistry.h"
#include "core/files/cardfileformat.h"
#include "core/files/numpy/numpycards.h"
#include "core/files/pt/ptcards.h"
#include "core/files/safetensors/safetensorscards.h"
#include "core/files/session/sessioncards.h"

#include <QFile>
#include <QFileInfo>

namespace tk {

namespace {
UnitRegistry<CardFileFormat> &registry()
{
    static UnitRegistry<CardFileFormat> r([] {
        // The built-in formats in the order the Open dialog lists them. Their claims do not
        // overlap (a .npz is a zip as torch.save's is, but only torch.save's holds data.pkl), so
        // the order picks no reader.
        std::vector<std::unique_ptr<CardFileFormat>> builtIns;
        builtIns.push_back(std::make_unique<SessionCards>());
        builtIns.push_back(std::make_unique<PtCards>());
        builtIns.push_back(std::make_unique<SafetensorsCards>());
        builtIns.push_back(std::make_unique<NumpyCards>());
        return builtIns;
    }());
    return r;
}
} // namespace

bool CardFileFormats::add(std::unique_ptr<CardFileFormat> format) { return registry().add(std::move(format)); }

std::vector<const CardFileFormat *> CardFileFormats::all() { return registry().all(); }

const CardFileFormat *CardFileFormats::byId(const QString &id) { return registry().find(id); }

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
