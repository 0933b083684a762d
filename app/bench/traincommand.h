#pragma once

#include "bench/benchcommand.h"
#include "core/races/trainconfig.h"

namespace tk {

// `train`: trains the race's MLP on the two spirals on one device and times its steps.
class TrainCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("train"); }
    int run(const QStringList &arguments) override;

    // The text format's first line, the same for an in-process lane and a DDP one.
    static QString summaryLine(const TrainConfig &c, const QString &lane, double firstLoss, double lastLoss,
                               double medianSeconds, double samplesPerSecond);
};

} // namespace tk
