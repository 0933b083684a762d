#include "core/files/pt/picklerebuilder.h"

#include "core/files/private/numpyarray.h"
#include "core/files/pt/pickleglobals.h"

namespace tk::pickle {

Value *Rebuilder::global(const std::string &module, const std::string &name)
{
    if (!knownGlobal(module, name))
        m_findings.unknown(module + "." + name);
    Value *g = make(Value::T::Global);
    g->module = module;
    g->name = name;
    g->s = module + "." + name;
    return g;
}

namespace {

std::vector<int64_t> intTuple(const Value *v, const char *what)
{
    if (v->t != Value::T::Tuple && v->t != Value::T::List)
        damaged(QStringLiteral("a tensor's %1 is not a tuple").arg(QLatin1String(what)));
    std::vector<int64_t> out;
    for (const Value *x : v->items) {
        if (x->t != Value::T::Int || x->i < 0)
            damaged(QStringLiteral("a tensor's %1 holds something that is not a size").arg(QLatin1String(what)));
        out.push_back(x->i);
    }
    return out;
}

} // namespace

// torch._utils._rebuild_tensor(_v2, _v3): storage, offset, size, stride, … ; a view of the
// storage, checked to lie inside it (set_ would otherwise try to grow a storage it cannot).
Value *Rebuilder::rebuildTensor(const std::vector<Value *> &a, size_t dtypeArg)
{
    if (a.size() < 4 || a[0]->t != Value::T::Storage || a[1]->t != Value::T::Int)
        damaged(QStringLiteral("a tensor is missing its storage"));
    const Value *st = a[0];
    at::ScalarType type = st->dtype;
    if (dtypeArg && dtypeArg < a.size()) {
        const Value *d = a[dtypeArg];
        if (d->t != Value::T::Global || d->module != "torch")
            damaged(QStringLiteral("a tensor's dtype is not a dtype"));
        const std::optional<at::ScalarType> named = dtypeNamed(d->name);
        if (!named)
            unsupported(QStringLiteral("a tensor of dtype torch.%1").arg(QString::fromStdString(d->name)));
        type = *named;
    }
    const std::vector<int64_t> size = intTuple(a[2], "size");
    const std::vector<int64_t> stride = intTuple(a[3], "stride");
    if (size.size() != stride.size())
        damaged(QStringLiteral("a tensor's size and stride differ in length"));
    const int64_t offset = a[1]->i;
    const int64_t item = int64_t(c10::elementSize(type));
    const int64_t available = int64_t(st->storage.nbytes()) / item;
    if (offset < 0 || offset > available)
        damaged(QStringLiteral("a tensor starts outside its storage"));
    bool empty = false;
    for (int64_t s : size)
        empty = empty || s == 0;
    if (!empty) {
        // The last element's index, in elements, must lie inside the storage.
        int64_t last = offset;
        for (size_t k = 0; k < size.size(); ++k) {
            int64_t step = 0;
            if (__builtin_mul_overflow(size[k] - 1, stride[k], &step) || __builtin_add_overflow(last, step, &last))
                damaged(QStringLiteral("a tensor's size overflows"));
        }
        if (last >= available)
            damaged(QStringLiteral("a tensor reaches past the end of its storage"));
    }
    Value *v = make(Value::T::Tensor);
    v->tensor = at::empty({0}, at::TensorOptions().dtype(type)).set_(st->storage, offset, size, stride);
    return v;
}

// An object of a class we do not construct: a placeholder that keeps what it was given.
Value *Rebuilder::object(const std::string &cls, Value *args)
{
    Value *o = make(Value::T::Object);
    o->s = cls;
    o->args = args;
    return o;
}

namespace {

// A numpy dtype placeholder's type code ("f4") and byte order ('<'): from its call's arguments
// ('f4', False, True) and BUILD's state (3, '<', …).
bool numpyDtype(const Value *d, std::string *code, char *order)
{
    if (d->t != Value::T::Object || d->s != "numpy.dtype" || !d->args || d->args->items.empty()
        || d->args->items[0]->t != Value::T::Str)
        return false;
    *code = d->args->items[0]->s;
    *order = '=';
    if (d->state && d->state->t == Value::T::Tuple && d->state->items.size() >= 2) {
        const Value *o = d->state->items[1];
        if (o->t == Value::T::Str && o->s.size() == 1)
            *order = o->s[0];
        // A record dtype (fields, names) has no tensor dtype.
        for (size_t k = 2; k < std::min<size_t>(5, d->state->items.size()); ++k)
            if (d->state->items[k]->t != Value::T::None)
                code->assign(1, 'V'); // a record (not `= "V"`: GCC 12 warns falsely at -O3)
    }
    return true;
}

std::string numpyText(const std::string &code, char order)
{
    const std::string n = NumpyArray::name(code);
    return NumpyArray::dtype(code) || code.size() > 3 ? n : std::string(1, order == '=' ? '|' : order) + n;
}

} // namespace

void Rebuilder::build(Value *o, Value *state)
{
    o->state = state;
    if (o->s != "numpy.ndarray")
        return;
    // (version, shape, dtype, is_fortran, raw bytes or, for an object array, a list)
    const std::vector<Value *> &a = state->items;
    std::string code;
    char order = '=';
    if (state->t != Value::T::Tuple || a.size() < 5 || a[1]->t != Value::T::Tuple || !numpyDtype(a[2], &code, &order))
        damaged(QStringLiteral("a numpy array without its shape, dtype or data"));
    std::vector<int64_t> shape;
    for (const Value *d : a[1]->items) {
        if (d->t != Value::T::Int || d->i < 0)
            damaged(QStringLiteral("a numpy array's shape holds something that is not a size"));
        shape.push_back(d->i);
    }
    QString dims;
    for (int64_t d : shape)
        dims += QString::number(d) + QStringLiteral(", ");
    if (shape.size() == 1)
        dims.chop(1);
    else
        dims.chop(2);
    o->args = nullptr;
    o->s = QStringLiteral("numpy.ndarray(shape=(%1), dtype=%2)")
               .arg(dims, QString::fromStdString(numpyText(code, order)))
               .toStdString();
    const std::optional<at::ScalarType> type = NumpyArray::dtype(code);
    if (!type || a[4]->t != Value::T::Bytes)
        return; // strings, objects, records, dates: listed as what they are
    o->tensor = NumpyArray::tensor(shape, *type, a[3]->t == Value::T::Bool && a[3]->b, a[4]->s, order);
    o->t = Value::T::Tensor;
    o->numpy = order == '>' ? 3 : 1; // torch.from_numpy takes native byte order only
    o->state = nullptr;
}

Value *Rebuilder::call(Value *callable, Value *args)
{
    if (args->t != Value::T::Tuple)
        damaged(QStringLiteral("its pickle calls something with arguments that are not a tuple"));
    const std::vector<Value *> &a = args->items;
    if (callable->t == Value::T::Object)
        return callable; // something made from a class we do not know; refused at the end
    if (callable->t != Value::T::Global)
        damaged(QStringLiteral("its pickle calls something that is not a class or function"));
    const std::string &m = callable->module, &n = callable->name;
    if (!knownGlobal(m, n))
        return object(callable->s, args); // noted as unknown when its GLOBAL was read
    if (isNumpyCore(m) && n == "_reconstruct") // (ndarray, (0,), b"b"); BUILD gives the rest
        return object("numpy.ndarray", nullptr);
    if (m == "numpy" && n == "dtype")
        return object("numpy.dtype", args);
    if (m == "numpy" && n == "ndarray")
        return object("numpy.ndarray", nullptr);
    if (isNumpyCore(m) && n == "scalar") {
        // scalar(dtype, bytes): one value, as torch.tensor(np.float32(3)) makes it.
        std::string code;
        char order = '=';
        if (a.size() < 2 || !numpyDtype(a[0], &code, &order))
            damaged(QStringLiteral("a numpy scalar without its dtype"));
        const std::optional<at::ScalarType> type = NumpyArray::dtype(code);
        if (!type || a[1]->t != Value::T::Bytes)
            return object("numpy." + numpyText(code, order), nullptr);
        Value *v = make(Value::T::Tensor);
        v->tensor = NumpyArray::tensor({}, *type, false, a[1]->s, order);
        v->numpy = 2;
        return v;
    }
    if (m == "collections" && n == "OrderedDict") {
        Value *d = make(Value::T::Dict);
        if (!a.empty() && (a[0]->t == Value::T::List || a[0]->t == Value::T::Tuple))
            for (Value *pair : a[0]->items)
                if ((pair->t == Value::T::Tuple || pair->t == Value::T::List) && pair->items.size() == 2) {
                    m_arena.charge(2);
                    d->items.insert(d->items.end(), pair->items.begin(), pair->items.end());
                }
        return d;
    }
    if (isBuiltins(m)) {
        if (n == "set" || n == "frozenset") {
            Value *s = make(Value::T::Set);
            if (!a.empty() && (a[0]->t == Value::T::List || a[0]->t == Value::T::Tuple || a[0]->t == Value::T::Set)) {
                m_arena.charge(a[0]->items.size());
                s->items = a[0]->items;
            }
            return s;
        }
        if (n == "complex") {
            Value *c = make(Value::T::Complex);
            auto number = [](const Value *x) { return x->t == Value::T::Float ? x->f : double(x->i); };
            if (a.size() >= 1)
                c->f = number(a[0]);
            if (a.size() >= 2)
                c->im = number(a[1]);
            return c;
        }
        Value *b = make(Value::T::Bytes); // bytes() or bytearray(…)
        if (!a.empty() && (a[0]->t == Value::T::Bytes || a[0]->t == Value::T::Str))
            b->s = a[0]->s;
        return b;
    }
    if (m == "_codecs") {
        // Protocol 2 writes bytes as _codecs.encode(text, "latin1").
        Value *b = make(Value::T::Bytes);
        if (!a.empty() && a[0]->t == Value::T::Str)
            b->s = QString::fromUtf8(a[0]->s.data(), int(a[0]->s.size())).toLatin1().toStdString();
        return b;
    }
    if (m == "copyreg" || m == "copy_reg") {
        // copyreg._reconstructor(cls, base, state): an object of cls (noted when named).
        return object(!a.empty() && a[0]->t == Value::T::Global ? a[0]->s : callable->s, nullptr);
    }
    if (m == "torch") {
        if (n == "device") {
            Value *d = make(Value::T::Device);
            if (!a.empty() && a[0]->t == Value::T::Str)
                d->s = a[0]->s;
            if (a.size() >= 2 && a[1]->t == Value::T::Int) {
                d->s += ':'; // in two steps: `":" + …` makes GCC 12 warn falsely at -O3
                d->s += std::to_string(a[1]->i);
            }
            return d;
        }
        if (n == "Size") {
            Value *t = make(Value::T::Tuple);
            if (!a.empty() && (a[0]->t == Value::T::Tuple || a[0]->t == Value::T::List)) {
                m_arena.charge(a[0]->items.size());
                t->items = a[0]->items;
            }
            return t;
        }
        damaged(QStringLiteral("its pickle calls torch.%1").arg(QString::fromStdString(n)));
    }
    if (m == "torch.serialization") { // _get_layout("torch.sparse_coo"): a name, for sparse tensors
        Value *g = make(Value::T::Global);
        g->s = !a.empty() && a[0]->t == Value::T::Str ? a[0]->s : callable->s;
        return g;
    }
    if (m == "torch.nn.parameter") { // Parameter(data, requires_grad): the data
        if (a.empty() || a[0]->t != Value::T::Tensor)
            damaged(QStringLiteral("a parameter without data"));
        return a[0];
    }
    if (m == "torch._utils") {
        if (n == "_rebuild_tensor")
            return rebuildTensor(a, 0);
        if (n == "_rebuild_tensor_v2")
            return rebuildTensor(a, 0); // … requires_grad, backward_hooks[, metadata]: cards are detached
        if (n == "_rebuild_tensor_v3")
            return rebuildTensor(a, 6); // … requires_grad, backward_hooks, dtype[, metadata]
        if (n == "_rebuild_parameter" || n == "_rebuild_parameter_with_state") {
            if (a.empty() || a[0]->t != Value::T::Tensor)
                damaged(QStringLiteral("a parameter without data"));
            return a[0];
        }
        if (n == "_rebuild_qtensor")
            unsupported(QStringLiteral("a quantized tensor"));
        if (n.find("sparse") != std::string::npos)
            unsupported(QStringLiteral("a sparse tensor"));
        if (n == "_rebuild_meta_tensor_no_storage")
            unsupported(QStringLiteral("a tensor on meta (it has no values)"));
        unsupported(QStringLiteral("a tensor PyTorch rebuilds with torch._utils.%1").arg(QString::fromStdString(n)));
    }
    if (m == "torch._tensor" && n == "_rebuild_from_type_v2") {
        // (func, type, args, state): a tensor with Python attributes, or of a subclass.
        if (a.size() < 3)
            damaged(QStringLiteral("a tensor without its rebuild arguments"));
        if (a[1]->t == Value::T::Global && !knownGlobal(a[1]->module, a[1]->name))
            return call(a[1], args); // a Tensor subclass only Python has: refused at the end
        if (a[0]->t == Value::T::Global && a[0]->name == "_rebuild_from_type_v2")
            damaged(QStringLiteral("a tensor rebuilt from itself"));
        return call(a[0], a[2]);
    }
    unsupported(QStringLiteral("%1 called in its pickle").arg(QString::fromStdString(callable->s)));
}

} // namespace tk::pickle
