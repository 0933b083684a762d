#include "core/cards/private/summarypass.h"

#include "core/cards/private/valuesums.h"

#include <ATen/Parallel.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

namespace tk {

namespace {

using valuesums::Acc;
using valuesums::scan;
using valuesums::Sums;
using valuesums::sumShifted;

// Adaptive average pooling's windows: cell i covers [floor(i·n/cells), ceil((i+1)·n/cells)).
int64_t windowStart(int64_t i, int64_t n, int64_t cells) { return i * n / cells; }
int64_t windowEnd(int64_t i, int64_t n, int64_t cells) { return ((i + 1) * n + cells - 1) / cells; }

struct Layout
{
    int64_t rows = 1, cols = 1; // the 2-D view: last dimension across, the rest down
    int cellRows = 1, cellCols = 1; // the heat map
    std::vector<int64_t> cuts; // column pieces: every window's start and end, in order
    std::vector<int> firstPiece, endPiece; // cell column j = pieces [firstPiece, endPiece)
};

Layout layoutOf(const at::Tensor &t)
{
    Layout l;
    if (t.dim() == 1) {
        l.cols = t.size(0);
    } else if (t.dim() >= 2) {
        l.cols = t.size(-1);
        l.rows = t.numel() / l.cols;
    }
    l.cellRows = int(std::min<int64_t>(l.rows, SummaryPass::kSide));
    l.cellCols = int(std::min<int64_t>(l.cols, SummaryPass::kSide));
    for (int j = 0; j < l.cellCols; ++j) {
        l.cuts.push_back(windowStart(j, l.cols, l.cellCols));
        l.cuts.push_back(windowEnd(j, l.cols, l.cellCols));
    }
    std::sort(l.cuts.begin(), l.cuts.end());
    l.cuts.erase(std::unique(l.cuts.begin(), l.cuts.end()), l.cuts.end());
    auto index = [&](int64_t c) { return int(std::lower_bound(l.cuts.begin(), l.cuts.end(), c) - l.cuts.begin()); };
    for (int j = 0; j < l.cellCols; ++j) {
        l.firstPiece.push_back(index(windowStart(j, l.cols, l.cellCols)));
        l.endPiece.push_back(index(windowEnd(j, l.cols, l.cellCols)));
    }
    return l;
}

// Values in order from row `row` on: the sums of the whole, and what they add to each cell.
struct Cursor
{
    Cursor(const Layout &layout, int64_t firstRow, double sh)
        : l(&layout), row(firstRow), shift(sh), piece(layout.cuts.size() - 1),
          cells(size_t(layout.cellRows) * size_t(layout.cellCols))
    { }

    template<typename T> void feed(const T *p, int64_t count)
    {
        // Rows of short pieces (a 1024-wide matrix: 32 values each), whole in this feed, are
        // scanned as one stretch and then only summed per piece, while they are in the cache.
        const bool shortPieces = l->cols < 256 * int64_t(piece.size());
        while (count > 0 && row < l->rows) {
            if (shortPieces && col == 0 && count >= l->cols) {
                wholeRow(p);
                p += l->cols;
                count -= l->cols;
                continue;
            }
            const int64_t end = l->cuts[k + 1];
            const int64_t len = std::min(count, end - col);
            scan(p, len, shift, piece[k]);
            p += len;
            count -= len;
            col += len;
            if (col == end && ++k == piece.size())
                endRow(true);
        }
    }

    template<typename T> void wholeRow(const T *p)
    {
        Sums r;
        scan(p, l->cols, shift, r);
        const bool finite = r.nan == 0 && r.posInf == 0 && r.negInf == 0;
        for (size_t j = 0; j < piece.size(); ++j) {
            const int64_t begin = l->cuts[j], len = l->cuts[j + 1] - begin;
            if (finite) {
                piece[j].sum = sumShifted(p + begin, len, shift);
                piece[j].finite = len;
            } else {
                scanSlow(p + begin, len, shift, piece[j]);
            }
        }
        total.add(r);
        endRow(false);
    }

