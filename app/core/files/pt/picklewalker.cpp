#include "core/files/pt/picklewalker.h"

#include "core/files/pt/picklerepr.h"
#include "core/kitchen/pythoncode.h"

#include <QRegularExpression>
#include <QVariant>
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace tk::pickle {

bool Walker::hasTensor(const Value *v, int depth)
{
    if (v->t == Value::T::Tensor)
        return true;
    const bool object = v->t == Value::T::Object;
    if (v->t != Value::T::Dict && v->t != Value::T::List && v->t != Value::T::Tuple && !object)
        return false;
    if (depth > kMaxDepth)
        unsupported(QStringLiteral("containers nested more than %1 deep").arg(kMaxDepth));
    if (auto it = m_hasTensor.find(v); it != m_hasTensor.end())
        return it->second;
    m_hasTensor[v] = false; // a loop back to here adds nothing
    bool found = false;
    // A dict's (and a dict subclass object's) values, a list's items.
    const bool pairs = v->t == Value::T::Dict || object;
    for (size_t k = pairs ? 1 : 0; k < v->items.size() && !found; k += pairs ? 2 : 1)
        found = hasTensor(v->items[k], depth + 1);
    if (object) {
        for (size_t k = 0; k < v->listItems.size() && !found; ++k)
            found = hasTensor(v->listItems[k], depth + 1);
        found = found || (v->state && hasTensor(v->state, depth + 1)) || (v->args && hasTensor(v->args, depth + 1));
    }
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
    case Value::T::Str:
        return QVariant(QString::fromUtf8(k->s.data(), int(k->s.size())));
    case Value::T::Int:
        return QVariant(qint64(k->i));
    case Value::T::Bool:
        return QVariant(k->b);
    case Value::T::Float:
        return QVariant(k->f);
    case Value::T::None:
        return QVariant();
    case Value::T::Bytes:
        return QVariant(QByteArray(k->s.data(), int(k->s.size())));
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
    default:
        return std::nullopt;
    }
}

} // namespace

void Walker::walk(const Value *v, const QVariantList &keys, const QString &path, const QString &name, int depth)
{
    QString access;
    for (const QVariant &k : keys)
        access += QLatin1Char('[') + PythonCode::literal(k) + QLatin1Char(']');
    walkAt(v, Where{keys, access, false, path, name}, depth);
}

void Walker::add(const Value *v, const Where &at)
{
    if (m_out.tensors.size() >= kMaxTensors) // each becomes a card, with a widget of its own
        unsupported(QStringLiteral("more than %1 tensors").arg(kMaxTensors));
    PtFile::Entry e{at.keys, at.path, PythonCode::identifier(at.name), v->tensor, QString(), 0};
    if (at.viaObject)
        e.access = at.access;
    e.numpy = v->numpy;
    m_out.hasNumpy = m_out.hasNumpy || v->numpy;
    m_out.tensors.push_back(std::move(e));
}

namespace {

// A dict entry's value by its string key, or null.
const Value *field(const Value *dict, const char *key)
{
    if (!dict || dict->t != Value::T::Dict)
        return nullptr;
    for (size_t k = 0; k + 1 < dict->items.size(); k += 2)
        if (dict->items[k]->t == Value::T::Str && dict->items[k]->s == key)
            return dict->items[k + 1];
    return nullptr;
}

// An nn.Module's __dict__ (pickled as BUILD's state): it has _parameters and _modules.
const Value *moduleState(const Value *v)
{
    if (v->t != Value::T::Object || !v->state)
        return nullptr;
    const Value *s = v->state;
    if (s->t == Value::T::Tuple && !s->items.empty()) // (state, slots)
        s = s->items.front();
    return field(s, "_parameters") && field(s, "_modules") ? s : nullptr;
}

bool isIdentifier(const std::string &s)
{
    static const QRegularExpression id(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return s.size() < 256 && id.match(QString::fromStdString(s)).hasMatch();
}

QString joined(const QString &a, const QString &sep, const QString &b) { return a.isEmpty() ? b : a + sep + b; }

// A long key that is no name, as a trainer writes a callback's state under its settings
// ("ModelCheckpoint{'monitor': None, 'mode': 'min', …}"): its path shows the start, its card
// name the leading name in it ("ModelCheckpoint"). Others are kept as they are.
constexpr int kLongKey = 32;

QString shownKey(const QString &key)
{
    return key.size() > kLongKey ? key.left(kLongKey - 1) + QStringLiteral("…") : key;
}

QString nameKey(const QString &key)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_.]*$"));
    static const QRegularExpression lead(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*"));
    if (key.size() <= kLongKey || plain.match(key).hasMatch())
        return key;
    const QRegularExpressionMatch m = lead.match(key);
    return m.hasMatch() ? m.captured(0) : key.left(kLongKey);
}

} // namespace

