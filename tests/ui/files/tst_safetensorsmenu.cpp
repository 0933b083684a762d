// File → Save as safetensors… writes the kitchen's tensor cards (its dialog answered as a user
// would: the name chosen, then accepted); loading that file as File → Load does shows them again
// as cards, in a fresh window.
#include "ui/files/sessioncontroller.h"
#include "ui/kitchen/devicepane.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "support/kitchentest.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tk;

namespace {

// When the next modal file dialog opens: choose `path` in it and accept. True once answered.
std::shared_ptr<bool> answerFileDialog(const QString &path)
{
    auto answered = std::make_shared<bool>(false);
    auto *poll = new QTimer(qApp);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, path, answered] {
        auto *dlg = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dlg)
            return;
        dlg->selectFile(path);
        QMetaObject::invokeMethod(dlg, "accept"); // a protected slot: as the Save button does
        *answered = true;
        poll->deleteLater();
    });
    poll->start(50);
    return answered;
}

QAction *fileAction(MainWindow &w, const char *id) { return w.findChild<QAction *>(QString::fromLatin1(id)); }

} // namespace

class TestSafetensorsMenu : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void saveAsSafetensorsThenLoadShowsTheCards()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("kitchen.safetensors");
        QStringList names;
        QList<CardInfo> saved;
        {
            MainWindow w;
            w.show();
            for (const QString &name : {QStringLiteral("weight"), QStringLiteral("bias")})
                QVERIFY(testsupport::create(w.engine(), testsupport::spec(name, "cpu", {3, 2})) >= 0);
            QAction *save = fileAction(w, "saveSafetensors");
            QVERIFY(save);
            QVERIFY(!save->text().isEmpty());
            auto answered = answerFileDialog(path);
            save->trigger();
            QVERIFY(*answered);
            QVERIFY(testsupport::waitIdle(w.engine()));
            QVERIFY2(QFile::exists(path), qPrintable(w.lastMessage()));
            QVERIFY2(w.lastMessage().contains("kitchen.safetensors"), qPrintable(w.lastMessage()));
            for (const CardInfo &c : w.engine()->cards()) {
                names << c.name;
                saved << c;
            }
        }
        MainWindow w;
        w.show();
        QVERIFY(testsupport::waitIdle(w.engine()));
        const int before = w.engine()->cards().size(); // a first start may show example cards
        // What File → Load does with the chosen path (its open dialog is not answered here: on the
        // offscreen platform it did not take the selection and the run hung).
        w.session()->loadFile(path, "cpu");
        QVERIFY(testsupport::waitIdle(w.engine()));
        QCOMPARE(w.engine()->cards().size(), before + names.size());
        QVERIFY(testsupport::waitSummaries(w.engine())); // the statistics follow the cards
        DevicePane *cpu = w.kitchen()->pane("cpu");
        for (int i = 0; i < names.size(); ++i) {
            const auto c = testsupport::named(w.engine(), names[i]);
            QVERIFY2(c, qPrintable(names[i]));
            QVERIFY2(cpu->card(c->id), qPrintable(names[i])); // shown as a card on the CPU pane
            // The same values: shape, dtype and the statistics of the card's summary.
            QCOMPARE(c->shape, saved[i].shape);
            QCOMPARE(c->dtype, saved[i].dtype);
            QCOMPARE(c->summary, saved[i].summary);
            QCOMPARE(c->heat, saved[i].heat);
        }
        // The file's __metadata__ is said in the status bar.
        QVERIFY2(w.lastMessage().contains("format = pt"), qPrintable(w.lastMessage()));
    }
};

QTEST_MAIN(TestSafetensorsMenu)
#include "tst_safetensorsmenu.moc"
