#pragma once

// What the kitchen suites (tst_kitchen, tst_kitchendialogs) share: cards made and dropped as a
// user makes and drops them, a pane's names, and the one error dialog with its kind and title.
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/errordialog.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/tensorcard.h"
#include "support/kitchentest.h"
#include "ui/window/mainwindow.h"

#include <QLabel>
#include <QObject>
#include <QTest>

namespace tk::testsupport {

class KitchenWindowTest : public QObject
{
protected:
    static void waitIdle(MainWindow &w) { QVERIFY(testsupport::waitIdle(w.engine())); }

    static int create(MainWindow &w, const QString &name, const QString &device = "cpu", QList<qint64> shape = {2, 3})
    {
        return testsupport::create(w.engine(), testsupport::spec(name, device, shape));
    }

    static void drop(QWidget *target, int id, const QString &from, Qt::KeyboardModifiers mods = {})
    {
        QVERIFY(testsupport::drop(target, id, from, mods));
    }

    static QStringList paneNames(DevicePane *p)
    {
        QStringList names;
        for (TensorCard *c : p->cards())
            names << c->info().name;
        names.sort();
        return names;
    }

    // A row is shown when the dialog is: not hidden itself nor inside a hidden row.
    static bool rowShown(ErrorDialog *dlg, const char *name)
    {
        auto *w = dlg->findChild<QWidget *>(name);
        return w && w->isVisibleTo(dlg);
    }

    static void waitForDialog(MainWindow &w)
    {
        waitIdle(w);
        QTRY_VERIFY_WITH_TIMEOUT(w.cards()->errorDialog(), 10000);
    }

    // The one error dialog, after a request has been answered, with its kind and title.
    static ErrorDialog *dialogOfKind(MainWindow &w, OpError::Kind kind, const QString &title)
    {
        waitForDialog(w);
        ErrorDialog *dlg = w.cards()->errorDialog();
        if (!dlg)
            return nullptr;
        if (dlg->error().kind != kind) {
            qWarning() << "kind" << OpError::kindName(dlg->error().kind) << dlg->error().message;
            return nullptr;
        }
        // The title names the kind, in the window's title bar and in the heading.
        if (dlg->windowTitle() != title
            || !dlg->findChild<QLabel *>("heading")->text().contains(title.toHtmlEscaped())) {
            qWarning() << "title" << dlg->windowTitle();
            return nullptr;
        }
        return dlg;
    }

    static QString shotDir() { return testsupport::screenshotDir(); }
};

} // namespace tk::testsupport
