#include "bench/benchcli.h"
#include "core/kitchen/koreanparticles.h"

#include "bench/devicescommand.h"
#include "bench/loadcommand.h"
#include "bench/runcommand.h"
#include "bench/matmulcommand.h"
#include "bench/stresscommand.h"
#include "bench/traincommand.h"
#include "bench/transfercommand.h"
#include "bench/watchcommand.h"

namespace tk {

// Every command, in usage()'s order. A new command is a BenchCommand of its own, a line here
// and a line in usage().
std::vector<std::unique_ptr<BenchCommand>> BenchCli::commands() const
{
    std::vector<std::unique_ptr<BenchCommand>> all;
    all.push_back(std::make_unique<DevicesCommand>(m_out, m_err, m_dryRun));
    all.push_back(std::make_unique<MatmulCommand>(m_out, m_err, m_dryRun));
    all.push_back(std::make_unique<TrainCommand>(m_out, m_err, m_dryRun));
    all.push_back(std::make_unique<TransferCommand>(m_out, m_err, m_dryRun));
    all.push_back(std::make_unique<StressCommand>(m_out, m_err, m_dryRun));
    all.push_back(std::make_unique<LoadCommand>(m_out, m_err, m_dryRun));
    all.push_back(std::make_unique<RunCommand>(m_out, m_err, m_dryRun));
    all.push_back(std::make_unique<WatchCommand>(m_out, m_err, m_dryRun));
    return all;
}

int BenchCli::usage(int code)
{
    (code == 0 ? m_out : m_err) << tr(
        "Usage: tensor-kitchen-bench <command> [options]\n"
        "\n"
        "Commands:\n"
        "  devices   the devices and how this LibTorch was built\n"
        "  matmul    time A @ B over a sweep of sizes (torch.utils.benchmark's method)\n"
        "  train     train the MLP on the two spirals and time its steps (--placement ddp: N processes)\n"
        "  transfer  copy bandwidth vs size (host↔device, pageable/pinned)\n"
        "  stress    create and delete cards many times; resident memory before and after\n"
        "  load      the cards a .pt file makes, or why it is refused\n"
        "  run       a PyTorch script through the console's engine: its cards, moves and error\n"
        "  watch     watch PyTorch programs (or replay a recording): moves, errors, memory\n"
        "\n"
        "Run tensor-kitchen-bench <command> --help for its options.\n");
    return code;
}

int BenchCli::run(const QStringList &arguments)
{
    if (arguments.size() < 2)
        return usage(2);
    const QString command = arguments.at(1);
    QStringList rest = arguments;
    rest.removeAt(1);
    for (const std::unique_ptr<BenchCommand> &c : commands())
        if (c->name() == command)
            return c->run(rest);
    if (command == QLatin1String("--help") || command == QLatin1String("-h"))
        return usage(0);
    if (command == QLatin1String("--version")) {
        m_out << "tensor-kitchen-bench " << TK_VERSION << "\n";
        return 0;
    }
    m_err << KoreanParticles::resolve(tr("Unknown command “%1”.").arg(command)) << "\n";
    return usage(2);
}

} // namespace tk
