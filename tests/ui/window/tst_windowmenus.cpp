#include "support/windowtest.h"
#include "ui/common/windowmenus.h"
#include "ui/kitchen/kitchenactions.h"
#include "ui/watch/watchcontroller.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTest>

using namespace tk;
using namespace tk::testsupport;

namespace {

// A menu as its actions' ids, "|" for a separator between two groups that both have entries.
QStringList ids(const QMenu *menu)
{
    QStringList out;
    for (const QAction *a : menu->actions()) {
        if (!a->isSeparator())
            out << a->objectName();
        else if (!out.isEmpty() && out.last() != QLatin1String("|"))
            out << QStringLiteral("|");
    }
    if (!out.isEmpty() && out.last() == QLatin1String("|"))
        out.removeLast();
    return out;
}

QMenu *menuTitled(MainWindow &w, int index) { return w.menuBar()->actions().value(index)->menu(); }

} // namespace

// The window's menus are filled by the features, each into its group (WindowMenus): the menus
// read as they did when the window defined every action itself, and each action is its
// feature's.
class TestWindowMenus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { startDesktopSuite("tst_windowmenus"); }

    void everyMenuReadsInItsOrder()
    {
        MainWindow w;
        QCOMPARE(w.menuBar()->actions().size(), 5);
        QCOMPARE(ids(menuTitled(w, 0)),
                 QStringList({"newTensor", "openSession", "saveSession", "saveSessionAs", "loadPt", "saveSafetensors",
                              "|", "runAndWatch", "openRecording", "exportTrace", "|", "exportCode", "|", "quit"}));
        QCOMPARE(ids(menuTitled(w, 1)), QStringList({"undo", "redo", "|", "preferences"}));
        QCOMPARE(ids(menuTitled(w, 2)), QStringList({"addModelTrio", "forgetToMoveTheModel"}));
        QCOMPARE(ids(menuTitled(w, 3)), QStringList({"metaPane", "codeLog", "console", "lessons"}));
        QCOMPARE(ids(w.helpMenu()), QStringList({"lessons", "|", "deviceCheck", "about"}));
        QCOMPARE(w.viewMenu(), menuTitled(w, 3));
    }

    // A group keeps its place in its menu whichever feature adds to it first.
    void aGroupKeepsItsPlaceWhoeverAddsFirst()
    {
        QMainWindow window;
        WindowMenus menus(&window);
        const auto add = [&](WindowMenus::Group g, const char *id) {
            auto *a = new QAction(&window);
            a->setObjectName(QString::fromLatin1(id));
            menus.add(g, a);
        };
        add(WindowMenus::Group::FileQuit, "quit");
        add(WindowMenus::Group::FileWatch, "watch1");
        add(WindowMenus::Group::FileKitchen, "kitchen1");
        add(WindowMenus::Group::FileWatch, "watch2");
        add(WindowMenus::Group::FileKitchen, "kitchen2");
        add(WindowMenus::Group::HelpAbout, "about");
        add(WindowMenus::Group::HelpLessons, "lessons");
        QCOMPARE(ids(menus.menuOf(WindowMenus::Group::FileKitchen)),
                 QStringList({"kitchen1", "kitchen2", "|", "watch1", "watch2", "|", "quit"}));
        QCOMPARE(menus.menuOf(WindowMenus::Group::FileExport), menus.menuOf(WindowMenus::Group::FileQuit));
        QCOMPARE(ids(menus.menuOf(WindowMenus::Group::HelpAbout)), QStringList({"lessons", "|", "about"}));
        QVERIFY(ids(menus.menuOf(WindowMenus::Group::Kitchen)).isEmpty());
        QCOMPARE(window.menuBar()->actions().size(), 5);
    }

    // Each action is made by the feature whose folder defines it; the window makes only its own.
    void eachFeatureOwnsItsActions()
    {
        MainWindow w;
        const auto owner = [&w](const char *id) -> QObject * {
            const QAction *a = w.findChild<QAction *>(QString::fromLatin1(id));
            return a ? a->parent() : nullptr;
        };
        for (const char *id :
             {"openSession", "saveSession", "saveSessionAs", "loadPt", "saveSafetensors", "exportCode"})
            QVERIFY2(owner(id) == w.session(), id);
        for (const char *id : {"runAndWatch", "openRecording", "exportTrace"})
            QVERIFY2(owner(id) == w.watch(), id);
        for (const char *id : {"newTensor", "addModelTrio", "forgetToMoveTheModel", "metaPane", "undo", "redo"})
            QVERIFY2(qobject_cast<KitchenActions *>(owner(id)), id);
        QCOMPARE(owner("console"), static_cast<QObject *>(w.consoleDock()));
        QCOMPARE(owner("lessons"), static_cast<QObject *>(w.lessonsDock()));
        QCOMPARE(owner("codeLog"), static_cast<QObject *>(w.codeLogDock()));
        for (const char *id : {"quit", "preferences", "about", "deviceCheck"})
            QVERIFY2(owner(id) == &w, id);
    }
};

QTEST_MAIN(TestWindowMenus)
#include "tst_windowmenus.moc"
