#pragma once

#include "bench/benchcommand.h"

namespace tk {

// `matmul`: times A @ B on each device over a sweep of sizes (torch.utils.benchmark's method).
class MatmulCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("matmul"); }
    int run(const QStringList &arguments) override;
};

} // namespace tk
