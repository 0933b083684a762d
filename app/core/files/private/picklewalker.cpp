#include "core/files/private/picklewalker.h"

#include "core/kitchen/pythoncode.h"

#include <QLocale>
#include <QRegularExpression>
#include <QVariant>
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace tk::pickle {

namespace {

QString floatText(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    QString s = QString::number(v, 'g', QLocale::FloatingPointShortest);
    if (!s.contains(QLatin1Char('.')) && !s.contains(QLatin1Char('e')))
        s += QStringLiteral(".0");
    return s;
}

QString bigIntText(const std::string &le)
{
    if (le.size() > 64)
        return QStringLiteral("(an integer of %1 bytes)").arg(le.size());
    // Two's complement, little-endian, to decimal.
    std::vector<uint8_t> mag(le.begin(), le.end());
    const bool negative = !mag.empty() && (mag.back() & 0x80);
    if (negative) { // magnitude = ~x + 1
        int carry = 1;
        for (uint8_t &b : mag) {
            const int v = int(uint8_t(~b)) + carry;
            b = uint8_t(v & 0xff);
            carry = v >> 8;
        }
    }
    QString digits;
    for (;;) {
        bool zero = true;
        int rem = 0;
        for (size_t k = mag.size(); k-- > 0;) {
            const int cur = rem * 256 + mag[k];
            mag[k] = uint8_t(cur / 10);
            rem = cur % 10;
            zero = zero && mag[k] == 0;
        }
        digits.prepend(QChar('0' + rem));
        if (zero)
            break;
    }
    return negative ? QLatin1Char('-') + digits : digits;
}

// A short Python-like text of a value that holds no tensor, for the notice.
void repr(const Value *v, QString &out, int depth)
{
    constexpr int kLimit = 80;
    if (out.size() > kLimit)
        return;
    auto seq = [&](const char *open, const char *close, bool pairs) {
        out += QLatin1String(open);
        if (depth > 4) {
            out += QStringLiteral("…");
        } else {
            const size_t step = pairs ? 2 : 1;
            for (size_t k = 0; k + step - 1 < v->items.size(); k += step) {
                if (out.size() > kLimit)
                    break;
                if (k)
                    out += QStringLiteral(", ");
                repr(v->items[k], out, depth + 1);
                if (pairs) {
                    out += QStringLiteral(": ");
                    repr(v->items[k + 1], out, depth + 1);
                }
            }
        }
        if (v->t == Value::T::Tuple && v->items.size() == 1)
            out += QLatin1Char(',');
        out += QLatin1String(close);
    };
    switch (v->t) {
    case Value::T::None: out += QStringLiteral("None"); break;
    case Value::T::Bool: out += v->b ? QStringLiteral("True") : QStringLiteral("False"); break;
    case Value::T::Int: out += QString::number(v->i); break;
    case Value::T::BigInt: out += bigIntText(v->s); break;
    case Value::T::Float: out += floatText(v->f); break;
    case Value::T::Complex:
        out += QStringLiteral("complex(%1, %2)").arg(floatText(v->f), floatText(v->im));
        break;
    case Value::T::Str:
        out += PythonCode::string(QString::fromUtf8(v->s.data(), int(std::min<size_t>(v->s.size(), 200))));
        break;
    case Value::T::Bytes:
        out += PythonCode::literal(QByteArray(v->s.data(), int(std::min<size_t>(v->s.size(), 100))));
        break;
    case Value::T::Tuple: seq("(", ")", false); break;
    case Value::T::List: seq("[", "]", false); break;
    case Value::T::Dict: seq("{", "}", true); break;
    case Value::T::Set:
        if (v->items.empty())
            out += QStringLiteral("set()");
        else
            seq("{", "}", false);
        break;
    case Value::T::Tensor: out += QStringLiteral("tensor(…)"); break;
    case Value::T::Storage:
        out += QStringLiteral("torch.UntypedStorage(%1 bytes)").arg(qint64(v->storage.nbytes()));
        break;
    case Value::T::Device:
        out += QStringLiteral("torch.device(%1)").arg(PythonCode::string(QString::fromStdString(v->s)));
        break;
    case Value::T::Global:
    case Value::T::Object: out += QString::fromStdString(v->s); break;
    }
}

QString reprText(const Value *v)
{
    QString out;
    repr(v, out, 0);
    if (out.size() > 80)
        out = out.left(79) + QStringLiteral("…");
    return out;
}

} // namespace

bool Walker::hasTensor(const Value *v, int depth)
{
    if (v->t == Value::T::Tensor)
        return true;
    if (v->t != Value::T::Dict && v->t != Value::T::List && v->t != Value::T::Tuple)
        return false;
    if (depth > kMaxDepth)
        unsupported(QStringLiteral("containers nested more than %1 deep").arg(kMaxDepth));
    if (auto it = m_hasTensor.find(v); it != m_hasTensor.end())
        return it->second;
    m_hasTensor[v] = false; // a loop back to here adds nothing
    bool found = false;
    for (size_t k = v->t == Value::T::Dict ? 1 : 0; k < v->items.size() && !found;
         k += v->t == Value::T::Dict ? 2 : 1)
        found = hasTensor(v->items[k], depth + 1);
    return m_hasTensor[v] = found;
}

namespace {

// A dict key as the code log subscripts it, when it is one Python can write (tuples nested a
// few deep at most: a key is not a place for a deep structure, and recursion must stay bounded).
std::optional<QVariant> keyOf(const Value *k, int depth = 0)
{
    if (depth > 16)
        return std::nullopt;
    switch (k->t) {
    case Value::T::Str: return QVariant(QString::fromUtf8(k->s.data(), int(k->s.size())));
    case Value::T::Int: return QVariant(qint64(k->i));
    case Value::T::Bool: return QVariant(k->b);
    case Value::T::Float: return QVariant(k->f);
    case Value::T::None: return QVariant();
    case Value::T::Bytes: return QVariant(QByteArray(k->s.data(), int(k->s.size())));
    case Value::T::Tuple: {
        QVariantList items;
        for (const Value *x : k->items) {
            const std::optional<QVariant> i = keyOf(x, depth + 1);
            if (!i)
                return std::nullopt;
            items << *i;
        }
        return QVariant(items);
    }
    default: return std::nullopt;
    }
}

} // namespace

void Walker::walk(const Value *v, const QVariantList &keys, const QString &path, const QString &name, int depth)
{
    if (++m_visits > kMaxVisits)
        unsupported(QStringLiteral("more than %1 values in containers").arg(kMaxVisits));
    if (v->t == Value::T::Tensor) {
        if (m_out.tensors.size() >= kMaxTensors) // each becomes a card, with a widget of its own
            unsupported(QStringLiteral("more than %1 tensors").arg(kMaxTensors));
        m_out.tensors.push_back(PtFile::Entry{keys, path, PythonCode::identifier(name), v->tensor});
        return;
    }
    const bool container = v->t == Value::T::Dict || v->t == Value::T::List || v->t == Value::T::Tuple;
    if (!container || !hasTensor(v, depth)) {
        other(path, reprText(v));
        return;
    }
    if (m_onPath.count(v)) {
        other(path, QStringLiteral("(itself)"));
        return;
    }
    m_onPath.insert(v);
    auto child = [&](const Value *item, const QVariant &key, const QString &childPath, const QString &childName) {
        QVariantList k = keys;
        k << key;
        walk(item, k, childPath, childName, depth + 1);
    };
    const QString sep = name.isEmpty() ? QString() : QStringLiteral("_");
    if (v->t == Value::T::Dict) {
        for (size_t k = 0; k + 1 < v->items.size(); k += 2) {
            const Value *key = v->items[k];
            const std::optional<QVariant> subscript = keyOf(key);
            if (key->t == Value::T::Str) {
                const QString text = subscript->toString();
                child(v->items[k + 1], *subscript, path.isEmpty() ? text : path + QLatin1Char('.') + text,
                      name + sep + text);
            } else {
                // 3, None, (1, "x"): the name takes its letters and digits ("1_x").
                const QString text = reprText(key);
                const QString childPath = path + QLatin1Char('[') + text + QLatin1Char(']');
                QString piece = text;
                piece.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9]+")), QStringLiteral("_"));
                while (piece.startsWith(QLatin1Char('_')))
                    piece.remove(0, 1);
                while (piece.endsWith(QLatin1Char('_')))
                    piece.chop(1);
                if (subscript)
                    child(v->items[k + 1], *subscript, childPath, name + sep + piece);
                else
                    other(childPath, QStringLiteral("(a key Python code cannot write; not loaded)"));
            }
        }
    } else {
        for (size_t k = 0; k < v->items.size(); ++k)
            child(v->items[k], QVariant(qint64(k)), QStringLiteral("%1[%2]").arg(path).arg(k),
                  name + sep + QString::number(k));
    }
    m_onPath.erase(v);
}

} // namespace tk::pickle
