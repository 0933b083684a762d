#include "mainwindow.h"
#include "processsetup.h"

#include <QApplication>
#include <QCommandLineParser>
#include <cstring>
#include <memory>

namespace {

// --help and --version must work without a display, so they get a QCoreApplication.
bool wantsTextOnly(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i)
        for (const char *flag : {"-h", "--help", "-v", "--version", "--help-all"})
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    return false;
}

} // namespace

int main(int argc, char *argv[])
{
    tk::ProcessSetup::preferPassiveOpenMp(argv);
    std::unique_ptr<QCoreApplication> app;
    if (wantsTextOnly(argc, argv))
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tensor-kitchen"));
    QCoreApplication::setOrganizationName(QStringLiteral("Tensor Kitchen"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Tensor Kitchen: see how PyTorch places tensors on devices."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(*app);

    tk::MainWindow window;
    window.show();
    return app->exec();
}
