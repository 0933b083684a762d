#include "ui/files/sessioncontroller.h"
#include "ui/window/mainwindow.h"
#include "ui/window/preferencesdialog.h"
#include "core/devices/processsetup.h"
#include "ui/window/quitsignals.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QGuiApplication>
#include <QIcon>
#include <QTimer>
#include <QLibraryInfo>
#include <QTranslator>
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

// The language the preferences name, or the system's; Korean and English are built in.
void installTranslators(QCoreApplication &app, const QString &preference)
{
    const QLocale locale = preference == QLatin1String("ko") ? QLocale(QLocale::Korean)
        : preference == QLatin1String("en")                  ? QLocale(QLocale::English)
                                                             : QLocale();
    // Any language but Korean gets the English translation: it holds the English plural forms
    // ("1 move shown"), which the source strings, written in the plural, do not.
    auto *ours = new QTranslator(&app);
    if (ours->load(locale, QStringLiteral("tensorkitchen"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || ours->load(QStringLiteral(":/i18n/tensorkitchen_en.qm")))
        QCoreApplication::installTranslator(ours);
    auto *qt = new QTranslator(&app); // Qt's own dialogs (Yes/No, file dialogs)
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

} // namespace

int main(int argc, char *argv[])
{
    tk::ProcessSetup::preferPassiveOpenMp(argv);
    const bool textOnly = wantsTextOnly(argc, argv);
    std::unique_ptr<QCoreApplication> app;
    if (textOnly)
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tensor-kitchen"));
    QCoreApplication::setOrganizationName(QStringLiteral("Tensor Kitchen"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TK_VERSION));
    installTranslators(*app, tk::PreferencesDialog::language());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Tensor Kitchen: see how PyTorch places tensors on devices."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QCoreApplication::translate("main",
                                    "A file to open: a session (.tks), a recording (.tkwatch), or tensors "
                                    "(.pt, .pth, .ckpt, .bin, .safetensors)."),
        QStringLiteral("[file]"));
    parser.process(*app);

    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tensor-kitchen.svg")));
    QApplication::setDesktopFileName(QStringLiteral("tensor-kitchen"));
    tk::PreferencesDialog::applyTheme(tk::PreferencesDialog::theme());
    // Before the window, so no signal finds the process without its handler once the window
    // (and its settings) exist.
    tk::QuitSignals quitSignals;
    tk::MainWindow window;
    const auto quitPreserving = [&window] {
        window.quitPreservingKitchen();
        QCoreApplication::quit();
    };
    QObject::connect(&quitSignals, &tk::QuitSignals::quitRequested, &window, quitPreserving);
    // Logging out: the session manager asks each app to save; the logout may still be
    // cancelled, so the window stays (Qt: do not exit from commitDataRequest).
    QObject::connect(qApp, &QGuiApplication::commitDataRequest, window.session(),
                     [&window] { window.session()->saveForNextStart(); });
    window.show();
    // After exec() starts, so a signal during the recovery question quits for real.
    const QStringList files = parser.positionalArguments();
    QTimer::singleShot(0, &window, [&window, files] {
        // A session replaces the kitchen; a recording or tensors join the kitchen kept from before.
        if (files.isEmpty() || QFileInfo(files.first()).suffix().toLower() != QLatin1String("tks"))
            window.session()->startUp();
        if (!files.isEmpty())
            window.openFile(files.first());
    });
    return app->exec();
}
