#pragma once

#include "core/kitchen/movereport.h"
#include "core/watch/watchcall.h"
#include "core/watch/watchdatawait.h"
#include "core/watch/watchstep.h"

#include <QtGlobal>

namespace tk {

// How WatchKept holds each kind of element: its Row (the figures that change from one element
// to the next, and `site`, the index of what its call site repeats), and
//   site(v)      v less its row's figures: what elements of one call site share;
//   hash, same   to find a site already held (same() compares every field a site keeps);
//   pack(v, i, row) the row's figures (i: the element's index among all ever appended), or false
//                when a row cannot hold them exactly;
//   fill(row, i, v) the row's figures into v, a copy of the row's site (or of an element of
//                the same site: fill() writes every figure pack() reads).
// Durations are held as whole microseconds, as the protocol's windows send them; any other
// value makes pack() refuse, and the element is kept whole.
template<typename T> struct WatchKeptCodec;

template<> struct WatchKeptCodec<MoveReport>
{
    struct Row
    {
        double at;
        qint32 idOffset; // the id less the move's index among all kept: constant while ids run on
        qint32 micros; // -1: not timed yet
        qint32 step;
        qint32 site;
    };
    static MoveReport site(const MoveReport &m);
    static size_t hash(const MoveReport &site);
    static bool same(const MoveReport &a, const MoveReport &b);
    static bool pack(const MoveReport &m, qint64 index, Row &row);
    static void fill(const Row &row, qint64 index, MoveReport &value);
};

template<> struct WatchKeptCodec<WatchStep>
{
    struct Row
    {
        double at;
        qint32 n;
        qint32 micros;
        qint32 waitMicros;
        qint32 copyMicros;
        qint32 gpuIdleMicros;
        qint32 moves;
        qint32 bytes;
        qint32 site;
    };
    static WatchStep site(const WatchStep &s);
    static size_t hash(const WatchStep &site);
    static bool same(const WatchStep &a, const WatchStep &b);
    static bool pack(const WatchStep &s, qint64 index, Row &row);
    static void fill(const Row &row, qint64 index, WatchStep &value);
};

template<> struct WatchKeptCodec<WatchDataWait>
{
    struct Row
    {
        double at;
        qint32 micros;
        qint32 batch;
        qint32 step;
        qint32 site;
    };
    static WatchDataWait site(const WatchDataWait &w);
    static size_t hash(const WatchDataWait &site);
    static bool same(const WatchDataWait &a, const WatchDataWait &b);
    static bool pack(const WatchDataWait &w, qint64 index, Row &row);
    static void fill(const Row &row, qint64 index, WatchDataWait &value);
};

template<> struct WatchKeptCodec<WatchCall>
{
    struct Row
    {
        double at;
        qint32 step;
        qint32 count;
        qint32 micros;
        qint32 site;
    };
    static WatchCall site(const WatchCall &c);
    static size_t hash(const WatchCall &site);
    static bool same(const WatchCall &a, const WatchCall &b);
    static bool pack(const WatchCall &c, qint64 index, Row &row);
    static void fill(const Row &row, qint64 index, WatchCall &value);
};

} // namespace tk
