#include "core/files/pt/picklerepr.h"

#include "core/files/private/numpyarray.h"
#include "core/kitchen/pythoncode.h"

#include <QLocale>
#include <algorithm>
#include <cmath>
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
    case Value::T::None:
        out += QStringLiteral("None");
        break;
    case Value::T::Bool:
        out += v->b ? QStringLiteral("True") : QStringLiteral("False");
        break;
    case Value::T::Int:
        out += QString::number(v->i);
        break;
    case Value::T::BigInt:
        out += bigIntText(v->s);
        break;
    case Value::T::Float:
        out += floatText(v->f);
        break;
    case Value::T::Complex:
        out += QStringLiteral("complex(%1, %2)").arg(floatText(v->f), floatText(v->im));
        break;
    case Value::T::Str:
        out += PythonCode::string(QString::fromUtf8(v->s.data(), int(std::min<size_t>(v->s.size(), 200))));
        break;
    case Value::T::Bytes:
        out += PythonCode::literal(QByteArray(v->s.data(), int(std::min<size_t>(v->s.size(), 100))));
        break;
    case Value::T::Tuple:
        seq("(", ")", false);
        break;
    case Value::T::List:
        seq("[", "]", false);
        break;
    case Value::T::Dict:
        seq("{", "}", true);
        break;
    case Value::T::Set:
        if (v->items.empty())
            out += QStringLiteral("set()");
        else
            seq("{", "}", false);
        break;
    case Value::T::Tensor:
        out += QStringLiteral("tensor(…)");
        break;
    case Value::T::Storage:
        out += QStringLiteral("torch.UntypedStorage(%1 bytes)").arg(qint64(v->storage.nbytes()));
        break;
    case Value::T::Device:
        out += QStringLiteral("torch.device(%1)").arg(PythonCode::string(QString::fromStdString(v->s)));
        break;
    case Value::T::Global:
        out += QString::fromStdString(v->s);
        break;
    case Value::T::Object:
        if (v->s == "numpy.dtype" && v->args && !v->args->items.empty() && v->args->items[0]->t == Value::T::Str) {
            out += QStringLiteral("numpy.dtype(\"%1\")")
                       .arg(QString::fromStdString(NumpyArray::name(v->args->items[0]->s)));
            break;
        }
        // argparse.Namespace(lr=0.1): its attributes, or the arguments it was made with.
        out += QString::fromStdString(v->s);
        if (depth > 4)
            break;
        if (v->state && v->state->t == Value::T::Dict) {
            out += QLatin1Char('(');
            for (size_t k = 0; k + 1 < v->state->items.size() && out.size() <= kLimit; k += 2) {
                if (k)
                    out += QStringLiteral(", ");
                const Value *key = v->state->items[k];
                if (key->t == Value::T::Str)
                    out += QString::fromUtf8(key->s.data(), int(std::min<size_t>(key->s.size(), 64)));
                else
                    repr(key, out, depth + 1);
                out += QLatin1Char('=');
                repr(v->state->items[k + 1], out, depth + 1);
            }
            out += QLatin1Char(')');
        } else if (!v->items.empty() || !v->listItems.empty()) {
            // A dict or list subclass (Lightning's AttributeDict): its items.
            Value shown;
            shown.t = v->items.empty() ? Value::T::List : Value::T::Dict;
            shown.items = v->items.empty() ? v->listItems : v->items;
            out += QLatin1Char('(');
            repr(&shown, out, depth + 1);
            out += QLatin1Char(')');
        } else if (v->args && v->args->t == Value::T::Tuple && !v->args->items.empty()) {
            QString inner;
            repr(v->args, inner, depth + 1);
            out += inner.endsWith(QStringLiteral(",)")) ? inner.left(inner.size() - 2) + QLatin1Char(')') : inner;
        }
        break;
    }
}

} // namespace

QString PickleRepr::text(const Value *v)
{
    QString out;
    repr(v, out, 0);
    if (out.size() > 80)
        out = out.left(79) + QStringLiteral("…");
    return out;
}

} // namespace tk::pickle
