#include "core/kitchen/tensorspec.h"

#include <QRegularExpression>
#include <limits>

namespace tk {

namespace {
constexpr int kMaxDims = 8;
}

QStringList TensorSpec::dtypeNames()
{
    return {QStringLiteral("float32"),  QStringLiteral("float64"), QStringLiteral("float16"),
            QStringLiteral("bfloat16"), QStringLiteral("int64"),   QStringLiteral("bool")};
}

QStringList TensorSpec::factoryNames()
{
    return {QStringLiteral("ones"),   QStringLiteral("zeros"), QStringLiteral("full"),
            QStringLiteral("arange"), QStringLiteral("randn"), QStringLiteral("rand")};
}

std::optional<TensorSpec::Factory> TensorSpec::factoryFromName(const QString &name)
{
    const int i = factoryNames().indexOf(name.trimmed().toLower());
    if (i < 0)
        return std::nullopt;
    return static_cast<Factory>(i);
}

QString TensorSpec::factoryName(Factory f) { return factoryNames().at(static_cast<int>(f)); }

std::optional<QList<qint64>> TensorSpec::parseShape(const QString &text, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<QList<qint64>> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    QString t = text.trimmed();
    if ((t.startsWith(QLatin1Char('(')) && t.endsWith(QLatin1Char(')')))
        || (t.startsWith(QLatin1Char('[')) && t.endsWith(QLatin1Char(']'))))
        t = t.mid(1, t.size() - 2).trimmed();
    if (t.isEmpty())
        return fail(tr("Enter a shape such as 2, 3."));
    static const QRegularExpression sep(QStringLiteral("\\s*[,x×*]\\s*|\\s+"));
    QStringList parts = t.split(sep);
    if (!parts.isEmpty() && parts.last().isEmpty())
        parts.removeLast(); // "(3,)" is a Python 1-tuple
    if (parts.size() > kMaxDims)
        return fail(tr("At most %1 dimensions.").arg(kMaxDims));
    QList<qint64> shape;
    for (const QString &p : parts) {
        bool ok = false;
        const qint64 v = p.toLongLong(&ok);
        if (!ok)
            return fail(tr("“%1” is not a whole number.").arg(p));
        if (v <= 0)
            return fail(tr("Every size must be at least 1 (got %1).").arg(v));
        shape.append(v);
    }
    if (!numel(shape))
        return fail(tr("That shape has more elements than any machine can hold."));
    return shape;
}

QString TensorSpec::shapeText(const QList<qint64> &shape)
{
    QStringList parts;
    for (qint64 v : shape)
        parts << QString::number(v);
    return parts.join(QLatin1String(", "));
}

bool TensorSpec::isValidName(const QString &name)
{
    static const QRegularExpression ident(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    static const QStringList reserved
        = {QStringLiteral("False"), QStringLiteral("None"), QStringLiteral("True"), QStringLiteral("and"),
           QStringLiteral("as"), QStringLiteral("assert"), QStringLiteral("async"), QStringLiteral("await"),
           QStringLiteral("break"), QStringLiteral("class"), QStringLiteral("continue"), QStringLiteral("def"),
           QStringLiteral("del"), QStringLiteral("elif"), QStringLiteral("else"), QStringLiteral("except"),
           QStringLiteral("finally"), QStringLiteral("for"), QStringLiteral("from"), QStringLiteral("global"),
           QStringLiteral("if"), QStringLiteral("import"), QStringLiteral("in"), QStringLiteral("is"),
           QStringLiteral("lambda"), QStringLiteral("nonlocal"), QStringLiteral("not"), QStringLiteral("or"),
           QStringLiteral("pass"), QStringLiteral("raise"), QStringLiteral("return"), QStringLiteral("try"),
           QStringLiteral("while"), QStringLiteral("with"), QStringLiteral("yield"),
           // Names the exported script itself uses.
           QStringLiteral("torch"), QStringLiteral("device"), QStringLiteral("e")};
    // Dunders (__name__, __builtins__) are Python's own: never a card's.
    return ident.match(name).hasMatch() && !reserved.contains(name) && !name.startsWith(QLatin1String("__"));
}

qint64 TensorSpec::elementSize(const QString &dtype)
{
    if (dtype == QLatin1String("float32"))
        return 4;
    if (dtype == QLatin1String("float64"))
        return 8;
    if (dtype == QLatin1String("float16"))
        return 2;
    if (dtype == QLatin1String("bfloat16"))
        return 2;
    if (dtype == QLatin1String("int64"))
        return 8;
    if (dtype == QLatin1String("bool"))
        return 1;
    return -1;
}

std::optional<qint64> TensorSpec::numel(const QList<qint64> &shape)
{
    qint64 n = 1;
    for (qint64 v : shape) {
        if (v < 0 || (v > 0 && n > std::numeric_limits<qint64>::max() / 16 / v))
            return std::nullopt; // keep headroom for bytes = n * 8 and estimates
        n *= v;
    }
    return n;
}

} // namespace tk
