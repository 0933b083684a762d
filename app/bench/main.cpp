#include "bench/benchcli.h"
#include "core/devices/processsetup.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    tk::ProcessSetup::preferPassiveOpenMp(argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tensor-kitchen-bench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TK_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return tk::BenchCli(out, err).run(app.arguments());
}
