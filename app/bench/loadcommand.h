#pragma once

#include "bench/benchcommand.h"

namespace tk {

// `load FILE`: the cards the app would make from a .pt or .safetensors file (File → Load and
// drops run the same Workspace::loadFile), or the reason it refuses the file.
class LoadCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("load"); }
    int run(const QStringList &arguments) override;
};

} // namespace tk
