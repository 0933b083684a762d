#pragma once

#include "bench/benchcommand.h"

namespace tk {

// `stress`: creates, moves and deletes cards in a loop; resident memory before and after shows leaks.
class StressCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("stress"); }
    int run(const QStringList &arguments) override;
};

} // namespace tk
