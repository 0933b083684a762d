#include "core/devices/blaslibrary.h"

#include <QFile>
#include <QFileInfo>

namespace tk {

BlasLibrary BlasLibrary::loaded()
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray &line : maps.readAll().split('\n')) {
        const int slash = line.indexOf('/');
        if (slash < 0)
            continue;
        const QString path = QString::fromUtf8(line.mid(slash));
        const QString file = QFileInfo(path).fileName();
        if (!file.contains(QLatin1String("openblas")) && !file.startsWith(QLatin1String("libmkl"))
            && !file.startsWith(QLatin1String("libblis")) && !file.startsWith(QLatin1String("libblas")))
            continue;
        // libblas.so.3 is a link chain through /etc/alternatives: the real file names the provider.
        const QString real = QFileInfo(path).canonicalFilePath();
        BlasLibrary b;
        b.path = real;
        if (real.contains(QLatin1String("openblas-pthread")))
            b.kind = Kind::OpenBlasPthread;
        else if (real.contains(QLatin1String("openblas")))
            b.kind = Kind::OpenBlas;
        else if (real.contains(QLatin1String("mkl")))
            b.kind = Kind::Mkl;
        else if (real.contains(QLatin1String("blis")))
            b.kind = Kind::Blis;
        else
            b.kind = Kind::Reference;
        return b;
    }
    return {};
}

QString BlasLibrary::label() const
{
    // Product names and a path: the same in every language.
    auto t = [](const char *s) { return QString::fromUtf8(s); };
    switch (kind) {
    case Kind::OpenBlasPthread:
        return t("OpenBLAS (pthread) — %1").arg(path);
    case Kind::OpenBlas:
        return t("OpenBLAS — %1").arg(path);
    case Kind::Mkl:
        return t("Intel MKL — %1").arg(path);
    case Kind::Blis:
        return t("BLIS — %1").arg(path);
    case Kind::Reference:
        return t("reference BLAS (slow) — %1").arg(path);
    case Kind::BuiltIn:
        break;
    }
    return t("built into LibTorch (see parallel info)");
}

} // namespace tk
