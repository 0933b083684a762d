#pragma once

#include "bench/benchcli.h"

#include <QStringList>
#include <QTextStream>

namespace tk::testsupport {

// tensor-kitchen-bench ARGS run in this process: its exit code, what it printed on each stream.
inline int runBench(const QStringList &args, QString *out, QString *err)
{
    QTextStream o(out), e(err);
    const int rc = BenchCli(o, e).run(QStringList{QStringLiteral("tensor-kitchen-bench")} + args);
    o.flush();
    e.flush();
    return rc;
}

} // namespace tk::testsupport
