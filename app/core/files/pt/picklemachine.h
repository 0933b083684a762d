#pragma once
// Core-internal: includes torch.

#include "core/files/pt/picklerebuilder.h"
#include "core/files/pt/picklevalue.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tk::pickle {

// A pickle machine for what torch.save writes (protocol 2, and the opcodes of 0 to 5 that can
// appear around plain data): the opcodes, the stack, the marks and the memo. It never imports
// or calls anything: GLOBAL and REDUCE go to its Rebuilder.

class Machine
{
public:
    using PersistentLoad = std::function<Value *(Value *pid)>;

    Machine(const char *data, size_t size, Arena &arena, Findings &findings, PersistentLoad load)
        : m_p(data), m_begin(data), m_end(data + size), m_arena(arena), m_rebuild(arena, findings),
          m_load(std::move(load))
    { }

    // Runs one pickle to its STOP. consumed() then says how many bytes it took.
    Value *run();
    size_t consumed() const { return size_t(m_p - m_begin); }

    // A pickle read from a file as it goes: when the bytes run out, `refill` is asked for
    // `needed` bytes from the pickle's start; it gives as many as the file has (the buffer's
    // new begin and end: it may move) and returns false when it could give none more.
    using Refill = std::function<bool(size_t needed, const char **begin, const char **end)>;
    void setRefill(Refill refill) { m_refill = std::move(refill); }

private:
    // Reading.
    void need(uint64_t n)
    {
        while (n > uint64_t(m_end - m_p)) {
            const size_t at = size_t(m_p - m_begin);
            if (!m_refill || n > uint64_t(SIZE_MAX - at) || !m_refill(at + size_t(n), &m_begin, &m_end))
                damaged(QStringLiteral("its pickle ends early"));
            m_p = m_begin + at;
        }
    }
    uint8_t u8()
    {
        need(1);
        return uint8_t(*m_p++);
    }
    template<typename I> I little(int bytes)
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
        // A line cut by the buffer's end: more of the file, up to 64 KiB of line.
        while (!nl && m_refill && m_end - m_p < 65536) {
            const size_t at = size_t(m_p - m_begin);
            if (!m_refill(size_t(m_end - m_begin) + 4096, &m_begin, &m_end))
                break;
            m_p = m_begin + at;
            nl = static_cast<const char *>(std::memchr(m_p, '\n', size_t(m_end - m_p)));
        }
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
    void setItems(Value *target, const std::vector<Value *> &kv);
    void appendItems(Value *target, const std::vector<Value *> &items);

    const char *m_p;
    const char *m_begin;
    const char *m_end;
    Refill m_refill;
    Arena &m_arena;
    Rebuilder m_rebuild; // GLOBAL and REDUCE: what names and calls become
    PersistentLoad m_load;
    std::vector<Value *> m_stack;
    std::vector<size_t> m_marks;
    std::unordered_map<uint64_t, Value *> m_memo;
};

} // namespace tk::pickle
