#pragma once
// Core-internal: includes torch.

#include "core/files/pt/ptfile.h"

#include <algorithm>
#include <QString>
#include <cstdint>
#include <deque>
#include <string>
#include <torch/types.h>
#include <vector>

namespace tk::pickle {

using Kind = PtFile::Refused::Kind;

[[noreturn]] inline void refuse(Kind k, const QString &detail = {}) { throw PtFile::Refused(k, detail); }
[[noreturn]] inline void damaged(const QString &what) { refuse(Kind::Damaged, what); }
[[noreturn]] inline void unsupported(const QString &what) { refuse(Kind::Unsupported, what); }

// What a pickle builds. Only plain data and tensors: a class we do not know becomes an Object
// that is never constructed, a placeholder holding what the pickle gave it (its call's
// arguments, BUILD's state, a dict or list subclass's items) as data. numpy arrays and scalars
// become tensors (what torch.from_numpy gives) and a whole nn.Module is walked by its state.

struct Value
{
    enum class T {
        None,
        Bool,
        Int,
        BigInt,
        Float,
        Complex,
        Str,
        Bytes,
        Tuple,
        List,
        Dict,
        Set,
        Tensor,
        Storage,
        Global,
        Object,
        Device,
    };
    T t = T::None;
    bool b = false;
    int64_t i = 0;
    double f = 0, im = 0;
    // Str and Bytes: the bytes (UTF-8 for Str); BigInt: little-endian two's complement;
    // Global and Object: "module.name"; Device: "cuda:0".
    std::string s;
    std::vector<Value *> items; // Tuple, List, Set; Dict: key, value, key, value, … in order
    at::Tensor tensor; // Tensor
    at::Storage storage; // Storage (untyped bytes)
    at::ScalarType dtype = at::kByte; // Storage: its element type
    int64_t numel = 0; // Storage: elements of dtype
    std::string module, name; // Global
    // Object: the arguments of the call that made it, BUILD's state, and the items a dict or
    // list subclass was given (SETITEMS pairs in `items`, APPENDS in `listItems`).
    Value *args = nullptr;
    Value *state = nullptr;
    std::vector<Value *> listItems;
    // Tensor: made from a numpy array (1; 3 stored big-endian) or scalar (2), as
    // torch.from_numpy / torch.tensor make it.
    int numpy = 0;
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

// Whether Python's torch.load(weights_only=False) may meet `qualified` ("module.name") without
// running a stranger's code: torch's own types and tensor rebuilders, torch.nn's modules,
// collections' containers, numpy's arrays, the builtins' plain types (pickleglobals.cpp).
bool allowedInPython(const std::string &qualified);

// Python classes a file names that only Python can construct: their objects are placeholders,
// said in the load's notice. In the order the pickle names them (outermost first).
struct Findings
{
    std::vector<std::string> unknowns;
    // Those outside allowedInPython (the first 8): a Python line that loads the file with
    // weights_only=False would import and run them.
    std::vector<std::string> unsafe;
    void unknown(const std::string &qualified)
    {
        if (!allowedInPython(qualified) && unsafe.size() < 8
            && std::find(unsafe.begin(), unsafe.end(), qualified) == unsafe.end())
            unsafe.push_back(qualified);
        for (const std::string &u : unknowns)
            if (u == qualified)
                return;
        if (unknowns.size() < 64)
            unknowns.push_back(qualified);
    }
};

} // namespace tk::pickle
