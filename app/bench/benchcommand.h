#pragma once

#include "core/kitchen/cardinfo.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QCommandLineParser>
#include <QLatin1String>
#include <QStringList>
#include <QTextStream>

namespace tk {

// One command of tensor-kitchen-bench, the word after the program name. BenchCli picks it by
// name(); the command parses its own options and returns the exit code: 0, 2 for bad
// arguments and failed measurements, 3 for a file refused (load).
class BenchCommand
{
    // All of the CLI's strings share BenchCli's translation context. Each command repeats this
    // line, as lupdate takes the context from the class that calls tr(), not from its base.
    Q_DECLARE_TR_FUNCTIONS(BenchCli)

public:
    BenchCommand(QTextStream &out, QTextStream &err, bool dryRun) : m_out(out), m_err(err), m_dryRun(dryRun) { }
    virtual ~BenchCommand() = default;
    virtual QLatin1String name() const = 0;
    virtual int run(const QStringList &arguments) = 0; // arguments[0] is the program name

protected:
    int parse(QCommandLineParser &parser, const QStringList &arguments); // -1: go on
    int fail(const QString &message); // prints, returns 2
    bool formatOk(const QString &format, const QStringList &allowed);
    // A card as `load` and `run` print it: name, kind, shape, dtype, device, storage.
    static QJsonObject cardJson(const CardInfo &card);
    // UTF-8 text (a JSON document) to m_out as it is: through QTextStream it would be held twice
    // more, as UTF-16 and re-encoded (~5 MiB at the end of a long replay's JSON).
    void writeUtf8(const QByteArray &text);

    QTextStream &m_out;
    QTextStream &m_err;
    const bool m_dryRun; // parse and validate only; measure nothing
};

} // namespace tk
