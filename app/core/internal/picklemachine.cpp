#include "core/internal/picklemachine.h"

#include "core/internal/pickleglobals.h"

#include <algorithm>

namespace tk::pickle {

Value *Machine::longValue(const std::string &le)
{
    if (le.empty())
        return integer(0);
    // Fits in 64 bits when every byte past the eighth only extends the sign.
    const bool negative = uint8_t(le.back()) & 0x80;
    bool fits = true;
    for (size_t k = 8; k < le.size(); ++k)
        fits = fits && uint8_t(le[k]) == (negative ? 0xff : 0x00);
    if (le.size() > 8)
        fits = fits && bool(uint8_t(le[7]) & 0x80) == negative;
    if (!fits) {
        Value *v = make(Value::T::BigInt);
        v->s = le;
        return v;
    }
    uint64_t u = negative ? ~uint64_t(0) : 0;
    for (size_t k = 0; k < std::min<size_t>(8, le.size()); ++k) {
        u &= ~(uint64_t(0xff) << (8 * k));
        u |= uint64_t(uint8_t(le[k])) << (8 * k);
    }
    return integer(int64_t(u));
}

Value *Machine::global(const std::string &module, const std::string &name)
{
    if (!knownGlobal(module, name))
        m_findings.unknown(module + "." + name);
    Value *g = make(Value::T::Global);
    g->module = module;
    g->name = name;
    g->s = module + "." + name;
    return g;
}

void Machine::setItems(Value *target, const std::vector<Value *> &kv)
{
    if (kv.size() % 2)
        damaged(QStringLiteral("its pickle has a key without a value"));
    if (target->t == Value::T::Object)
        return; // a dict subclass we do not know: the file is refused anyway
    if (target->t != Value::T::Dict)
        damaged(QStringLiteral("its pickle sets items on something that is not a dict"));
    m_arena.charge(kv.size());
    target->items.insert(target->items.end(), kv.begin(), kv.end());
}

void Machine::appendItems(Value *target, const std::vector<Value *> &items)
{
    if (target->t == Value::T::Object)
        return;
    if (target->t != Value::T::List && target->t != Value::T::Set)
        damaged(QStringLiteral("its pickle appends to something that is not a list"));
    m_arena.charge(items.size());
    target->items.insert(target->items.end(), items.begin(), items.end());
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
Value *Machine::rebuildTensor(const std::vector<Value *> &a, size_t dtypeArg)
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

Value *Machine::call(Value *callable, Value *args)
{
    if (args->t != Value::T::Tuple)
        damaged(QStringLiteral("its pickle calls something with arguments that are not a tuple"));
    const std::vector<Value *> &a = args->items;
    if (callable->t == Value::T::Object)
        return callable; // something made from a class we do not know; refused at the end
    if (callable->t != Value::T::Global)
        damaged(QStringLiteral("its pickle calls something that is not a class or function"));
    const std::string &m = callable->module, &n = callable->name;
    if (!knownGlobal(m, n)) {
        Value *o = make(Value::T::Object);
        o->s = callable->s;
        return o;
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
        // copyreg._reconstructor(cls, base, state): an object of cls.
        Value *o = make(Value::T::Object);
        o->s = !a.empty() && a[0]->t == Value::T::Global ? a[0]->s : callable->s;
        m_findings.unknown(o->s);
        return o;
    }
    if (m == "torch") {
        if (n == "device") {
            Value *d = make(Value::T::Device);
            if (!a.empty() && a[0]->t == Value::T::Str)
                d->s = a[0]->s;
            if (a.size() >= 2 && a[1]->t == Value::T::Int)
                d->s += ":" + std::to_string(a[1]->i);
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

Value *Machine::run()
{
    enum : uint8_t {
        MARK = '(', STOP = '.', POP = '0', POP_MARK = '1', DUP = '2', BININT = 'J', BININT1 = 'K',
        BININT2 = 'M', NONE = 'N', BINPERSID = 'Q', REDUCE = 'R', BINSTRING = 'T', SHORT_BINSTRING = 'U',
        BINUNICODE = 'X', APPEND = 'a', BUILD = 'b', GLOBAL = 'c', DICT = 'd', EMPTY_DICT = '}',
        APPENDS = 'e', BINGET = 'h', INST = 'i', LONG_BINGET = 'j', LIST = 'l', EMPTY_LIST = ']',
        OBJ = 'o', BINPUT = 'q', LONG_BINPUT = 'r', SETITEM = 's', TUPLE = 't', EMPTY_TUPLE = ')',
        SETITEMS = 'u', BINFLOAT = 'G', BINBYTES = 'B', SHORT_BINBYTES = 'C',
        PROTO = 0x80, NEWOBJ = 0x81, TUPLE1 = 0x85, TUPLE2 = 0x86, TUPLE3 = 0x87, NEWTRUE = 0x88,
        NEWFALSE = 0x89, LONG1 = 0x8a, LONG4 = 0x8b, SHORT_BINUNICODE = 0x8c, BINUNICODE8 = 0x8d,
        BINBYTES8 = 0x8e, EMPTY_SET = 0x8f, ADDITEMS = 0x90, FROZENSET = 0x91, NEWOBJ_EX = 0x92,
        STACK_GLOBAL = 0x93, MEMOIZE = 0x94, FRAME = 0x95, BYTEARRAY8 = 0x96,
    };
    auto tuple = [this](std::vector<Value *> items) {
        Value *t = make(Value::T::Tuple);
        t->items = std::move(items);
        return t;
    };
    auto str = [this](Value::T t, std::string s) {
        Value *v = make(t);
        v->s = std::move(s);
        return v;
    };
    auto memoPut = [this](uint64_t id) { m_memo[id] = top(); };
    auto memoGet = [this](uint64_t id) {
        auto it = m_memo.find(id);
        if (it == m_memo.end())
            damaged(QStringLiteral("its pickle refers to a value it never stored"));
        push(it->second);
    };
    for (;;) {
        const uint8_t op = u8();
        switch (op) {
        case PROTO:
            if (u8() > 5)
                damaged(QStringLiteral("its pickle has a protocol newer than 5"));
            break;
        case FRAME:
            little<uint64_t>(8); // frames only help readers buffer
            break;
        case STOP: {
            Value *v = top();
            return v;
        }
        case MARK: m_marks.push_back(m_stack.size()); break;
        case POP: pop(); break;
        case POP_MARK: popMark(); break;
        case DUP: push(top()); break;
        case NONE: push(make(Value::T::None)); break;
        case NEWTRUE:
        case NEWFALSE: {
            Value *b = make(Value::T::Bool);
            b->b = op == NEWTRUE;
            push(b);
            break;
        }
        case BININT: push(integer(little<int32_t>(4))); break;
        case BININT1: push(integer(u8())); break;
        case BININT2: push(integer(little<uint16_t>(2))); break;
        case LONG1: {
            const uint8_t n = u8();
            push(longValue(bytes(n)));
            break;
        }
        case LONG4: {
            const int32_t n = little<int32_t>(4);
            if (n < 0)
                damaged(QStringLiteral("its pickle has a negative length"));
            push(longValue(bytes(uint64_t(n))));
            break;
        }
        case BINFLOAT: {
            const uint64_t bits = [&] {
                need(8);
                uint64_t v = 0;
                for (int k = 0; k < 8; ++k)
                    v = (v << 8) | uint8_t(m_p[k]); // big-endian
                m_p += 8;
                return v;
            }();
            Value *f = make(Value::T::Float);
            std::memcpy(&f->f, &bits, 8);
            push(f);
            break;
        }
        case BINUNICODE: push(str(Value::T::Str, bytes(little<uint32_t>(4)))); break;
        case SHORT_BINUNICODE: push(str(Value::T::Str, bytes(u8()))); break;
        case BINUNICODE8: push(str(Value::T::Str, bytes(little<uint64_t>(8)))); break;
        case BINSTRING: {
            const int32_t n = little<int32_t>(4);
            if (n < 0)
                damaged(QStringLiteral("its pickle has a negative length"));
            push(str(Value::T::Str, bytes(uint64_t(n))));
            break;
        }
        case SHORT_BINSTRING: push(str(Value::T::Str, bytes(u8()))); break;
        case BINBYTES: push(str(Value::T::Bytes, bytes(little<uint32_t>(4)))); break;
        case SHORT_BINBYTES: push(str(Value::T::Bytes, bytes(u8()))); break;
        case BINBYTES8:
        case BYTEARRAY8: push(str(Value::T::Bytes, bytes(little<uint64_t>(8)))); break;
        case EMPTY_TUPLE: push(make(Value::T::Tuple)); break;
        case TUPLE: push(tuple(popMark())); break;
        case TUPLE1:
        case TUPLE2:
        case TUPLE3: {
            std::vector<Value *> items(size_t(op - TUPLE1 + 1));
            for (size_t k = items.size(); k-- > 0;)
                items[k] = pop();
            push(tuple(std::move(items)));
            break;
        }
        case EMPTY_LIST: push(make(Value::T::List)); break;
        case LIST: {
            Value *l = make(Value::T::List);
            l->items = popMark();
            push(l);
            break;
        }
        case APPEND: {
            Value *v = pop();
            appendItems(top(), {v});
            break;
        }
        case APPENDS: {
            std::vector<Value *> items = popMark();
            appendItems(top(), items);
            break;
        }
        case EMPTY_DICT: push(make(Value::T::Dict)); break;
        case DICT: {
            Value *d = make(Value::T::Dict);
            setItems(d, popMark());
            push(d);
            break;
        }
        case SETITEM: {
            Value *v = pop();
            Value *k = pop();
            setItems(top(), {k, v});
            break;
        }
        case SETITEMS: {
            std::vector<Value *> kv = popMark();
            setItems(top(), kv);
            break;
        }
        case EMPTY_SET: push(make(Value::T::Set)); break;
        case FROZENSET: {
            Value *s = make(Value::T::Set);
            s->items = popMark();
            push(s);
            break;
        }
        case ADDITEMS: {
            std::vector<Value *> items = popMark();
            appendItems(top(), items);
            break;
        }
        case BINPUT: memoPut(u8()); break;
        case LONG_BINPUT: memoPut(little<uint32_t>(4)); break;
        case MEMOIZE: memoPut(m_memo.size()); break;
        case BINGET: memoGet(u8()); break;
        case LONG_BINGET: memoGet(little<uint32_t>(4)); break;
        case GLOBAL: {
            const std::string module = line();
            const std::string name = line();
            push(global(module, name));
            break;
        }
        case STACK_GLOBAL: {
            Value *name = pop();
            Value *module = pop();
            if (name->t != Value::T::Str || module->t != Value::T::Str)
                damaged(QStringLiteral("its pickle names a class with something that is not a string"));
            push(global(module->s, name->s));
            break;
        }
        case REDUCE: {
            Value *args = pop();
            Value *f = pop();
            push(call(f, args));
            break;
        }
        case NEWOBJ: {
            Value *args = pop();
            Value *cls = pop();
            push(call(cls, args));
            break;
        }
        case NEWOBJ_EX: {
            pop(); // keyword arguments
            Value *args = pop();
            Value *cls = pop();
            push(call(cls, args));
            break;
        }
        case INST: {
            const std::string module = line();
            const std::string name = line();
            push(call(global(module, name), tuple(popMark())));
            break;
        }
        case OBJ: {
            std::vector<Value *> items = popMark();
            if (items.empty())
                damaged(QStringLiteral("its pickle makes an object without a class"));
            Value *cls = items.front();
            items.erase(items.begin());
            push(call(cls, tuple(std::move(items))));
            break;
        }
        case BUILD: {
            // Sets an object's state. On an OrderedDict it is state_dict()'s `_metadata`, which
            // only load_state_dict() reads: dropped. On an object we do not know, it tells a
            // whole nn.Module by its attributes.
            Value *state = pop();
            Value *target = top();
            if (target->t == Value::T::Object) {
                const Value *d = state;
                if (d->t == Value::T::Tuple && !d->items.empty())
                    d = d->items.front();
                if (d->t == Value::T::Dict)
                    for (size_t k = 0; k + 1 < d->items.size(); k += 2)
                        if (d->items[k]->t == Value::T::Str
                            && (d->items[k]->s == "_modules" || d->items[k]->s == "_parameters"))
                            m_findings.moduleLike = true;
            }
            break;
        }
        case BINPERSID: {
            Value *pid = pop();
            if (!m_load)
                damaged(QStringLiteral("its pickle refers to data outside it"));
            push(m_load(pid));
            break;
        }
        default:
            damaged(QStringLiteral("its pickle has an opcode this reader does not know (0x%1)")
                        .arg(uint(op), 2, 16, QLatin1Char('0')));
        }
    }
}

} // namespace tk::pickle