void Walker::walkAt(const Value *v, const Where &at, int depth)
{
    if (++m_visits > kMaxVisits)
        unsupported(QStringLiteral("more than %1 values in containers").arg(kMaxVisits));
    if (v->t == Value::T::Tensor) {
        add(v, at);
        return;
    }
    const bool container
        = v->t == Value::T::Dict || v->t == Value::T::List || v->t == Value::T::Tuple || v->t == Value::T::Object;
    if (!container || !hasTensor(v, depth)) {
        other(at.path, PickleRepr::text(v));
        return;
    }
    if (m_onPath.count(v)) {
        other(at.path, QStringLiteral("(itself)"));
        return;
    }
    m_onPath.insert(v);
    if (v->t == Value::T::Object)
        walkObject(v, at, depth);
    else if (v->t == Value::T::Dict)
        walkItems(v->items, true, at, depth);
    else
        walkItems(v->items, false, at, depth);
    m_onPath.erase(v);
}

void Walker::walkItems(const std::vector<Value *> &items, bool pairs, const Where &at, int depth)
{
    const QString sep = at.name.isEmpty() ? QString() : QStringLiteral("_");
    auto child = [&](const Value *item, const QVariant &key, const QString &childPath, const QString &childName) {
        Where w = at;
        w.keys << key;
        w.access += QLatin1Char('[') + PythonCode::literal(key) + QLatin1Char(']');
        w.path = childPath;
        w.name = childName;
        walkAt(item, w, depth + 1);
    };
    if (pairs) {
        for (size_t k = 0; k + 1 < items.size(); k += 2) {
            const Value *key = items[k];
            const std::optional<QVariant> subscript = keyOf(key);
            if (key->t == Value::T::Str) {
                const QString text = subscript->toString();
                child(items[k + 1], *subscript, joined(at.path, QStringLiteral("."), shownKey(text)),
                      at.name + sep + nameKey(text));
            } else {
                // 3, None, (1, "x"): the name takes its letters and digits ("1_x").
                const QString text = PickleRepr::text(key);
                const QString childPath = at.path + QLatin1Char('[') + text + QLatin1Char(']');
                QString piece = text;
                piece.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9]+")), QStringLiteral("_"));
                while (piece.startsWith(QLatin1Char('_')))
                    piece.remove(0, 1);
                while (piece.endsWith(QLatin1Char('_')))
                    piece.chop(1);
                if (subscript)
                    child(items[k + 1], *subscript, childPath, at.name + sep + piece);
                else
                    other(childPath, QStringLiteral("(a key Python code cannot write; not loaded)"));
            }
        }
    } else {
        for (size_t k = 0; k < items.size(); ++k)
            child(items[k], QVariant(qint64(k)), QStringLiteral("%1[%2]").arg(at.path).arg(k),
                  at.name + sep + QString::number(k));
    }
}

