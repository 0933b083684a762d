#pragma once

#include "core/watch/watchkeptcodec.h"

#include <QHash>
#include <QList>
#include <QMultiHash>
#include <iterator>

namespace tk {

// What a watched program keeps of its moves, steps, data waits or calls (up to
// WatchedProgram::kMaxKept each), held compactly: each element as a small row of the figures
// that change from one to the next (when, how long, how much), and what its call site repeats
// (file, line, names, devices, dtype, shape) once per distinct site. A long recording's 100,000
// moves held ~400 bytes each as MoveReports; as rows they are 24. Read it as a list whose
// elements are values: at(), a range-for, first()/last() give each element whole, as it was
// appended. Nothing is approximated: an element whose figures a row cannot hold exactly (a
// duration that is not a whole number of microseconds, a count past 2^31, a DDP rank's step) is
// kept whole beside the rows.
//
// Appending and removing from the front are cheap (a QList of plain rows: it grows by moving its
// memory, and drops its front by moving its start); sites no longer used are given back, so a
// long run with ever-new sites holds only those its kept elements use.
template<typename T> class WatchKept
{
public:
    using Codec = WatchKeptCodec<T>;
    using Row = typename Codec::Row;

    // Random access. *it is a whole T, made from its row into the iterator's own element and
    // valid until the iterator moves: while one call site's elements follow each other (a
    // loop's), only the row's figures are written, so a findings read over 100,000 kept
    // elements copies no strings.
    class const_iterator
    {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = qsizetype;
        using pointer = const T *;
        using reference = const T &;

        const_iterator() = default;
        const_iterator(const WatchKept *kept, qsizetype i) : m_kept(kept), m_i(i) { }
        const T &operator*() const
        {
            m_kept->fill(m_i, m_value, m_site);
            return m_value;
        }
        const T *operator->() const { return &**this; }
        T operator[](difference_type n) const { return m_kept->at(m_i + n); }
        const_iterator &operator++()
        {
            ++m_i;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator was = *this;
            ++m_i;
            return was;
        }
        const_iterator &operator--()
        {
            --m_i;
            return *this;
        }
        const_iterator operator--(int)
        {
            const_iterator was = *this;
            --m_i;
            return was;
        }
        const_iterator &operator+=(difference_type n)
        {
            m_i += n;
            return *this;
        }
        const_iterator &operator-=(difference_type n)
        {
            m_i -= n;
            return *this;
        }
        const_iterator operator+(difference_type n) const { return {m_kept, m_i + n}; }
        const_iterator operator-(difference_type n) const { return {m_kept, m_i - n}; }
        difference_type operator-(const const_iterator &o) const { return m_i - o.m_i; }
        bool operator==(const const_iterator &o) const { return m_i == o.m_i; }
        bool operator!=(const const_iterator &o) const { return m_i != o.m_i; }
        bool operator<(const const_iterator &o) const { return m_i < o.m_i; }
        bool operator>(const const_iterator &o) const { return m_i > o.m_i; }
        bool operator<=(const const_iterator &o) const { return m_i <= o.m_i; }
        bool operator>=(const const_iterator &o) const { return m_i >= o.m_i; }

    private:
        const WatchKept *m_kept = nullptr;
        qsizetype m_i = 0;
        mutable T m_value;
        mutable qint32 m_site = -1; // the site m_value holds; -1: none
    };

    qsizetype size() const { return m_rows.size(); }
    qsizetype count() const { return size(); }
    bool isEmpty() const { return m_rows.isEmpty(); }
    T at(qsizetype i) const
    {
        T value;
        qint32 site = -1;
        fill(i, value, site);
        return value;
    }
    T operator[](qsizetype i) const { return at(i); }
    T first() const { return at(0); }
    T last() const { return at(size() - 1); }
    T constFirst() const { return first(); }
    T constLast() const { return last(); }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }
    QList<T> mid(qsizetype pos, qsizetype length = -1) const
    {
        const qsizetype stop = length < 0 ? size() : qMin(size(), pos + length);
        QList<T> out;
        out.reserve(qMax<qsizetype>(0, stop - pos));
        for (qsizetype i = pos; i < stop; ++i)
            out.append(at(i));
        return out;
    }
    QList<T> toList() const { return mid(0); }
    // Distinct call sites the kept elements use (what the rows share).
    qsizetype siteCount() const { return m_sites.size() - m_freeSites.size(); }
    // Elements kept whole beside the rows (their figures did not fit a row exactly).
    qsizetype wholeCount() const { return m_whole.size(); }

    void append(const T &value)
    {
        Row row{};
        place(value, row, m_removed + size());
        m_rows.append(row);
    }
    void append(const QList<T> &values)
    {
        for (const T &v : values)
            append(v);
    }
    void replace(qsizetype i, const T &value)
    {
        Row &row = m_rows[i];
        release(row, m_removed + i);
        row = Row{};
        place(value, row, m_removed + i);
    }
    void removeFirst(qsizetype n)
    {
        n = qMin(n, size());
        for (qsizetype k = 0; k < n; ++k)
            release(m_rows.at(k), m_removed + k);
        m_rows.remove(0, n);
        m_removed += n;
    }
    void clear() { removeFirst(size()); }

private:
    // Element i into `value`, which holds site `site` already (-1: none): only the row's figures
    // are written when it does.
    void fill(qsizetype i, T &value, qint32 &site) const
    {
        const Row &row = m_rows.at(i);
        if (row.site < 0) {
            value = m_whole.value(m_removed + i);
            site = -1;
            return;
        }
        if (row.site != site) {
            value = m_sites.at(row.site);
            site = row.site;
        }
        Codec::fill(row, m_removed + i, value);
    }
    // Fills `row` (site < 0: the value is kept whole, under `index`).
    void place(const T &value, Row &row, qint64 index)
    {
        if (Codec::pack(value, index, row)) {
            row.site = intern(Codec::site(value));
        } else {
            row.site = -1;
            m_whole.insert(index, value);
        }
    }
    void release(const Row &row, qint64 index)
    {
        if (row.site < 0) {
            m_whole.remove(index);
            return;
        }
        if (--m_siteUses[row.site] > 0)
            return;
        m_siteByHash.remove(Codec::hash(m_sites.at(row.site)), row.site);
        m_sites[row.site] = T{};
        m_freeSites.append(row.site);
    }
    qint32 intern(const T &site)
    {
        const size_t h = Codec::hash(site);
        for (auto it = m_siteByHash.constFind(h); it != m_siteByHash.cend() && it.key() == h; ++it) {
            if (Codec::same(m_sites.at(*it), site)) {
                ++m_siteUses[*it];
                return *it;
            }
        }
        qint32 i;
        if (!m_freeSites.isEmpty()) {
            i = m_freeSites.takeLast();
            m_sites[i] = site;
            m_siteUses[i] = 1;
        } else {
            i = qint32(m_sites.size());
            m_sites.append(site);
            m_siteUses.append(1);
        }
        m_siteByHash.insert(h, i);
        return i;
    }

    QList<Row> m_rows;
    qint64 m_removed = 0; // rows removed from the front: m_rows[i] is the (m_removed + i)-th appended
    QHash<qint64, T> m_whole; // the elements no row holds, by that count
    QList<T> m_sites; // each distinct call site once (the element less its row's figures)
    QList<qint64> m_siteUses; // rows using each site; 0: free
    QList<qint32> m_freeSites;
    QMultiHash<size_t, qint32> m_siteByHash;
};

} // namespace tk
