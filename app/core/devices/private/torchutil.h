#pragma once
// Core-internal: includes torch. Never include from ui/ or public core headers.

#include "core/kitchen/operror.h"

#include <QByteArray>
#include <QString>
#include <optional>
#include <torch/types.h>

namespace tk::torchutil {

std::optional<c10::ScalarType> dtypeFromName(const QString &name);
QString dtypeName(c10::ScalarType t);
std::optional<c10::Device> parseDevice(const QString &id, QString *error);
QString deviceId(const c10::Device &d); // "cpu", "cuda:0", "meta"
// The message LibTorch would show in Python: no C++ backtrace, no "Exception raised from".
QString cleanMessage(const char *what);
// Turns whatever LibTorch threw into an error value; OutOfMemoryError is tested first.
OpError fromException(std::exception_ptr e, const QStringList &devices, const QString &codeLine, QString *pythonType);
// A tensor's values as they lie in a contiguous host copy; nothing for meta (it has none).
QByteArray hostBytes(const at::Tensor &t);
void synchronizeIfCuda(const c10::Device &a, const c10::Device &b);

} // namespace tk::torchutil
