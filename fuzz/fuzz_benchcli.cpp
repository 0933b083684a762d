// libFuzzer: tensor-kitchen-bench's arguments. Parsing and validation only (dry run): any
// argument list must end in a usage message or a clear refusal, never a crash or a hang.
#include "bench/benchcli.h"

#include <QCoreApplication>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int argc = 1;
    static char name[] = "fuzz";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    QStringList args{QStringLiteral("tensor-kitchen-bench")};
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    args += text.split(QLatin1Char('\n'));
    QString out, err;
    QTextStream o(&out), e(&err);
    tk::BenchCli cli(o, e);
    cli.setDryRun(true);
    const int rc = cli.run(args);
    if (rc != 0 && rc != 2)
        __builtin_trap();
    return 0;
}