    // Row `row` is whole: its pieces go into the total (unless counted there already) and
    // into the one, two or three cell rows whose window holds it.
    void endRow(bool addToTotal)
    {
        if (addToTotal)
            for (const Sums &s : piece)
                total.add(s);
        const int64_t guess = row * l->cellRows / l->rows;
        for (int64_t i = std::max<int64_t>(0, guess - 1); i <= std::min<int64_t>(l->cellRows - 1, guess + 1); ++i) {
            if (row < windowStart(i, l->rows, l->cellRows) || row >= windowEnd(i, l->rows, l->cellRows))
                continue;
            Sums *cellRow = cells.data() + i * l->cellCols;
            for (int j = 0; j < l->cellCols; ++j)
                for (int p = l->firstPiece[size_t(j)]; p < l->endPiece[size_t(j)]; ++p)
                    cellRow[j].add(piece[size_t(p)]);
        }
        std::fill(piece.begin(), piece.end(), Sums{});
        k = 0;
        col = 0;
        ++row;
    }

    const Layout *l;
    int64_t row;
    int64_t col = 0;
    size_t k = 0; // the piece `col` is in
    double shift;
    std::vector<Sums> piece; // this row's, so far
    Sums total;
    std::vector<Sums> cells;
};

// The card from the merged sums.
void finishCard(CardInfo &card, const Layout &l, double shift, const Sums &s, const std::vector<Sums> &cells)
{
    card.hasNan = s.nan > 0;
    card.hasPosInf = s.posInf > 0;
    card.hasNegInf = s.negInf > 0;
    if (s.finite == 0)
        return; // nothing finite: no statistics, no heat map (as TensorSummary)
    const double n = double(s.finite);
    card.min = s.min;
    card.max = s.max;
    // Mean may round outside [min, max] by an ulp; keep the line consistent.
    card.mean = std::clamp(shift + s.sum / n, card.min, card.max);
    card.std = s.finite > 1 ? std::sqrt(std::max(0.0, (s.sumSq - s.sum * s.sum / n) / (n - 1))) : std::nan("");
    card.hasStats = true;

    const double lo = card.min, hi = card.max;
    const double span = hi > lo ? hi - lo : 1.0;
    card.heatRows = l.cellRows;
    card.heatCols = l.cellCols;
    card.heat.resize(l.cellRows * l.cellCols);
    for (size_t c = 0; c < cells.size(); ++c) {
        const Sums &x = cells[c];
        const int64_t count = x.finite + x.nan + x.posInf + x.negInf;
        if (x.nan > 0 || count == 0) {
            card.heat[int(c)] = std::nanf("");
            continue;
        }
        const double sum = x.sum + shift * double(x.finite) + hi * double(x.posInf) + lo * double(x.negInf);
        card.heat[int(c)] = float((sum / double(count) - lo) / span);
    }
    if (!(hi > lo))
        std::fill(card.heat.begin(), card.heat.end(), 0.5f); // constant tensor: one colour
}

template<typename T> double shiftOf(const T *first)
{
    const double x = double(static_cast<Acc<T>>(*first));
    return std::isfinite(x) ? x : 0.0;
}

template<typename T> void summarise(CardInfo &card, const at::Tensor &t)
{
    const T *data = t.data_ptr<T>();
    const Layout l = layoutOf(t);
    const double shift = shiftOf(data);
    // Enough rows per thread to be worth a thread; a few parts per thread even out the load.
    const int64_t parts
        = std::clamp<int64_t>(t.numel() / (1 << 18), 1, std::min<int64_t>(l.rows, 4 * at::get_num_threads()));
    std::vector<Cursor> part;
    for (int64_t k = 0; k < parts; ++k)
        part.emplace_back(l, k * l.rows / parts, shift);
    at::parallel_for(0, parts, 1, [&](int64_t begin, int64_t end) {
        for (int64_t k = begin; k < end; ++k) {
            const int64_t rowEnd = (k + 1) * l.rows / parts;
            Cursor &c = part[size_t(k)];
            c.feed(data + c.row * l.cols, (rowEnd - c.row) * l.cols);
        }
    });
    Sums s;
    std::vector<Sums> cells(size_t(l.cellRows) * size_t(l.cellCols));
    for (const Cursor &p : part) { // in order: the same sums whatever the threads' timing
        s.add(p.total);
        for (size_t c = 0; c < cells.size(); ++c)
            cells[c].add(p.cells[c]);
    }
    finishCard(card, l, shift, s, cells);
}

} // namespace

bool SummaryPass::takes(const at::Tensor &t)
{
    if (!t.defined() || !t.device().is_cpu() || t.layout() != at::kStrided || !t.is_contiguous() || t.numel() == 0
        || !t.has_storage())
        return false;
    const at::ScalarType s = t.scalar_type();
    return s == at::kFloat || s == at::kDouble || s == at::kHalf || s == at::kBFloat16;
}

bool SummaryPass::fill(CardInfo &card, const at::Tensor &t)
{
    if (!takes(t))
        return false;
    switch (t.scalar_type()) {
    case at::kFloat:
        summarise<float>(card, t);
        break;
    case at::kDouble:
        summarise<double>(card, t);
        break;
    case at::kHalf:
        summarise<at::Half>(card, t);
        break;
    default:
        summarise<at::BFloat16>(card, t);
        break;
    }
    return true;
}

struct SummaryPass::Stream::State
{
    explicit State(const at::Tensor &t)
        : layout(layoutOf(t)), type(t.scalar_type()), item(t.element_size()),
          bytes(int64_t(t.numel()) * int64_t(t.element_size()))
    { }
    template<typename T> void feedTyped(const char *p, int64_t count)
    {
        if (!cursor)
            cursor.emplace(layout, 0, shiftOf(reinterpret_cast<const T *>(p)));
        cursor->feed(reinterpret_cast<const T *>(p), count);
    }
    void feedElements(const char *p, int64_t count)
    {
        if (count <= 0)
            return;
        switch (type) {
        case at::kFloat:
            feedTyped<float>(p, count);
            break;
        case at::kDouble:
            feedTyped<double>(p, count);
            break;
        case at::kHalf:
            feedTyped<at::Half>(p, count);
            break;
        default:
            feedTyped<at::BFloat16>(p, count);
            break;
        }
    }

