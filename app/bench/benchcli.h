#pragma once

#include <QCoreApplication>
#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

namespace tk {

// The headless `tensor-kitchen-bench`: the core's engines without a display, for scripts,
// CI and bench/ comparisons against PyTorch.
class BenchCli
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli)

public:
    BenchCli(QTextStream &out, QTextStream &err) : m_out(out), m_err(err) {}
    int run(const QStringList &arguments); // arguments[0] is the program name
    // Parse and validate only; measure nothing (for the argument fuzzer).
    void setDryRun(bool on) { m_dryRun = on; }

private:
    int devices(const QStringList &arguments);
    int matmul(const QStringList &arguments);
    int train(const QStringList &arguments);
    int transfer(const QStringList &arguments);
    int stress(const QStringList &arguments);
    int usage(int code);
    int parse(QCommandLineParser &parser, const QStringList &arguments); // -1: go on
    int fail(const QString &message);                                    // prints, returns 2
    bool formatOk(const QString &format, const QStringList &allowed);

    QTextStream &m_out;
    QTextStream &m_err;
    bool m_dryRun = false;
};

} // namespace tk
