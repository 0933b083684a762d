#pragma once

// The summary pass's arithmetic: one pass over a contiguous run of values gives their sum and
// sum of squares (of x - shift), min, max and the count of each kind of value, in lanes the
// compiler vectorises; half types are widened a block at a time. Header-only templates, used by
// summarypass.cpp for every dtype it takes.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace tk::valuesums {

// What one stretch of values adds up to. Sums are of x - shift (one shift for the whole
// tensor): the variance from sums of squares then loses little to cancellation.
struct Sums
{
    double sum = 0, sumSq = 0;
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    int64_t finite = 0, nan = 0, posInf = 0, negInf = 0;

    void add(const Sums &o)
    {
        sum += o.sum;
        sumSq += o.sumSq;
        min = std::min(min, o.min);
        max = std::max(max, o.max);
        finite += o.finite;
        nan += o.nan;
        posInf += o.posInf;
        negInf += o.negInf;
    }
};

template<typename T> using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;

// One value at a time, classifying each: for stretches that hold NaN or ±Inf.
template<typename T> void scanSlow(const T *p, int64_t n, double shift, Sums &s)
{
    for (int64_t i = 0; i < n; ++i) {
        const double x = double(static_cast<Acc<T>>(p[i]));
        if (std::isnan(x)) {
            ++s.nan;
        } else if (std::isinf(x)) {
            ++(x > 0 ? s.posInf : s.negInf);
        } else {
            const double d = x - shift;
            s.sum += d;
            s.sumSq += d * d;
            s.min = std::min(s.min, x);
            s.max = std::max(s.max, x);
            ++s.finite;
        }
    }
}

// The common case, all values finite, in vector registers (GCC's and Clang's vector types;
// plain loops for other compilers): sums, squares and
// extremes of `n` values, n a multiple of the lane count. False, and `s` untouched, when a
// value is NaN or ±Inf (x - x is then not 0): the caller reads those values one by one.
#if defined(__GNUC__)
// 16 bytes, as SSE2 (every x86-64) and NEON hold them; the attribute must name a type, not a
// template parameter: one vector type per lane type.
typedef float FloatLanes __attribute__((vector_size(16)));
typedef double DoubleLanes __attribute__((vector_size(16)));
template<typename A> struct LanesOf;
template<> struct LanesOf<float>
{
    using V = FloatLanes;
};
template<> struct LanesOf<double>
{
    using V = DoubleLanes;
};

template<typename A> bool scanFinite(const A *q, int64_t n, A shift, Sums &s)
{
    using V = typename LanesOf<A>::V;
    constexpr int kLanes = int(sizeof(V) / sizeof(A));
    const V zero = {};
    const V sh = zero + shift;
    const V inf = zero + std::numeric_limits<A>::infinity();
    // Two sets of accumulators: the additions of one do not wait for the other's.
    V sum0 = zero, sum1 = zero, sq0 = zero, sq1 = zero, lo0 = inf, lo1 = inf, hi0 = -inf, hi1 = -inf;
    V bad = zero;
    for (int64_t i = 0; i < n; i += 2 * kLanes) {
        V x0, x1;
        std::memcpy(&x0, q + i, sizeof x0);
        std::memcpy(&x1, q + i + kLanes, sizeof x1);
        const V d0 = x0 - sh, d1 = x1 - sh;
        sum0 += d0;
        sum1 += d1;
        sq0 += d0 * d0;
        sq1 += d1 * d1;
        lo0 = x0 < lo0 ? x0 : lo0;
        lo1 = x1 < lo1 ? x1 : lo1;
        hi0 = x0 > hi0 ? x0 : hi0;
        hi1 = x1 > hi1 ? x1 : hi1;
        bad += (x0 - x0) + (x1 - x1); // 0 while finite; NaN from the first NaN or ±Inf on
    }
    const V sum = sum0 + sum1, sq = sq0 + sq1, lo = lo0 < lo1 ? lo0 : lo1, hi = hi0 > hi1 ? hi0 : hi1;
    A lanes[5][kLanes];
    std::memcpy(lanes[0], &sum, sizeof sum);
    std::memcpy(lanes[1], &sq, sizeof sq);
    std::memcpy(lanes[2], &lo, sizeof lo);
    std::memcpy(lanes[3], &hi, sizeof hi);
    std::memcpy(lanes[4], &bad, sizeof bad);
    for (int k = 0; k < kLanes; ++k)
        if (lanes[4][k] != 0)
            return false;
    for (int k = 0; k < kLanes; ++k) {
        s.sum += double(lanes[0][k]);
        s.sumSq += double(lanes[1][k]);
        s.min = std::min(s.min, double(lanes[2][k]));
        s.max = std::max(s.max, double(lanes[3][k]));
    }
    s.finite += n;
    return true;
}
constexpr int64_t kLaneBlock = 8; // n's multiple for scanFinite: two vectors of floats, four of doubles
#else
template<typename A> bool scanFinite(const A *q, int64_t n, A shift, Sums &s)
{
    Sums c;
    scanSlow(q, n, double(shift), c);
    if (c.nan || c.posInf || c.negInf)
        return false;
    s.add(c);
    return true;
}
constexpr int64_t kLaneBlock = 1;
#endif

// Values in blocks of at most kChunk, so that float lanes sum few enough values to keep about
// float's precision before they go into the double sums. Half types are widened to float
// a block at a time first.
template<typename T> void scan(const T *p, int64_t n, double shift, Sums &s)
{
    using A = Acc<T>;
    constexpr int64_t kChunk = 1024;
    A widened[std::is_same_v<T, A> ? 1 : kChunk];
    for (int64_t at = 0; at < n; at += kChunk) {
        const int64_t len = std::min(kChunk, n - at);
        const A *q;
        if constexpr (std::is_same_v<T, A>) {
            q = p + at;
        } else {
            for (int64_t i = 0; i < len; ++i)
                widened[i] = static_cast<A>(p[at + i]);
            q = widened;
        }
        const int64_t whole = len / kLaneBlock * kLaneBlock;
        if (!scanFinite(q, whole, A(shift), s)) {
            scanSlow(q, len, shift, s);
            continue;
        }
        scanSlow(q + whole, len - whole, shift, s); // the last few values
    }
}

// The sum of x - shift over `n` finite values: the heat map's share of a row already scanned.
template<typename T> double sumShifted(const T *p, int64_t n, double shift)
{
    using A = Acc<T>;
    constexpr int64_t kChunk = 1024;
    double total = 0;
    for (int64_t at = 0; at < n; at += kChunk) {
        const int64_t len = std::min(kChunk, n - at);
#if defined(__GNUC__)
        using V = typename LanesOf<A>::V;
        constexpr int kLanes = int(sizeof(V) / sizeof(A));
        const V zero = {};
        const V sh = zero + A(shift);
        V sum = zero;
        int64_t i = 0;
        for (; i + kLanes <= len; i += kLanes) {
            A x[kLanes];
            for (int k = 0; k < kLanes; ++k)
                x[k] = static_cast<A>(p[at + i + k]);
            V v;
            std::memcpy(&v, x, sizeof v);
            sum += v - sh;
        }
        A lanes[kLanes];
        std::memcpy(lanes, &sum, sizeof sum);
        for (int k = 0; k < kLanes; ++k)
            total += double(lanes[k]);
#else
        int64_t i = 0;
#endif
        for (; i < len; ++i)
            total += double(static_cast<A>(p[at + i])) - shift;
    }
    return total;
}

} // namespace tk::valuesums
