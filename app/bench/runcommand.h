#pragma once

#include "bench/benchcommand.h"

namespace tk {

// `run SCRIPT.py`: a Python script through the console's engine (the app's request path, no
// widgets): the cards it leaves and the moves and errors it made. Exit 1 when it raised.
class RunCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("run"); }
    int run(const QStringList &arguments) override;
};

} // namespace tk
