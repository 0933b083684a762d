#pragma once

// The main window as the desktop suites read it: its cards, its code log as shown and as kept,
// and a tensor made through the engine as a menu would. Shared by tst_desktop and tst_undo.
#include "ui/files/sessioncontroller.h"
#include "core/kitchen/kitchenengine.h"
#include "core/kitchen/kitchenrequest.h"
#include "support/kitchentest.h"
#include "ui/window/mainwindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QStringList>
#include <QTest>

namespace tk::testsupport {

// A desktop suite's start: settings and autosave of its own, empty, so no earlier run leaks in.
// Its own per process: another run of the suite at the same time (its screenshots run, a second
// terminal) must not find this one's unclean exit and ask "Recover the kitchen?", nor take its
// autosave. Both are removed as the process ends.
inline void startDesktopSuite(const char *name)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TensorKitchenTests");
    QCoreApplication::setApplicationName(
        QStringLiteral("%1-%2").arg(QString::fromLatin1(name)).arg(QCoreApplication::applicationPid()));
    QSettings().clear();
    QFile::remove(SessionController::autosavePath());
    qAddPostRoutine([] {
        QFile::remove(QSettings().fileName());
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    });
}

inline void idle(MainWindow &w) { QVERIFY(waitIdle(w.engine())); }

// "name@device" of every card, in order.
inline QStringList names(MainWindow &w)
{
    QStringList n;
    for (const CardInfo &c : w.engine()->cards())
        n << c.name + "@" + c.device;
    return n;
}

// What the code log dock shows, past its two header lines.
inline QStringList shownLog(MainWindow &w)
{
    auto *view = w.findChild<QPlainTextEdit *>(QStringLiteral("codeLog"));
    return view ? view->toPlainText().split('\n').mid(2) : QStringList{QStringLiteral("no view")};
}

// The engine's code log, line by line.
inline QStringList engineLog(MainWindow &w)
{
    QStringList lines;
    for (const CodeLine &l : w.engine()->codeLog().lines())
        lines << l.display().split('\n');
    return lines;
}

// A 2×2 randn tensor named `name`, made and waited for.
inline void make(MainWindow &w, const QString &name)
{
    TensorSpec s;
    s.name = name;
    s.shape = {2, 2};
    s.factory = TensorSpec::Factory::Randn;
    w.engine()->submit(request::Create{s});
    idle(w);
}

} // namespace tk::testsupport
