#pragma once

#include "bench/benchcommand.h"

namespace tk {

// `devices`: the devices LibTorch can use here, and how it was built.
class DevicesCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("devices"); }
    int run(const QStringList &arguments) override;
};

} // namespace tk
