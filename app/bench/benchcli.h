#pragma once

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>
#include <memory>
#include <vector>

namespace tk {

class BenchCommand;

// The headless `tensor-kitchen-bench`: the core's engines without a display, for scripts,
// CI and bench/ comparisons against PyTorch. This class only dispatches; each command is a
// BenchCommand of its own.
class BenchCli
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli)

public:
    BenchCli(QTextStream &out, QTextStream &err) : m_out(out), m_err(err) { }
    int run(const QStringList &arguments); // arguments[0] is the program name
    // Parse and validate only; measure nothing (for the argument fuzzer).
    void setDryRun(bool on) { m_dryRun = on; }

private:
    std::vector<std::unique_ptr<BenchCommand>> commands() const;
    int usage(int code);

    QTextStream &m_out;
    QTextStream &m_err;
    bool m_dryRun = false;
};

} // namespace tk
