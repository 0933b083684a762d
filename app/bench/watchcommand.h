#pragma once

#include "bench/benchcommand.h"

#include <QJsonObject>

namespace tk {

class WatchedProgram;

// `watch --listen | --replay FILE`: the headless twin of the app's watched-program kitchen.
// Listens on the watch socket (or replays a recording) and prints what arrived: each program,
// its moves, errors, steps, peak memory per device and what its stream lost.
class WatchCommand : public BenchCommand
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli) // lupdate reads it per class, not from BenchCommand

public:
    using BenchCommand::BenchCommand;
    QLatin1String name() const override { return QLatin1String("watch"); }
    int run(const QStringList &arguments) override;

    static constexpr int kListed = 1000; // moves and collectives listed in the JSON, the latest

private:
    int writeTrace(const QStringList &files, bool listening);
    static QJsonObject programJson(const WatchedProgram &program);
    void printText(const WatchedProgram &program);
};

} // namespace tk
