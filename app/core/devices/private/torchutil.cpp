#include "core/devices/private/torchutil.h"

#include <QRegularExpression>
#include <torch/cuda.h>

namespace tk::torchutil {

namespace {
// PyTorch's names, both ways: cards show them and sessions store them, so every dtype a card
// can hold (a .pt file brings any of them) must read back.
const std::pair<c10::ScalarType, const char *> kDtypes[] = {
    {torch::kFloat32, "float32"},
    {torch::kFloat64, "float64"},
    {torch::kFloat16, "float16"},
    {torch::kBFloat16, "bfloat16"},
    {torch::kInt64, "int64"},
    {torch::kInt32, "int32"},
    {torch::kInt16, "int16"},
    {torch::kInt8, "int8"},
    {torch::kUInt8, "uint8"},
    {torch::kBool, "bool"},
    {torch::kComplexHalf, "complex32"},
    {torch::kComplexFloat, "complex64"},
    {torch::kComplexDouble, "complex128"},
};
} // namespace

std::optional<c10::ScalarType> dtypeFromName(const QString &name)
{
    for (const auto &[type, n] : kDtypes)
        if (name == QLatin1String(n))
            return type;
    return std::nullopt;
}

QString dtypeName(c10::ScalarType t)
{
    for (const auto &[type, n] : kDtypes)
        if (type == t)
            return QString::fromLatin1(n);
    return QString::fromLatin1(c10::toString(t)).toLower();
}

std::optional<c10::Device> parseDevice(const QString &id, QString *error)
{
    try {
        return c10::Device(id.trimmed().toStdString());
    } catch (const std::exception &) {
        if (error)
            *error = QStringLiteral("Unknown device “%1”: use cpu, cuda, cuda:N or meta.").arg(id);
        return std::nullopt;
    }
}

QString deviceId(const c10::Device &d) { return QString::fromStdString(d.str()); }

QString cleanMessage(const char *what)
{
    QString s = QString::fromUtf8(what);
    // LibTorch appends C++ context Python hides: "Exception raised from …" and a backtrace.
    static const QRegularExpression tail(QStringLiteral("\\n?Exception raised from .*$"),
                                         QRegularExpression::DotMatchesEverythingOption);
    s.remove(tail);
    return s.trimmed();
}

OpError fromException(std::exception_ptr e, const QStringList &devices, const QString &codeLine, QString *pythonType)
{
    OpError err;
    err.devices = devices;
    err.codeLine = codeLine;
    QString type = QStringLiteral("RuntimeError");
    try {
        std::rethrow_exception(e);
    } catch (const c10::OutOfMemoryError &x) { // before c10::Error: it derives from it
        err.message = cleanMessage(x.what_without_backtrace());
        err.kind = OpError::Kind::OutOfMemory;
        type = QStringLiteral("torch.cuda.OutOfMemoryError");
    } catch (const c10::IndexError &x) {
        err.message = cleanMessage(x.what_without_backtrace());
        type = QStringLiteral("IndexError");
    } catch (const c10::TypeError &x) {
        err.message = cleanMessage(x.what_without_backtrace());
        type = QStringLiteral("TypeError");
    } catch (const c10::ValueError &x) {
        err.message = cleanMessage(x.what_without_backtrace());
        type = QStringLiteral("ValueError");
    } catch (const c10::NotImplementedError &x) {
        err.message = cleanMessage(x.what_without_backtrace());
        type = QStringLiteral("NotImplementedError");
    } catch (const c10::Error &x) {
        err.message = cleanMessage(x.what_without_backtrace());
    } catch (const std::bad_alloc &) {
        err.message = QStringLiteral("std::bad_alloc: the operating system refused the memory.");
        err.kind = OpError::Kind::OutOfMemory;
        type = QStringLiteral("MemoryError");
    } catch (const std::exception &x) {
        err.message = cleanMessage(x.what());
    }
    if (err.kind == OpError::Kind::None)
        err.kind = OpError::classify(err.message);
    if (pythonType)
        *pythonType = type;
    return err;
}

QByteArray hostBytes(const at::Tensor &t)
{
    if (t.is_meta())
        return {};
    const at::Tensor c = t.to(torch::kCPU).contiguous();
    return QByteArray(static_cast<const char *>(c.data_ptr()), qsizetype(c.numel() * c.element_size()));
}

void synchronizeIfCuda(const c10::Device &a, const c10::Device &b)
{
    // GPU work is asynchronous: without this a clock read measures only the launch.
    if (a.is_cuda())
        torch::cuda::synchronize(a.index() < 0 ? -1 : a.index());
    if (b.is_cuda() && b != a)
        torch::cuda::synchronize(b.index() < 0 ? -1 : b.index());
}

} // namespace tk::torchutil
