#include "core/cards/private/tensorsummary.h"

#include "core/kitchen/tensorspec.h"
#include "core/cards/private/summarypass.h"
#include "core/devices/private/torchutil.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace tk {

QString TensorSummary::formatNumber(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (v == 0)
        return QStringLiteral("0.");
    const double a = std::fabs(v);
    if (a >= 1e-4 && a < 1e4)
        return QString::number(v, 'f', 3);
    return QString::number(v, 'e', 3);
}

QString TensorSummary::dtypeShort(const QString &dtype)
{
    if (dtype == QLatin1String("float64"))
        return QStringLiteral("f64");
    if (dtype == QLatin1String("float16"))
        return QStringLiteral("f16");
    if (dtype == QLatin1String("bfloat16"))
        return QStringLiteral("bf16");
    if (dtype == QLatin1String("int64"))
        return QStringLiteral("i64");
    return dtype;
}

void TensorSummary::fillLayout(CardInfo &card, const at::Tensor &t)
{
    card.device = torchutil::deviceId(t.device());
    card.dtype = torchutil::dtypeName(t.scalar_type());
    card.shape.clear();
    for (int64_t s : t.sizes())
        card.shape.append(s);
    card.numel = t.numel();
    card.bytes = t.numel() * static_cast<qint64>(t.element_size());
    card.storageBytes = t.storage().nbytes();
    card.hasStats = false;
    card.hasNan = card.hasPosInf = card.hasNegInf = false;
    card.heat.clear();
    card.heatRows = card.heatCols = 0;
}

void TensorSummary::fill(CardInfo &card, const at::Tensor &t, const SummaryPass::Stream *values)
{
    fillLayout(card, t);
    card.summaryPending = false;
    // Large checkpoints are mostly float tensors: one pass and no temporaries for those.
    if (values && t.numel() > 0)
        values->finish(card);
    else if (!t.is_meta() && t.numel() > 0 && !SummaryPass::fill(card, t)) {
        fillStats(card, t);
        if (card.hasStats)
            fillHeat(card, t);
    }
    fillLine(card, t);
}

void TensorSummary::fillPending(CardInfo &card, const at::Tensor &t)
{
    fillLayout(card, t);
    // Nothing to wait for without values (meta) or elements.
    card.summaryPending = !t.is_meta() && t.numel() > 0;
    fillLine(card, t);
}

void TensorSummary::fillLine(CardInfo &card, const at::Tensor &t)
{
    QStringList parts;
    parts << QStringLiteral("tensor[%1]").arg(TensorSpec::shapeText(card.shape))
          << QStringLiteral("n=%1").arg(card.numel)
          << QStringLiteral("(%1)").arg(QLocale().formattedDataSize(card.bytes, 1, QLocale::DataSizeIecFormat));
    if (card.summaryPending) {
        parts << QStringLiteral("…"); // the statistics follow
    } else if (card.hasStats) {
        if (card.dtype == QLatin1String("bool")) {
            parts << QStringLiteral("true=%1").arg(qRound64(card.mean * card.numel));
        } else {
            parts << QStringLiteral("x∈[%1, %2]").arg(formatNumber(card.min), formatNumber(card.max))
                  << QStringLiteral("μ=%1").arg(formatNumber(card.mean));
            if (card.numel > 1 && !std::isnan(card.std))
                parts << QStringLiteral("σ=%1").arg(formatNumber(card.std));
        }
    } else if (t.is_meta()) {
        parts << QCoreApplication::translate("TensorSummary", "meta (no values)");
    } else if (card.numel == 0) {
        parts << QCoreApplication::translate("TensorSummary", "empty");
    }
    if (card.hasNan)
        parts << QStringLiteral("NaN!");
    if (card.hasPosInf)
        parts << QStringLiteral("+Inf!");
    if (card.hasNegInf)
        parts << QStringLiteral("-Inf!");
    if (card.dtype != QLatin1String("float32"))
        parts << dtypeShort(card.dtype);
    if (!t.is_meta())
        parts << card.device;
    card.summary = parts.join(QLatin1Char(' '));
}

void TensorSummary::fillStats(CardInfo &card, const at::Tensor &t)
{
    torch::NoGradGuard noGrad;
    // Half types are summarised in float32; float64 keeps its precision.
    at::Tensor f = t.scalar_type() == torch::kFloat64 ? t : t.to(torch::kFloat32);
    if (t.is_floating_point()) {
        card.hasNan = at::isnan(f).any().item<bool>();
        card.hasPosInf = at::isposinf(f).any().item<bool>();
        card.hasNegInf = at::isneginf(f).any().item<bool>();
        if (card.hasNan || card.hasPosInf || card.hasNegInf)
            f = f.masked_select(at::isfinite(f)); // lovely-tensors: stats over finite values
    }
    if (f.numel() == 0)
        return;
    const auto minmax = at::aminmax(f);
    card.min = std::get<0>(minmax).item<double>();
    card.max = std::get<1>(minmax).item<double>();
    card.mean = f.mean(torch::kFloat64).item<double>();
    card.std = f.numel() > 1 ? f.std().item<double>() : std::nan("");
    card.hasStats = true;
}

void TensorSummary::fillHeat(CardInfo &card, const at::Tensor &t)
{
    torch::NoGradGuard noGrad;
    // View as a matrix: last dimension across, everything else down.
    at::Tensor m = t.dim() == 0 ? t.reshape({1, 1})
        : t.dim() == 1          ? t.reshape({1, t.size(0)})
                                : t.reshape({-1, t.size(-1)});
    m = m.to(torch::kFloat32);
    m = at::nan_to_num(m, std::nan(""), card.max, card.min); // keep NaN, clamp ±Inf to range
    const int rows = static_cast<int>(std::min<int64_t>(m.size(0), kHeatSide));
    const int cols = static_cast<int>(std::min<int64_t>(m.size(1), kHeatSide));
    // adaptive_avg_pool2d averages blocks; NaN inside a block keeps that cell marked.
    at::Tensor pooled = at::adaptive_avg_pool2d(m.unsqueeze(0), {rows, cols}).squeeze(0).to(torch::kCPU).contiguous();
    const double lo = card.min, hi = card.max;
    const double span = hi > lo ? hi - lo : 1.0;
    card.heatRows = rows;
    card.heatCols = cols;
    card.heat.resize(rows * cols);
    const float *p = pooled.data_ptr<float>();
    for (int i = 0; i < rows * cols; ++i)
        card.heat[i] = std::isnan(p[i]) ? std::nanf("") : float((p[i] - lo) / span);
    if (!(hi > lo))
        std::fill(card.heat.begin(), card.heat.end(), 0.5f); // constant tensor: one colour
}

} // namespace tk
