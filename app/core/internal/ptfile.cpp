#include "ptfile.h"

#include "pythoncode.h"

#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <caffe2/serialize/inline_container.h>
#include <caffe2/serialize/read_adapter_interface.h>
#include <cmath>
#include <sstream>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <torch/serialize.h>
#include <unordered_map>

namespace tk {

namespace {

using Kind = PtFile::Refused::Kind;

[[noreturn]] void refuse(Kind k, const QString &detail = {}) { throw PtFile::Refused(k, detail); }
[[noreturn]] void damaged(const QString &what) { refuse(Kind::Damaged, what); }
[[noreturn]] void unsupported(const QString &what) { refuse(Kind::Unsupported, what); }

// LibTorch 1.13's in-memory reader copies whatever the zip reader asks for, even past the end
// of the buffer, so a malformed .pt makes it read out of bounds (found by fuzz_pt). This one
// clamps every read; the zip reader then reports a short read as a damaged archive.
class BoundedReadAdapter : public caffe2::serialize::ReadAdapterInterface
{
public:
    explicit BoundedReadAdapter(const QByteArray &data) : m_data(data) {}
    size_t size() const override { return size_t(m_data.size()); }
    size_t read(uint64_t pos, void *buf, size_t n, const char *) const override
    {
        if (pos >= size())
            return 0;
        n = std::min<size_t>(n, size() - size_t(pos));
        std::memcpy(buf, m_data.constData() + pos, n);
        return n;
    }

private:
    QByteArray m_data;
};

// LibTorch's first line, without its "[enforce fail at file.cc:129] ." prefix.
QString libtorchWords(const std::exception &e)
{
    QString s = QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0);
    s.remove(QRegularExpression(QStringLiteral("^\\[enforce fail at [^\\]]*\\]\\s*\\.?\\s*")));
    // LibTorch 2.x goes on about miniz and checkpoints on the same line.
    s.remove(QRegularExpression(QStringLiteral("\\. This is an internal miniz error.*$")));
    return s.trimmed();
}

// ---------------------------------------------------------------------------------------------
// What a pickle builds. Only plain data and tensors: a class we do not know becomes an Object
// that is never constructed, and the file is refused once the pickle has been read.

struct Value
{
    enum class T {
        None, Bool, Int, BigInt, Float, Complex, Str, Bytes, Tuple, List, Dict, Set,
        Tensor, Storage, Global, Object, Device,
    };
    T t = T::None;
    bool b = false;
    int64_t i = 0;
    double f = 0, im = 0;
    // Str and Bytes: the bytes (UTF-8 for Str); BigInt: little-endian two's complement;
    // Global and Object: "module.name"; Device: "cuda:0".
    std::string s;
    std::vector<Value *> items; // Tuple, List, Set; Dict: key, value, key, value, … in order
    at::Tensor tensor;          // Tensor
    at::Storage storage;        // Storage (untyped bytes)
    at::ScalarType dtype = at::kByte; // Storage: its element type
    int64_t numel = 0;          // Storage: elements of dtype
    std::string module, name;   // Global
};

// Values live here, not in each other: a pickle can nest (or loop) a list ten million deep, and
// destroying that through nested owners would overflow the stack.
class Arena
{
public:
    Value *make(Value::T t)
    {
        if (m_values.size() >= kMaxValues)
            unsupported(QStringLiteral("more than %1 Python values").arg(kMaxValues));
        m_values.emplace_back();
        m_values.back().t = t;
        return &m_values.back();
    }
    // Every item a container gets, copied or not, counts against one budget: a few bytes of
    // pickle can copy a long list again and again.
    void charge(size_t items)
    {
        m_items += items;
        if (m_items > kMaxItems)
            unsupported(QStringLiteral("more than %1 items in containers").arg(kMaxItems));
    }

private:
    static constexpr size_t kMaxValues = 8'000'000;
    static constexpr size_t kMaxItems = 16'000'000;
    size_t m_items = 0;
    std::deque<Value> m_values;
};

// Python classes a file names but only Python can rebuild. The first one named is the one the
// refusal names (the outermost object: pickle names a class before its contents).
struct Findings
{
    QString firstUnknown;
    bool moduleLike = false;
    void unknown(const std::string &qualified)
    {
        const QString q = QString::fromStdString(qualified);
        if (firstUnknown.isEmpty())
            firstUnknown = q;
        if (q.startsWith(QLatin1String("torch.nn.modules.")) || q.startsWith(QLatin1String("torch.jit.")))
            moduleLike = true;
    }
    void throwIfAny() const
    {
        if (!firstUnknown.isEmpty())
            refuse(moduleLike ? Kind::PickledModule : Kind::PickledObject, firstUnknown);
    }
};

// The dtypes a torch.save file names: storage classes (torch.FloatStorage) for
// _rebuild_tensor_v2 and dtypes (torch.float32) for _rebuild_tensor_v3 and values.
struct DtypeName
{
    const char *storage;
    const char *dtype;
    at::ScalarType type;
};
const DtypeName kDtypes[] = {
    {"FloatStorage", "float32", at::kFloat},
    {"DoubleStorage", "float64", at::kDouble},
    {"HalfStorage", "float16", at::kHalf},
    {"BFloat16Storage", "bfloat16", at::kBFloat16},
    {"CharStorage", "int8", at::kChar},
    {"ByteStorage", "uint8", at::kByte},
    {"ShortStorage", "int16", at::kShort},
    {"IntStorage", "int32", at::kInt},
    {"LongStorage", "int64", at::kLong},
    {"BoolStorage", "bool", at::kBool},
    {"ComplexFloatStorage", "complex64", at::kComplexFloat},
    {"ComplexDoubleStorage", "complex128", at::kComplexDouble},
};
// Python's other names for the same dtypes (torch.float is torch.float32).
const std::pair<const char *, const char *> kDtypeAliases[] = {
    {"float", "float32"}, {"double", "float64"}, {"half", "float16"}, {"short", "int16"},
    {"int", "int32"},     {"long", "int64"},     {"cfloat", "complex64"}, {"cdouble", "complex128"},
};
// Named by files but not loadable here: refused with their name when a tensor uses them.
const char *const kOtherStorages[] = {"QInt8Storage", "QUInt8Storage", "QInt32Storage",
                                      "QUInt4x2Storage", "QUInt2x4Storage", "ComplexHalfStorage"};
const char *const kOtherDtypes[] = {
    "complex32", "chalf", "uint16", "uint32", "uint64", "float8_e4m3fn", "float8_e5m2",
    "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e8m0fnu", "float4_e2m1fn_x2", "qint8",
    "quint8", "qint32", "quint4x2", "quint2x4", "bits1x8", "bits2x4", "bits4x2", "bits8", "bits16",
    "int1", "int2", "int3", "int4", "int5", "int6", "int7", "uint1", "uint2", "uint3", "uint4",
    "uint5", "uint6", "uint7",
};

std::optional<at::ScalarType> dtypeNamed(const std::string &name)
{
    std::string n = name;
    for (const auto &[alias, real] : kDtypeAliases)
        if (n == alias)
            n = real;
    for (const DtypeName &d : kDtypes)
        if (n == d.dtype)
            return d.type;
    return std::nullopt;
}

bool isBuiltins(const std::string &m) { return m == "builtins" || m == "__builtin__"; }

// Globals a file may name. Anything else is a Python class or function only Python can use.
bool knownGlobal(const std::string &m, const std::string &n)
{
    if (m == "collections" && n == "OrderedDict")
        return true;
    if (isBuiltins(m) && (n == "set" || n == "frozenset" || n == "complex" || n == "bytes" || n == "bytearray"))
        return true;
    if (m == "_codecs" && n == "encode")
        return true;
    if ((m == "copyreg" || m == "copy_reg") && n == "_reconstructor")
        return true; // makes an object of the class it is given: that class is the unknown one
    if (m == "torch._utils" || m == "torch._tensor")
        return true; // tensor rebuilders: the unsupported ones are refused when called
    if (m == "torch.nn.parameter" && n == "Parameter")
        return true;
    if ((m == "torch.storage" && n == "UntypedStorage") || (m == "torch.serialization" && n == "_get_layout"))
        return true;
    if (m == "torch") {
        if (n == "device" || n == "Size" || n == "Tensor" || n == "UntypedStorage")
            return true;
        for (const DtypeName &d : kDtypes)
            if (n == d.storage)
                return true;
        for (const char *s : kOtherStorages)
            if (n == s)
                return true;
        if (dtypeNamed(n))
            return true;
        for (const char *s : kOtherDtypes)
            if (n == s)
                return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// A pickle machine for what torch.save writes (protocol 2, and the opcodes of 0 to 5 that can
// appear around plain data). It never imports or calls anything: GLOBAL yields a name, and
// REDUCE on a name it knows builds plain data or a tensor.

class Machine
{
public:
    using PersistentLoad = std::function<Value *(Value *pid)>;

    Machine(const char *data, size_t size, Arena &arena, Findings &findings, PersistentLoad load)
        : m_p(data), m_begin(data), m_end(data + size), m_arena(arena), m_findings(findings),
          m_load(std::move(load))
    {
    }

    // Runs one pickle to its STOP. consumed() then says how many bytes it took.
    Value *run();
    size_t consumed() const { return size_t(m_p - m_begin); }

private:
    // Reading.
    void need(uint64_t n) const
    {
        if (n > uint64_t(m_end - m_p))
            damaged(QStringLiteral("its pickle ends early"));
    }
    uint8_t u8()
    {
        need(1);
        return uint8_t(*m_p++);
    }
    template<typename I>
    I little(int bytes)
    {
        need(uint64_t(bytes));
        uint64_t v = 0;
        for (int k = 0; k < bytes; ++k)
            v |= uint64_t(uint8_t(m_p[k])) << (8 * k);
        m_p += bytes;
        return I(v);
    }
    std::string bytes(uint64_t n)
    {
        need(n);
        std::string s(m_p, size_t(n));
        m_p += n;
        return s;
    }
    std::string line()
    {
        const char *nl = static_cast<const char *>(std::memchr(m_p, '\n', size_t(m_end - m_p)));
        if (!nl)
            damaged(QStringLiteral("its pickle ends early"));
        std::string s(m_p, size_t(nl - m_p));
        m_p = nl + 1;
        return s;
    }

    // The stack.
    Value *pop()
    {
        if (m_stack.size() <= (m_marks.empty() ? 0 : m_marks.back()))
            damaged(QStringLiteral("its pickle takes from an empty stack"));
        Value *v = m_stack.back();
        m_stack.pop_back();
        return v;
    }
    Value *top() const
    {
        if (m_stack.empty())
            damaged(QStringLiteral("its pickle takes from an empty stack"));
        return m_stack.back();
    }
    std::vector<Value *> popMark()
    {
        if (m_marks.empty() || m_marks.back() > m_stack.size())
            damaged(QStringLiteral("its pickle has no mark where one is needed"));
        const size_t at = m_marks.back();
        m_marks.pop_back();
        std::vector<Value *> items(m_stack.begin() + std::ptrdiff_t(at), m_stack.end());
        m_stack.resize(at);
        m_arena.charge(items.size());
        return items;
    }
    void push(Value *v) { m_stack.push_back(v); }

    Value *make(Value::T t) { return m_arena.make(t); }
    Value *integer(int64_t v)
    {
        Value *x = make(Value::T::Int);
        x->i = v;
        return x;
    }
    Value *longValue(const std::string &le); // LONG1/LONG4 bytes
    Value *global(const std::string &module, const std::string &name);
    Value *call(Value *callable, Value *args);
    Value *rebuildTensor(const std::vector<Value *> &a, size_t dtypeArg);
    void setItems(Value *target, const std::vector<Value *> &kv);
    void appendItems(Value *target, const std::vector<Value *> &items);

    const char *m_p;
    const char *m_begin;
    const char *m_end;
    Arena &m_arena;
    Findings &m_findings;
    PersistentLoad m_load;
    std::vector<Value *> m_stack;
    std::vector<size_t> m_marks;
    std::unordered_map<uint64_t, Value *> m_memo;
};

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

// ---------------------------------------------------------------------------------------------
// Storages: the persistent ids torch.save writes for each storage,
// ("storage", storage type, key, location, numel[, view metadata]).

struct StorageRef
{
    at::ScalarType dtype;
    std::string key;
    std::string location;
    int64_t numel;
};

StorageRef storageRef(const Value *pid, size_t minItems)
{
    if (pid->t != Value::T::Tuple || pid->items.size() < minItems || pid->items[0]->t != Value::T::Str)
        damaged(QStringLiteral("its pickle refers to data it does not describe"));
    const std::vector<Value *> &a = pid->items;
    if (a[0]->s != "storage")
        damaged(QStringLiteral("its pickle refers to a %1, not a storage").arg(QString::fromStdString(a[0]->s)));
    const Value *type = a[1];
    if (type->t != Value::T::Global || (type->module != "torch" && type->module != "torch.storage"))
        damaged(QStringLiteral("a storage without a type"));
    StorageRef r;
    if (type->name == "UntypedStorage") {
        r.dtype = at::kByte;
    } else {
        const auto it = std::find_if(std::begin(kDtypes), std::end(kDtypes),
                                     [&](const DtypeName &d) { return type->name == d.storage; });
        if (it == std::end(kDtypes)) {
            if (type->name.rfind("Q", 0) == 0)
                unsupported(QStringLiteral("a quantized tensor (torch.%1)").arg(QString::fromStdString(type->name)));
            unsupported(QStringLiteral("a storage of type torch.%1").arg(QString::fromStdString(type->name)));
        }
        r.dtype = it->type;
    }
    if (a[2]->t != Value::T::Str || a[3]->t != Value::T::Str || a[4]->t != Value::T::Int || a[4]->i < 0)
        damaged(QStringLiteral("a storage described wrongly"));
    r.key = a[2]->s;
    r.location = a[3]->s;
    r.numel = a[4]->i;
    return r;
}

int64_t byteCount(const StorageRef &r)
{
    int64_t n = 0;
    if (__builtin_mul_overflow(r.numel, int64_t(c10::elementSize(r.dtype)), &n))
        damaged(QStringLiteral("a storage's size overflows"));
    return n;
}

Value *storageValue(Arena &arena, const StorageRef &r, at::Storage storage)
{
    Value *v = arena.make(Value::T::Storage);
    v->storage = std::move(storage);
    v->dtype = r.dtype;
    v->numel = r.numel;
    return v;
}

bool offCpu(const std::string &location) { return location != "cpu" && location.rfind("cpu:", 0) != 0; }

// torch.save's zip archive (and torch::pickle_save's): data.pkl, and data/<key> per storage.
Value *readZip(const QByteArray &bytes, Arena &arena, Findings &findings, bool *savedOffCpu,
               bool *torchScript)
{
    std::unique_ptr<caffe2::serialize::PyTorchStreamReader> reader;
    try {
        reader = std::make_unique<caffe2::serialize::PyTorchStreamReader>(std::make_shared<BoundedReadAdapter>(bytes));
    } catch (const std::exception &e) {
        damaged(libtorchWords(e));
    }
    if (reader->hasRecord("constants.pkl")) {
        *torchScript = true; // torch.jit.save or LibTorch's torch::save: LibTorch reads those
        return nullptr;
    }
    if (!reader->hasRecord("data.pkl"))
        damaged(QStringLiteral("its zip archive has no data.pkl"));
    if (reader->hasRecord("byteorder")) {
        const auto [order, size] = reader->getRecord("byteorder");
        if (std::string(static_cast<const char *>(order.get()), size) == "big")
            unsupported(QStringLiteral("tensors saved on a big-endian machine"));
    }
    const auto [pickle, pickleSize] = reader->getRecord("data.pkl");
    std::map<std::string, Value *> storages;
    auto load = [&](Value *pid) -> Value * {
        const StorageRef r = storageRef(pid, 5);
        if (auto it = storages.find(r.key); it != storages.end())
            return it->second; // views of one storage: one storage here too
        const int64_t n = byteCount(r);
        at::Storage storage;
        if (n == 0) {
            storage = at::empty({0}, at::kByte).storage();
        } else {
            const std::string record = "data/" + r.key;
            if (!reader->hasRecord(record))
                damaged(QStringLiteral("its zip archive lacks %1").arg(QString::fromStdString(record)));
            auto [data, size] = reader->getRecord(record);
            if (size < uint64_t(n))
                damaged(QStringLiteral("%1 is shorter than its tensor").arg(QString::fromStdString(record)));
            storage = c10::Storage(c10::Storage::use_byte_size_t(), size_t(n), std::move(data), nullptr, false);
        }
        *savedOffCpu = *savedOffCpu || offCpu(r.location);
        return storages[r.key] = storageValue(arena, r, std::move(storage));
    };
    Machine m(static_cast<const char *>(pickle.get()), pickleSize, arena, findings, load);
    return m.run();
}

// torch.save's format before PyTorch 1.6 (still written with
// _use_new_zipfile_serialization=False): five pickles in a row (magic number, protocol
// version, system info, the object, the storage keys), then each storage's element count and
// bytes in the keys' order.
Value *readLegacy(const QByteArray &bytes, Arena &arena, Findings &findings, bool *savedOffCpu)
{
    const char *data = bytes.constData();
    const size_t size = size_t(bytes.size());
    size_t pos = 0;
    auto next = [&](Machine::PersistentLoad load) {
        Machine m(data + pos, size - pos, arena, findings, std::move(load));
        Value *v = m.run();
        pos += m.consumed();
        return v;
    };
    // 0x1950a86a20f9469cfc6c, as LONG1 writes it.
    static const std::string magic("\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 10);
    const Value *first = next({});
    if (first->t != Value::T::BigInt || first->s != magic)
        refuse(Kind::NotTorch, QStringLiteral("a pickle, but not one torch.save wrote"));
    const Value *protocol = next({});
    if (protocol->t != Value::T::Int || protocol->i != 1001)
        unsupported(QStringLiteral("torch.save's legacy format, version %1")
                        .arg(protocol->t == Value::T::Int ? protocol->i : -1));
    const Value *info = next({});
    if (info->t == Value::T::Dict)
        for (size_t k = 0; k + 1 < info->items.size(); k += 2)
            if (info->items[k]->t == Value::T::Str && info->items[k]->s == "little_endian"
                && info->items[k + 1]->t == Value::T::Bool && !info->items[k + 1]->b)
                unsupported(QStringLiteral("tensors saved on a big-endian machine"));

    struct Pending
    {
        Value *value;
        at::Tensor bytes; // uint8, the storage's bytes
        bool filled = false;
    };
    std::map<std::string, Pending> storages;
    auto load = [&](Value *pid) -> Value * {
        if (pid->t == Value::T::Tuple && !pid->items.empty() && pid->items[0]->t == Value::T::Str
            && pid->items[0]->s == "module") {
            // ("module", class, source file, source): a whole nn.Module.
            findings.moduleLike = true;
            if (pid->items.size() > 1 && pid->items[1]->t == Value::T::Global)
                findings.unknown(pid->items[1]->s);
            return pid->items.size() > 1 ? pid->items[1] : pid;
        }
        const StorageRef r = storageRef(pid, 5);
        if (pid->items.size() > 5 && pid->items[5]->t != Value::T::None)
            unsupported(QStringLiteral("a storage view from PyTorch before 1.0"));
        if (auto it = storages.find(r.key); it != storages.end())
            return it->second.value;
        const int64_t n = byteCount(r);
        if (uint64_t(n) > size - pos) // never more than the file could hold
            damaged(QStringLiteral("it is shorter than its tensors"));
        *savedOffCpu = *savedOffCpu || offCpu(r.location);
        at::Tensor data = at::empty({n}, at::kByte);
        Value *v = storageValue(arena, r, data.storage());
        storages.emplace(r.key, Pending{v, data});
        return v;
    };
    Value *root = next(load);
    findings.throwIfAny();
    const Value *keys = next({});
    if (keys->t != Value::T::List && keys->t != Value::T::Tuple)
        damaged(QStringLiteral("its storage list is missing"));
    for (const Value *k : keys->items) {
        if (k->t != Value::T::Str)
            damaged(QStringLiteral("its storage list holds something that is not a key"));
        auto it = storages.find(k->s);
        if (it == storages.end() || it->second.filled)
            damaged(QStringLiteral("its storage list names a storage twice or one it never used"));
        if (size - pos < 8)
            damaged(QStringLiteral("it ends before its tensors' values"));
        int64_t count = 0;
        for (int b = 0; b < 8; ++b)
            count |= int64_t(uint8_t(data[pos + size_t(b)])) << (8 * b);
        pos += 8;
        Pending &p = it->second;
        if (count != p.value->numel)
            damaged(QStringLiteral("a storage's size differs from the one its tensor names"));
        const size_t n = size_t(p.bytes.numel());
        if (n > size - pos)
            damaged(QStringLiteral("it ends before its tensors' values"));
        if (n > 0)
            std::memcpy(p.bytes.data_ptr<uint8_t>(), data + pos, n);
        pos += n;
        p.filled = true;
    }
    for (const auto &[key, p] : storages)
        if (!p.filled)
            damaged(QStringLiteral("it ends before its tensors' values"));
    return root;
}

// ---------------------------------------------------------------------------------------------
// From the object to cards: every tensor with its path, every other value listed.

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

class Walker
{
public:
    Walker(PtFile::Contents &out, const QString &base) : m_out(out), m_base(base) {}

    void walk(const Value *v, const QVariantList &keys, const QString &path, const QString &name, int depth);

private:
    bool hasTensor(const Value *v, int depth);
    void other(const QString &path, const QString &text)
    {
        if (m_out.others.size() < PtFile::kMaxOthers)
            m_out.others << QStringLiteral("%1 = %2").arg(path.isEmpty() ? m_base : path, text);
        ++m_out.otherCount;
    }

    static constexpr int kMaxDepth = 100;
    static constexpr size_t kMaxVisits = 4'000'000;
    static constexpr size_t kMaxTensors = 10'000;
    PtFile::Contents &m_out;
    QString m_base; // the file's name, for a value at the top
    std::map<const Value *, bool> m_hasTensor;
    std::set<const Value *> m_onPath;
    size_t m_visits = 0;
};

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

} // namespace

PtFile::Contents PtFile::read(const QByteArray &bytes, const QString &path)
{
    const QString base = PythonCode::identifier(QFileInfo(path).completeBaseName());
    if (bytes.isEmpty())
        refuse(Kind::Empty, QStringLiteral("The file has 0 bytes."));
    Contents out;
    Arena arena;
    Findings findings;
    const Value *root = nullptr;
    try {
        if (bytes.startsWith("PK\x03\x04") || bytes.startsWith("PK\x05\x06")) {
            bool torchScript = false;
            root = readZip(bytes, arena, findings, &out.savedOffCpu, &torchScript);
            if (torchScript) {
                // LibTorch's torch::save of one tensor; torch.jit.save's models are refused.
                at::Tensor t;
                try {
                    // From the bytes already read and size-checked, not the file again.
                    std::istringstream in(std::string(bytes.constData(), size_t(bytes.size())));
                    torch::load(t, in);
                } catch (const std::exception &e) {
                    refuse(Kind::TorchScript, QStringLiteral("The archive has constants.pkl, as torch.jit.save "
                                                             "writes it; as one tensor, LibTorch says: %1")
                                                  .arg(libtorchWords(e)));
                }
                out.tensors.push_back(Entry{{}, base, base, t});
                return out;
            }
        } else if (uint8_t(bytes.at(0)) == 0x80) {
            root = readLegacy(bytes, arena, findings, &out.savedOffCpu);
        } else if (bytes.size() > 262 && bytes.mid(257, 5) == "ustar") {
            unsupported(QStringLiteral("the tar format of PyTorch before 0.4 (load and save it again with a "
                                       "newer PyTorch)"));
        } else {
            refuse(Kind::NotTorch, QStringLiteral("It starts with the bytes %1; torch.save's zip archive starts "
                                                  "with 50 4b 03 04, its older format with 80.")
                                       .arg(QString::fromLatin1(bytes.left(8).toHex(' '))));
        }
    } catch (const Refused &r) {
        // A class only Python can rebuild says more than what broke after it.
        if (r.kind == Kind::Damaged || r.kind == Kind::Unsupported)
            findings.throwIfAny();
        throw;
    } catch (const std::exception &e) {
        findings.throwIfAny();
        damaged(libtorchWords(e));
    }
    findings.throwIfAny();
    Walker walker(out, base);
    if (root->t == Value::T::List || root->t == Value::T::Tuple)
        walker.walk(root, {}, base, base, 0);
    else
        walker.walk(root, {}, root->t == Value::T::Dict ? QString() : base,
                    root->t == Value::T::Dict ? QString() : base, 0);
    return out;
}

std::vector<char> PtFile::write(const at::Tensor &t)
{
    return torch::pickle_save(c10::IValue(t.to(torch::kCPU).contiguous()));
}

} // namespace tk