// An object of a class whose code was not run: a module by its state_dict() names; another
// object by its attributes, its items (a dict or list subclass) or the arguments it was made
// with (a namedtuple's fields, by index).
void Walker::walkObject(const Value *v, const Where &at, int depth)
{
    if (moduleState(v)) {
        QStringList children;
        const size_t first = m_out.tensors.size();
        walkModule(v, at, QString(), depth, &children);
        // The kitchen makes it a model card of its own when it can: each Linear's weight and
        // bias, and nothing else, among the tensors just found.
        PtFile::Contents::Model model;
        const auto linears = [&model] {
            return size_t(
                std::count_if(model.layers.begin(), model.layers.end(), [](const auto &l) { return l.first > 0; }));
        };
        if (kitchenModel(v, &model.layers) && 2 * linears() == m_out.tensors.size() - first) {
            model.name = PythonCode::identifier(at.name.isEmpty() ? m_base : at.name);
            model.access = at.access;
            model.first = first;
            model.count = m_out.tensors.size() - first;
            m_out.models.push_back(std::move(model));
        }
        if (m_out.modules.size() < 8) {
            const QString where = at.path.isEmpty() ? m_base : at.path;
            m_out.modules << (children.isEmpty()
                                  ? QStringLiteral("%1: %2").arg(where, QString::fromStdString(v->s))
                                  : QStringLiteral("%1: %2 (%3)")
                                        .arg(where, QString::fromStdString(v->s), children.join(QStringLiteral(", "))));
        }
        return;
    }
    Where in = at;
    in.viaObject = true;
    if (!v->items.empty())
        walkItems(v->items, true, in, depth);
    if (!v->listItems.empty())
        walkItems(v->listItems, false, in, depth);
    const Value *state = v->state;
    if (state && state->t == Value::T::Tuple && !state->items.empty() && state->items.front()->t == Value::T::Dict)
        state = state->items.front(); // (__dict__, slots)
    if (state && state->t == Value::T::Dict) {
        // A TorchScript module (torch.jit.save): its attributes are its parameters, buffers
        // and submodules, so its tensors get state_dict()'s names as a pickled module's do.
        const bool scripted = v->s.rfind("__torch__.", 0) == 0;
        const QString sep = at.name.isEmpty() ? QString() : QStringLiteral("_");
        for (size_t k = 0; k + 1 < state->items.size(); k += 2) {
            const Value *key = state->items[k];
            const QString text = QString::fromUtf8(key->s.data(), int(key->s.size()));
            if (key->t != Value::T::Str || !isIdentifier(key->s)) {
                if (hasTensor(state->items[k + 1], depth + 1))
                    other(at.path, QStringLiteral("(an attribute Python code cannot write; not loaded)"));
                continue;
            }
            if (scripted && (key->s == "training" || key->s == "_is_full_backward_hook"))
                continue; // every scripted module's bookkeeping, not the user's values
            Where w = in;
            w.access = at.access + QLatin1Char('.') + text;
            w.path = joined(at.path, QStringLiteral("."), text);
            w.name = at.name + sep + text;
            walkAt(state->items[k + 1], w, depth + 1);
        }
    } else if (state && hasTensor(state, depth + 1)) {
        other(at.path,
              QStringLiteral("(%1 keeps its tensors in a state only its code reads; not loaded)")
                  .arg(QString::fromStdString(v->s)));
    } else if (v->items.empty() && v->listItems.empty() && v->args && v->args->t == Value::T::Tuple) {
        walkItems(v->args->items, false, in, depth);
    }
}

