#include "core/files/tensorfiletypes.h"

#include <QFileInfo>

namespace tk {

namespace {
QString globs(const QStringList &suffixes)
{
    QStringList out;
    for (const QString &s : suffixes)
        out << QStringLiteral("*.") + s;
    return out.join(QLatin1Char(' '));
}
} // namespace

bool TensorFileTypes::named(const QString &path) { return suffixes().contains(QFileInfo(path).suffix().toLower()); }

QString TensorFileTypes::openFilter()
{
    return tr("Tensor files (%1);;PyTorch files (%2);;safetensors files (%3);;All files (*)")
        .arg(globs(suffixes()), globs(pytorchSuffixes()), globs(safetensorsSuffixes()));
}

QString TensorFileTypes::listed()
{
    QStringList dotted;
    for (const QString &s : suffixes())
        dotted << QLatin1Char('.') + s;
    const QString last = dotted.takeLast();
    return tr("The %1 or %2 file.").arg(dotted.join(QStringLiteral(", ")), last);
}

} // namespace tk
