#pragma once

#include "bench/benchcommand.h"

namespace tk {

// `transfer`: copy bandwidth against size (host↔device, pageable/pinned; host copies without a GPU).
class TransferCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("transfer"); }
    int run(const QStringList &arguments) override;
};

} // namespace tk