    Layout layout;
    at::ScalarType type;
    int64_t item;
    int64_t bytes;
    int64_t fed = 0;
    char carry[8] = {}; // an element split between two pieces
    int64_t carried = 0;
    std::optional<Cursor> cursor;
};

SummaryPass::Stream::Stream(const at::Tensor &t) : d(std::make_unique<State>(t)) { }
SummaryPass::Stream::~Stream() = default;
SummaryPass::Stream::Stream(Stream &&) noexcept = default;

void SummaryPass::Stream::feed(const char *bytes, size_t n)
{
    int64_t left = std::min<int64_t>(int64_t(n), d->bytes - d->fed); // never past the tensor
    d->fed += left;
    if (d->carried > 0) {
        const int64_t take = std::min(left, d->item - d->carried);
        std::memcpy(d->carry + d->carried, bytes, size_t(take));
        d->carried += take;
        bytes += take;
        left -= take;
        if (d->carried < d->item)
            return;
        // The element is whole: through an aligned copy, as the pieces need not be aligned.
        alignas(8) char one[8];
        std::memcpy(one, d->carry, size_t(d->item));
        d->feedElements(one, 1);
        d->carried = 0;
    }
    const int64_t whole = left / d->item;
    if (reinterpret_cast<uintptr_t>(bytes) % uintptr_t(d->item) == 0) {
        d->feedElements(bytes, whole);
    } else { // unaligned pieces (never from a file read into its tensor): element by element
        for (int64_t i = 0; i < whole; ++i) {
            alignas(8) char one[8];
            std::memcpy(one, bytes + i * d->item, size_t(d->item));
            d->feedElements(one, 1);
        }
    }
    const int64_t rest = left - whole * d->item;
    std::memcpy(d->carry, bytes + whole * d->item, size_t(rest));
    d->carried = rest;
}

bool SummaryPass::Stream::complete() const { return d->fed == d->bytes && d->carried == 0; }

void SummaryPass::Stream::finish(CardInfo &card) const
{
    if (!d->cursor)
        return;
    finishCard(card, d->layout, d->cursor->shift, d->cursor->total, d->cursor->cells);
}

} // namespace tk
