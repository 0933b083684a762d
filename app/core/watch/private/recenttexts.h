#pragma once

#include <QString>
#include <QtGlobal>

namespace tk {

// A value found for a text lately, known by the text's buffer address, not by hashing the text:
// a window's events are copies of their site's message and share its buffers, so the same few
// buffers come again and again (opening a long recording hashed ~20 million texts). Each entry
// holds its text, so no other text can take that buffer's address while it is here. One entry
// per slot, picked by the address.
template<typename Value> class RecentTexts
{
public:
    const Value *find(const QString &text) const
    {
        const Entry &e = m_entries[slotOf(text.constData())];
        return e.held && e.text.constData() == text.constData() && e.text.size() == text.size() ? &e.value : nullptr;
    }
    void remember(const QString &text, const Value &value)
    {
        m_entries[slotOf(text.constData())] = Entry{text, value, true};
    }

    static constexpr int kSlots = 256;
    // Fibonacci hashing of the address: its top 8 bits (buffers lie 16 or more bytes apart).
    static int slotOf(const void *address) { return int((quint64(quintptr(address)) * 0x9E3779B97F4A7C15ull) >> 56); }

private:
    struct Entry
    {
        QString text;
        Value value{};
        bool held = false;
    };
    Entry m_entries[kSlots];
};

} // namespace tk
