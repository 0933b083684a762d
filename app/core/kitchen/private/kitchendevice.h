#pragma once
// Core-internal: the device an action names, checked against this machine. Includes torch.

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <torch/torch.h>

namespace tk {

class KitchenDevice
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    // The device `id` names ("cpu", "meta", "cuda:N"; "cuda" follows the idiom), or nothing
    // with the reason in *error when this machine has no such device.
    static std::optional<c10::Device> usable(const QString &id, QString *error);
};

} // namespace tk
