// File → Run a script and watch…'s "Which Python?": what is found beside a script, what each
// Python says of its torch, and which can be run.
#include "ui/watch/pythonchooser.h"
#include "support/testsupport.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace tk;

class TestPythonChooser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void offersTheScriptsOwnEnvironmentsWithTheirTorch()
    {
        QTemporaryDir tmp;
        const QString script = tmp.filePath("project/train.py");
        QDir().mkpath(tmp.filePath("project"));
        const QString withTorch
            = testsupport::fakePython(tmp.filePath("project/.venv/bin/python3"), "tk-probe 3.12.1 2.5.0");
        const QString noTorch = testsupport::fakePython(tmp.filePath("project/venv/bin/python3"), "tk-probe 3.12.1");
        PythonChooser chooser(script, QString());
        auto *list = chooser.findChild<QComboBox *>("pythonList");
        auto *state = chooser.findChild<QLabel *>("pythonState");
        auto *ok = chooser.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(list->findData(withTorch) >= 0);
        QVERIFY(list->findData(noTorch) >= 0);
        QVERIFY(chooser.findChild<QPushButton *>("browsePython"));
        QTRY_VERIFY_WITH_TIMEOUT(chooser.answered(withTorch) && chooser.answered(noTorch), 15000);
        QVERIFY2(chooser.itemText(list->findData(withTorch)).contains("Python 3.12.1, torch 2.5.0"),
                 qPrintable(chooser.itemText(list->findData(withTorch))));
        QVERIFY(chooser.itemText(list->findData(noTorch)).contains("no torch"));
        // One without torch cannot run the script: said, and Run is off.
        list->setCurrentIndex(list->findData(noTorch));
        QVERIFY(!ok->isEnabled());
        QVERIFY2(state->text().contains("no torch"), qPrintable(state->text()));
        list->setCurrentIndex(list->findData(withTorch));
        QVERIFY(ok->isEnabled());
        QCOMPARE(chooser.python(), withTorch);
        // Browse… adds any other, asks it, and chooses it.
        const QString other = testsupport::fakePython(tmp.filePath("elsewhere/python3"), "tk-probe 3.9.18 1.13.1");
        chooser.choose(other);
        QCOMPARE(chooser.python(), other);
        QTRY_VERIFY_WITH_TIMEOUT(chooser.answered(other), 15000);
        QVERIFY(ok->isEnabled());
    }

    void theLastChoiceComesFirst()
    {
        QTemporaryDir tmp;
        const QString last = testsupport::fakePython(tmp.filePath("last/python3"), "tk-probe 3.11.2 2.1.0");
        PythonChooser chooser(tmp.filePath("train.py"), last);
        QCOMPARE(chooser.python(), last);
        QVERIFY(chooser.itemText(0).contains("your last choice"));
    }
};

QTEST_MAIN(TestPythonChooser)
#include "tst_pythonchooser.moc"
