// No two siblings share an accelerator (Alt+letter), in English and in Korean: the items of
// each menu; the menu bar, the tab bar and every button or label of the page in front (one
// window: Qt cannot tell them apart); each dialog's widgets.
#include "ui/devices/devicedetailsdialog.h"
#include "ui/kitchen/cardactions.h"
#include "ui/kitchen/errordialog.h"
#include "ui/kitchen/newtensordialog.h"
#include "support/kitchentest.h"
#include "support/windowtest.h"
#include "ui/window/mainwindow.h"
#include "ui/window/preferencesdialog.h"

#include <QAbstractButton>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTranslator>

using namespace tk;
using namespace tk::testsupport;

namespace {

// "&Kitchen" -> "K", "주방(&K)" -> "K", "R&&D" -> "".
QString mnemonic(const QString &text)
{
    const QKeySequence key = QKeySequence::mnemonic(text);
    return key.isEmpty() ? QString() : key.toString().section(QLatin1Char('+'), -1).toUpper();
}

// Each letter taken by more than one of `texts`, with the texts that take it.
QStringList clashes(const QStringList &texts)
{
    QMultiHash<QString, QString> by;
    for (const QString &t : texts)
        if (const QString m = mnemonic(t); !m.isEmpty())
            by.insert(m, t);
    QStringList out;
    for (const QString &key : by.uniqueKeys())
        if (by.count(key) > 1)
            out << QStringLiteral("Alt+%1: %2").arg(key, QStringList(by.values(key)).join(QStringLiteral(" / ")));
    return out;
}

// The texts of the widgets under `root` a user can reach now (shown, enabled or not).
QStringList widgetTexts(QWidget *root, QWidget *window)
{
    QStringList texts;
    for (QAbstractButton *b : root->findChildren<QAbstractButton *>())
        if (b->isVisibleTo(window))
            texts << b->text();
    for (QLabel *l : root->findChildren<QLabel *>())
        if (l->buddy() && l->isVisibleTo(window))
            texts << l->text();
    for (QGroupBox *g : root->findChildren<QGroupBox *>())
        if (g->isVisibleTo(window))
            texts << g->title();
    return texts;
}

QStringList menuClashes(QMenu *menu)
{
    QStringList texts, out;
    for (QAction *a : menu->actions()) {
        if (a->isSeparator() || !a->isVisible())
            continue;
        texts << a->text();
        if (a->menu())
            out << menuClashes(a->menu());
    }
    const QStringList here = clashes(texts);
    for (const QString &c : here)
        out << menu->title() + QStringLiteral(": ") + c;
    return out;
}

} // namespace

class TestAccelerators : public QObject
{
    Q_OBJECT

    // Every scope of the window and its dialogs, in the language installed now.
    static QStringList everyClash()
    {
        QStringList found;
        MainWindow w;
        if (!showAsLaptop(w))
            return {QStringLiteral("the window did not show")};
        make(w, QStringLiteral("x"));
        QTest::qWait(200);
        QStringList bars;
        for (QAction *a : w.menuBar()->actions()) {
            bars << a->text();
            if (a->menu())
                found << menuClashes(a->menu());
        }
        for (int i = 0; i < w.tabs()->count(); ++i)
            bars << w.tabs()->tabText(i);
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QTest::qWait(50);
            const QStringList page = bars + widgetTexts(w.tabs()->currentWidget(), &w);
            for (const QString &c : clashes(page))
                found << QStringLiteral("window, %1 in front: %2").arg(w.tabs()->tabText(i), c);
        }
        w.tabs()->setCurrentIndex(0);

        // A card's context menu.
        const QList<CardInfo> cards = w.engine()->cards();
        if (!cards.isEmpty()) {
            w.cards()->showCardMenu(cards.first().id, w.mapToGlobal(QPoint(200, 200)));
            for (QMenu *m : w.findChildren<QMenu *>())
                if (m->isVisible()) {
                    found << menuClashes(m);
                    m->close();
                }
        }

        NewTensorDialog tensor({QStringLiteral("cpu"), QStringLiteral("meta")}, {}, QStringLiteral("a"));
        tensor.show();
        for (const QString &c : clashes(widgetTexts(&tensor, &tensor)))
            found << QStringLiteral("New tensor dialog: ") + c;
        PreferencesDialog prefs;
        prefs.show();
        for (const QString &c : clashes(widgetTexts(&prefs, &prefs)))
            found << QStringLiteral("Preferences: ") + c;
        DeviceDetailsDialog details;
        details.show();
        for (const QString &c : clashes(widgetTexts(&details, &details)))
            found << QStringLiteral("Device check: ") + c;
        for (OpError::Kind kind : {OpError::Kind::DeviceMismatch, OpError::Kind::OutOfMemory, OpError::Kind::File}) {
            OpError e;
            e.kind = kind;
            e.message = QStringLiteral("message");
            e.details = QStringLiteral("details");
            e.devices = {QStringLiteral("cpu"), QStringLiteral("meta")};
            ErrorDialog dlg(e);
            dlg.show();
            for (const QString &c : clashes(widgetTexts(&dlg, &dlg)))
                found << QStringLiteral("Error dialog (%1): %2").arg(dlg.windowTitle(), c);
        }
        return found;
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void mnemonicsAreRead()
    {
        QCOMPARE(mnemonic(QStringLiteral("&Kitchen")), QStringLiteral("K"));
        QCOMPARE(mnemonic(QStringLiteral("주방(&K)")), QStringLiteral("K"));
        QCOMPARE(mnemonic(QStringLiteral("R&&D")), QString());
        QCOMPARE(clashes({QStringLiteral("&Kitchen"), QStringLiteral("&Keep"), QStringLiteral("&Edit")}).size(), 1);
    }

    void noSharedAcceleratorInEnglish()
    {
        const QStringList found = everyClash();
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    void noSharedAcceleratorInKorean()
    {
        QTranslator ko;
        QVERIFY(ko.load(QLocale(QLocale::Korean), QStringLiteral("tensorkitchen"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")));
        QCoreApplication::installTranslator(&ko);
        const QStringList found = everyClash();
        QCoreApplication::removeTranslator(&ko);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestAccelerators)
#include "tst_accelerators.moc"