// A Sequential of Linear (with its bias) and ReLU layers in float32, as the kitchen's own model
// cards are (ModelFactory::fromLayers): its layers, {in, out} for a Linear, {0, 0} for a ReLU.
bool Walker::kitchenModel(const Value *m, std::vector<std::pair<int64_t, int64_t>> *layers)
{
    if (m->s != "torch.nn.modules.container.Sequential")
        return false;
    const Value *modules = field(moduleState(m), "_modules");
    if (!modules || modules->t != Value::T::Dict || modules->items.empty())
        return false;
    bool linear = false;
    for (size_t k = 0; k + 1 < modules->items.size(); k += 2) {
        const Value *child = modules->items[k + 1];
        const Value *state = moduleState(child);
        if (!state)
            return false;
        const Value *params = field(state, "_parameters"), *buffers = field(state, "_buffers"),
                    *children = field(state, "_modules");
        if ((buffers && buffers->t == Value::T::Dict && !buffers->items.empty())
            || (children && children->t == Value::T::Dict && !children->items.empty()))
            return false;
        if (child->s == "torch.nn.modules.activation.ReLU") {
            layers->emplace_back(0, 0);
            continue;
        }
        if (child->s != "torch.nn.modules.linear.Linear" || !params)
            return false;
        const Value *w = field(params, "weight"), *b = field(params, "bias");
        if (!w || !b || w->t != Value::T::Tensor || b->t != Value::T::Tensor || w->tensor.dim() != 2
            || w->tensor.scalar_type() != at::kFloat || b->tensor.scalar_type() != at::kFloat || b->tensor.dim() != 1
            || b->tensor.size(0) != w->tensor.size(0) || w->tensor.numel() == 0)
            return false;
        // Within what a session saves and opens again (SessionFormat's model limits).
        const int64_t in = w->tensor.size(1), out = w->tensor.size(0);
        if (in > 65536 || out > 65536 || in * out > (int64_t(1) << 26))
            return false;
        layers->emplace_back(w->tensor.size(1), w->tensor.size(0));
        linear = true;
    }
    return linear && layers->size() <= 130;
}

// state_dict()'s order: a module's parameters, then its persistent buffers, then each child's.
void Walker::walkModule(const Value *m, const Where &at, const QString &prefix, int depth, QStringList *children)
{
    if (depth > kMaxDepth)
        unsupported(QStringLiteral("modules nested more than %1 deep").arg(kMaxDepth));
    // A module can be a child twice at every level (the memo makes that cheap to write): the
    // walk is bounded by visits, as every other walk is, not by the tensors it finds.
    if (++m_visits > kMaxVisits)
        unsupported(QStringLiteral("more than %1 values in containers").arg(kMaxVisits));
    const Value *state = moduleState(m);
    const Value *nonPersistent = field(state, "_non_persistent_buffers_set");
    auto persistent = [nonPersistent](const Value *name) {
        if (nonPersistent && (nonPersistent->t == Value::T::Set || nonPersistent->t == Value::T::List))
            for (const Value *n : nonPersistent->items)
                if (n->t == Value::T::Str && n->s == name->s)
                    return false;
        return true;
    };
    const QString sep = at.name.isEmpty() ? QString() : QStringLiteral("_");
    for (const char *group : {"_parameters", "_buffers"}) {
        const Value *tensors = field(state, group);
        if (!tensors || tensors->t != Value::T::Dict)
            continue;
        for (size_t k = 0; k + 1 < tensors->items.size(); k += 2) {
            const Value *key = tensors->items[k], *t = tensors->items[k + 1];
            if (key->t != Value::T::Str || t->t != Value::T::Tensor || !persistent(key))
                continue; // None (a bias=False Linear's bias), or a buffer state_dict() leaves out
            const QString stateKey = prefix + QString::fromUtf8(key->s.data(), int(key->s.size()));
            Where w = at;
            w.viaObject = true;
            w.access = at.access + QStringLiteral(".state_dict()[%1]").arg(PythonCode::string(stateKey));
            w.path = joined(at.path, QStringLiteral("."), stateKey);
            w.name = at.name + sep + stateKey;
            add(t, w);
        }
    }
    const Value *modules = field(state, "_modules");
    if (!modules || modules->t != Value::T::Dict)
        return;
    for (size_t k = 0; k + 1 < modules->items.size(); k += 2) {
        const Value *key = modules->items[k], *child = modules->items[k + 1];
        if (key->t != Value::T::Str || !moduleState(child))
            continue; // None: a slot left empty
        const QString name = QString::fromUtf8(key->s.data(), int(key->s.size()));
        if (children && children->size() < 12)
            *children << QStringLiteral("%1: %2").arg(name, QString::fromStdString(child->s));
        if (m_onPath.count(child))
            continue;
        m_onPath.insert(child);
        walkModule(child, at, prefix + name + QLatin1Char('.'), depth + 1, nullptr);
        m_onPath.erase(child);
    }
}

} // namespace tk::pickle
