#include "core/files/pt/picklemachine.h"

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

void Machine::setItems(Value *target, const std::vector<Value *> &kv)
{
    if (kv.size() % 2)
        damaged(QStringLiteral("its pickle has a key without a value"));
    if (target->t != Value::T::Dict && target->t != Value::T::Object) // an Object: a dict subclass
        damaged(QStringLiteral("its pickle sets items on something that is not a dict"));
    m_arena.charge(kv.size());
    target->items.insert(target->items.end(), kv.begin(), kv.end());
}

void Machine::appendItems(Value *target, const std::vector<Value *> &items)
{
    if (target->t != Value::T::List && target->t != Value::T::Set && target->t != Value::T::Object)
        damaged(QStringLiteral("its pickle appends to something that is not a list"));
    m_arena.charge(items.size());
    std::vector<Value *> &into = target->t == Value::T::Object ? target->listItems : target->items;
    into.insert(into.end(), items.begin(), items.end());
}

Value *Machine::run()
{
    enum : uint8_t {
        MARK = '(',
        STOP = '.',
        POP = '0',
        POP_MARK = '1',
        DUP = '2',
        BININT = 'J',
        BININT1 = 'K',
        BININT2 = 'M',
        NONE = 'N',
        BINPERSID = 'Q',
        REDUCE = 'R',
        BINSTRING = 'T',
        SHORT_BINSTRING = 'U',
        BINUNICODE = 'X',
        APPEND = 'a',
        BUILD = 'b',
        GLOBAL = 'c',
        DICT = 'd',
        EMPTY_DICT = '}',
        APPENDS = 'e',
        BINGET = 'h',
        INST = 'i',
        LONG_BINGET = 'j',
        LIST = 'l',
        EMPTY_LIST = ']',
        OBJ = 'o',
        BINPUT = 'q',
        LONG_BINPUT = 'r',
        SETITEM = 's',
        TUPLE = 't',
        EMPTY_TUPLE = ')',
        SETITEMS = 'u',
        BINFLOAT = 'G',
        BINBYTES = 'B',
        SHORT_BINBYTES = 'C',
        PROTO = 0x80,
        NEWOBJ = 0x81,
        TUPLE1 = 0x85,
        TUPLE2 = 0x86,
        TUPLE3 = 0x87,
        NEWTRUE = 0x88,
        NEWFALSE = 0x89,
        LONG1 = 0x8a,
        LONG4 = 0x8b,
        SHORT_BINUNICODE = 0x8c,
        BINUNICODE8 = 0x8d,
        BINBYTES8 = 0x8e,
        EMPTY_SET = 0x8f,
        ADDITEMS = 0x90,
        FROZENSET = 0x91,
        NEWOBJ_EX = 0x92,
        STACK_GLOBAL = 0x93,
        MEMOIZE = 0x94,
        FRAME = 0x95,
        BYTEARRAY8 = 0x96,
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
        case MARK:
            m_marks.push_back(m_stack.size());
            break;
        case POP:
            pop();
            break;
        case POP_MARK:
            popMark();
            break;
        case DUP:
            push(top());
            break;
        case NONE:
            push(make(Value::T::None));
            break;
        case NEWTRUE:
        case NEWFALSE: {
            Value *b = make(Value::T::Bool);
            b->b = op == NEWTRUE;
            push(b);
            break;
        }
        case BININT:
            push(integer(little<int32_t>(4)));
            break;
        case BININT1:
            push(integer(u8()));
            break;
        case BININT2:
            push(integer(little<uint16_t>(2)));
            break;
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
        case BINUNICODE:
            push(str(Value::T::Str, bytes(little<uint32_t>(4))));
            break;
        case SHORT_BINUNICODE:
            push(str(Value::T::Str, bytes(u8())));
            break;
        case BINUNICODE8:
            push(str(Value::T::Str, bytes(little<uint64_t>(8))));
            break;
        case BINSTRING: {
            const int32_t n = little<int32_t>(4);
            if (n < 0)
                damaged(QStringLiteral("its pickle has a negative length"));
            push(str(Value::T::Str, bytes(uint64_t(n))));
            break;
        }
        case SHORT_BINSTRING:
            push(str(Value::T::Str, bytes(u8())));
            break;
        case BINBYTES:
            push(str(Value::T::Bytes, bytes(little<uint32_t>(4))));
            break;
        case SHORT_BINBYTES:
            push(str(Value::T::Bytes, bytes(u8())));
            break;
        case BINBYTES8:
        case BYTEARRAY8:
            push(str(Value::T::Bytes, bytes(little<uint64_t>(8))));
            break;
        case EMPTY_TUPLE:
            push(make(Value::T::Tuple));
            break;
        case TUPLE:
            push(tuple(popMark()));
            break;
        case TUPLE1:
        case TUPLE2:
        case TUPLE3: {
            std::vector<Value *> items(size_t(op - TUPLE1 + 1));
            for (size_t k = items.size(); k-- > 0;)
                items[k] = pop();
            push(tuple(std::move(items)));
            break;
        }
        case EMPTY_LIST:
            push(make(Value::T::List));
            break;
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
        case EMPTY_DICT:
            push(make(Value::T::Dict));
            break;
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
        case EMPTY_SET:
            push(make(Value::T::Set));
            break;
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
        case BINPUT:
            memoPut(u8());
            break;
        case LONG_BINPUT:
            memoPut(little<uint32_t>(4));
            break;
        case MEMOIZE:
            memoPut(m_memo.size());
            break;
        case BINGET:
            memoGet(u8());
            break;
        case LONG_BINGET:
            memoGet(little<uint32_t>(4));
            break;
        case GLOBAL: {
            const std::string module = line();
            const std::string name = line();
            push(m_rebuild.global(module, name));
            break;
        }
        case STACK_GLOBAL: {
            Value *name = pop();
            Value *module = pop();
            if (name->t != Value::T::Str || module->t != Value::T::Str)
                damaged(QStringLiteral("its pickle names a class with something that is not a string"));
            push(m_rebuild.global(module->s, name->s));
            break;
        }
        case REDUCE: {
            Value *args = pop();
            Value *f = pop();
            push(m_rebuild.call(f, args));
            break;
        }
        case NEWOBJ: {
            Value *args = pop();
            Value *cls = pop();
            push(m_rebuild.call(cls, args));
            break;
        }
        case NEWOBJ_EX: {
            pop(); // keyword arguments
            Value *args = pop();
            Value *cls = pop();
            push(m_rebuild.call(cls, args));
            break;
        }
        case INST: {
            const std::string module = line();
            const std::string name = line();
            push(m_rebuild.call(m_rebuild.global(module, name), tuple(popMark())));
            break;
        }
        case OBJ: {
            std::vector<Value *> items = popMark();
            if (items.empty())
                damaged(QStringLiteral("its pickle makes an object without a class"));
            Value *cls = items.front();
            items.erase(items.begin());
            push(m_rebuild.call(cls, tuple(std::move(items))));
            break;
        }
        case BUILD: {
            // Sets an object's state. On an OrderedDict it is state_dict()'s `_metadata`, which
            // only load_state_dict() reads: dropped. An object we do not know keeps it as data
            // (a whole nn.Module's attributes); a numpy array or dtype is finished from it.
            Value *state = pop();
            Value *target = top();
            if (target->t == Value::T::Object)
                m_rebuild.build(target, state);
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
