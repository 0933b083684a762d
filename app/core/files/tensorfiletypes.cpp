#include "core/files/tensorfiletypes.h"

#include "core/files/cardfileformat.h"
#include "core/files/cardfileformats.h"

#include <QFileInfo>

namespace tk {

namespace {
std::vector<const CardFileFormat *> cardAdding()
{
    std::vector<const CardFileFormat *> out;
    for (const CardFileFormat *f : CardFileFormats::all())
        if (f->opens() == CardFileFormat::Opens::AddsCards)
            out.push_back(f);
    return out;
}

QString globs(const QStringList &suffixes)
{
    QStringList out;
    for (const QString &s : suffixes)
        out << QStringLiteral("*.") + s;
    return out.join(QLatin1Char(' '));
}
} // namespace

QStringList TensorFileTypes::suffixes()
{
    QStringList out;
    for (const CardFileFormat *f : cardAdding())
        out << f->suffixes();
    return out;
}

bool TensorFileTypes::named(const QString &path) { return suffixes().contains(QFileInfo(path).suffix().toLower()); }

QString TensorFileTypes::openFilter()
{
    QStringList filters{tr("Tensor files (%1)").arg(globs(suffixes()))};
    for (const CardFileFormat *f : cardAdding())
        filters << QStringLiteral("%1 (%2)").arg(f->label(), globs(f->suffixes()));
    filters << tr("All files (*)");
    return filters.join(QStringLiteral(";;"));
}

QString TensorFileTypes::listed()
{
    QStringList dotted;
    for (const QString &s : suffixes())
        dotted << QLatin1Char('.') + s;
    const QString last = dotted.takeLast();
    return tr("The %1 or %2 file.").arg(dotted.join(QStringLiteral(", ")), last);
}

QString TensorFileTypes::shortList()
{
    QStringList firsts;
    for (const CardFileFormat *f : cardAdding())
        firsts << QLatin1Char('.') + f->suffixes().value(0);
    return firsts.join(QStringLiteral(", "));
}

QString TensorFileTypes::filter(const QString &formatId, bool saving)
{
    const CardFileFormat *f = CardFileFormats::byId(formatId);
    if (!f)
        return {};
    return QStringLiteral("%1 (%2)").arg(f->label(), globs(saving ? f->suffixes().mid(0, 1) : f->suffixes()));
}

} // namespace tk
