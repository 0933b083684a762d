#include "core/kitchen/pythoncode.h"

#include <QFileInfo>
#include <cmath>

namespace tk {

QString PythonCode::string(const QString &text)
{
    // Double quotes, as everywhere in the log; a file name may hold anything but '/' and NUL.
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                out += QStringLiteral("\\x%1").arg(uint(c.unicode()), 2, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    return out + QLatin1Char('"');
}

QString PythonCode::device(const QString &id) { return QLatin1Char('"') + id + QLatin1Char('"'); }

QString PythonCode::deviceArg(const QString &requested, const QString &id)
{
    // "cuda" is the idiom `device = "cuda" if torch.cuda.is_available() else "cpu"`: the
    // exported script defines that variable, so the line runs on machines without a GPU too.
    return requested.trimmed() == QLatin1String("cuda") ? QStringLiteral("device") : device(id);
}

QString PythonCode::dtype(const QString &name) { return QStringLiteral("torch.") + name; }

QString PythonCode::shapeArgs(const QList<qint64> &shape) { return TensorSpec::shapeText(shape); }

QString PythonCode::shapeTuple(const QList<qint64> &shape)
{
    return shape.size() == 1 ? QStringLiteral("(%1,)").arg(shape.first())
                             : QStringLiteral("(%1)").arg(TensorSpec::shapeText(shape));
}

QString PythonCode::floatLiteral(double value)
{
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("float(\"inf\")") : QStringLiteral("float(\"-inf\")");
    if (std::isnan(value))
        return QStringLiteral("float(\"nan\")");
    QString v = QString::number(value, 'g', 17);
    if (!v.contains(QLatin1Char('.')) && !v.contains(QLatin1Char('e')))
        v += QStringLiteral(".0"); // a Python int would make an int64 tensor
    return v;
}

QString PythonCode::identifier(const QString &text)
{
    // Every character but [A-Za-z0-9_] becomes "_" (a character beyond the BMP, two UTF-16
    // units, one "_"). A loop, not a regular expression: a load names hundreds of cards, and
    // compiling the expression for each was most of a .safetensors load's time.
    QString s;
    s.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const bool ok = (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
            || (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
            || c == QLatin1Char('_');
        s += ok ? c : QLatin1Char('_');
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            ++i;
    }
    if (s.isEmpty() || s.at(0).isDigit())
        s.prepend(QLatin1Char('t'));
    return s;
}

QString PythonCode::literal(const QVariant &value)
{
    if (!value.isValid())
        return QStringLiteral("None");
    switch (value.typeId()) {
    case QMetaType::Bool:
        return value.toBool() ? QStringLiteral("True") : QStringLiteral("False");
    case QMetaType::Int:
    case QMetaType::LongLong:
        return QString::number(value.toLongLong());
    case QMetaType::UInt:
    case QMetaType::ULongLong:
        return QString::number(value.toULongLong());
    case QMetaType::Double:
        return floatLiteral(value.toDouble());
    case QMetaType::QByteArray: {
        QString out = QStringLiteral("b\"");
        for (const char c : value.toByteArray()) {
            const uchar u = uchar(c);
            if (c == '"' || c == '\\')
                out += QStringLiteral("\\") + QLatin1Char(c);
            else if (u >= 0x20 && u < 0x7f)
                out += QLatin1Char(c);
            else
                out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        }
        return out + QLatin1Char('"');
    }
    case QMetaType::QVariantList: {
        QStringList items;
        for (const QVariant &v : value.toList())
            items << literal(v);
        return items.size() == 1 ? QStringLiteral("(%1,)").arg(items.first())
                                 : QStringLiteral("(%1)").arg(items.join(QStringLiteral(", ")));
    }
    default:
        return string(value.toString());
    }
}

bool PythonCode::isCpu(const QString &id) { return id == QLatin1String("cpu") || id.startsWith(QLatin1String("cpu:")); }

QString PythonCode::create(const TensorSpec &spec, const QString &name, const QString &id)
{
    const bool idiom = spec.device.trimmed() == QLatin1String("cuda");
    const QString devArg = deviceArg(spec.device, id);
    const bool onCpu = isCpu(id) && !idiom; // the idiom is written even when it means the CPU
    const bool random = spec.factory == TensorSpec::Factory::Randn || spec.factory == TensorSpec::Factory::Rand;
    QStringList kw;
    if (spec.dtype != QLatin1String("float32") || spec.factory == TensorSpec::Factory::Arange)
        kw << QStringLiteral("dtype=%1").arg(dtype(spec.dtype));
    if (!onCpu && !random)
        kw << QStringLiteral("device=%1").arg(devArg);
    const QString kwText = kw.isEmpty() ? QString() : QStringLiteral(", ") + kw.join(", ");
    switch (spec.factory) {
    case TensorSpec::Factory::Ones:
    case TensorSpec::Factory::Zeros:
        return QStringLiteral("%1 = torch.%2(%3%4)")
            .arg(name, TensorSpec::factoryName(spec.factory), shapeArgs(spec.shape), kwText);
    case TensorSpec::Factory::Full:
        return QStringLiteral("%1 = torch.full(%2, %3%4)")
            .arg(name, shapeTuple(spec.shape), floatLiteral(spec.fillValue), kwText);
    case TensorSpec::Factory::Arange: {
        QString code = QStringLiteral("%1 = torch.arange(%2%3)")
                           .arg(name)
                           .arg(TensorSpec::numel(spec.shape).value_or(0))
                           .arg(kwText);
        if (spec.shape.size() > 1)
            code += QStringLiteral(".reshape(%1)").arg(shapeArgs(spec.shape));
        return code;
    }
    case TensorSpec::Factory::Randn:
    case TensorSpec::Factory::Rand: {
        // Drawn on the CPU from a seeded generator, as in Python, so values match everywhere.
        QString code = QStringLiteral("%1 = torch.%2(%3, generator=torch.Generator().manual_seed(%4)%5)")
                           .arg(name, TensorSpec::factoryName(spec.factory), shapeArgs(spec.shape))
                           .arg(spec.seed)
                           .arg(kwText);
        if (!onCpu)
            code += QStringLiteral(".to(%1)").arg(devArg);
        return code;
    }
    }
    return {};
}

QString PythonCode::transfer(const QString &source, const QString &requested, const QString &id,
                             TransferMeaning meaning, const QString &result)
{
    const QString call = QStringLiteral("%1.to(%2)").arg(source, deviceArg(requested, id));
    return meaning == TransferMeaning::Discard ? call : QStringLiteral("%1 = %2").arg(result, call);
}

QString PythonCode::moveModel(const QString &model, const QString &requested, const QString &id)
{
    // A module moves in place: no assignment.
    return QStringLiteral("%1.to(%2)").arg(model, deviceArg(requested, id));
}

QString PythonCode::mlp(const QString &name, int width, int depth, quint64 seed)
{
    QStringList layers;
    int in = 2;
    for (int i = 0; i < depth; ++i) {
        layers << QStringLiteral("torch.nn.Linear(%1, %2)").arg(in).arg(width) << QStringLiteral("torch.nn.ReLU()");
        in = width;
    }
    layers << QStringLiteral("torch.nn.Linear(%1, 2)").arg(in);
    return QStringLiteral("torch.manual_seed(%1); %2 = torch.nn.Sequential(%3)")
        .arg(seed)
        .arg(name, layers.join(QStringLiteral(", ")));
}

QString PythonCode::optimizer(const QString &name, const QString &kind, const QString &model, double lr)
{
    const QString call = kind == QLatin1String("sgd")
        ? QStringLiteral("torch.optim.SGD(%1.parameters(), lr=%2, momentum=0.9)").arg(model).arg(lr)
        : QStringLiteral("torch.optim.Adam(%1.parameters(), lr=%2)").arg(model).arg(lr);
    return QStringLiteral("%1 = %2").arg(name, call);
}

QString PythonCode::loss(const QString &name) { return QStringLiteral("%1 = torch.nn.CrossEntropyLoss()").arg(name); }

QString PythonCode::combine(const QString &result, Operation op, const QString &a, const QString &b)
{
    return QStringLiteral("%1 = %2").arg(result, operationCode(op, a, b));
}

QString PythonCode::rename(const QString &newName, const QString &oldName)
{
    return QStringLiteral("%1 = %2; del %2").arg(newName, oldName);
}

QString PythonCode::clone(const QString &name, const QString &source)
{
    return QStringLiteral("%1 = %2.clone()").arg(name, source);
}

QString PythonCode::remove(const QString &name) { return QStringLiteral("del %1").arg(name); }

QString PythonCode::load(const QString &name, const QString &path, bool toCpu, bool pickled)
{
    return QStringLiteral("%1 = torch.load(%2%3%4)")
        .arg(name, string(QFileInfo(path).fileName()), toCpu ? QStringLiteral(", map_location=\"cpu\"") : QString(),
             pickled ? QStringLiteral(", weights_only=False") : QString());
}

QString PythonCode::loadAccess(const QString &name, const QString &holder, const QString &access, int numpy)
{
    const QString item = holder + access;
    if (numpy == 1)
        return QStringLiteral("%1 = torch.from_numpy(%2)").arg(name, item);
    if (numpy == 2)
        return QStringLiteral("%1 = torch.tensor(%2)").arg(name, item);
    if (numpy == 3)
        return QStringLiteral("%1 = torch.from_numpy(%2.astype(%2.dtype.newbyteorder(\"=\")))").arg(name, item);
    return QStringLiteral("%1 = %2").arg(name, item);
}

QString PythonCode::loadItem(const QString &name, const QString &holder, const QString &key)
{
    return loadItem(name, holder, QVariantList{key});
}

QString PythonCode::subscripts(const QVariantList &keys)
{
    QString s;
    for (const QVariant &k : keys)
        s += QLatin1Char('[') + literal(k) + QLatin1Char(']');
    return s;
}

QString PythonCode::loadItem(const QString &name, const QString &holder, const QVariantList &keys)
{
    return QStringLiteral("%1 = %2").arg(name, holder + subscripts(keys));
}

QString PythonCode::save(const QString &name, const QString &path)
{
    return QStringLiteral("torch.save(%1, %2)").arg(name, string(QFileInfo(path).fileName()));
}

QString PythonCode::toCall(const QString &id) { return QStringLiteral(".to(%1)").arg(device(id)); }

QString PythonCode::importSafetensors() { return QStringLiteral("import safetensors.torch"); }

QString PythonCode::loadSafetensors(const QString &name, const QString &path)
{
    return QStringLiteral("%1 = safetensors.torch.load_file(%2)").arg(name, string(QFileInfo(path).fileName()));
}

QString PythonCode::saveSafetensors(const QStringList &names, const QString &path)
{
    QStringList items;
    for (const QString &n : names)
        items << string(n) + QStringLiteral(": ") + n;
    return QStringLiteral("safetensors.torch.save_file({%1}, %2)")
        .arg(items.join(QStringLiteral(", ")), string(QFileInfo(path).fileName()));
}

} // namespace tk
