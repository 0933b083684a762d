// Scripts through the console's engine run as `python3 SCRIPT.py` runs them: no echo of
// expression values, `__name__ == "__main__"`, and an output that is exactly what the script
// printed (compared with python3's own stdout, run here), the console's notes apart.
#include "core/console/pythonconsole.h"
#include "core/kitchen/requesthandler.h"
#include "core/kitchen/workspace.h"
#include "support/testsupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tk;

class TestConsoleScripts : public QObject
{
    Q_OBJECT

private:
    static QString sourceDir() { return qEnvironmentVariable("TK_SOURCE_DIR", QStringLiteral(".")); }

private Q_SLOTS:
    void initTestCase()
    {
        if (!PythonConsole::builtIn())
            QSKIP("this build has no PyTorch console (see CMake's PyTorch console line)");
        Workspace w;
        PythonConsole c(w);
        QVERIFY2(c.start(), qPrintable(c.status()));
    }

    void outputIsWhatPython3Prints_data()
    {
        QTest::addColumn<QString>("script");
        const QDir root(sourceDir());
        for (const char *s :
             {"tests/core/console/scripts/echo_and_notes.py", "python/tests/scripts/seed000_roundtrip.py",
              "python/tests/scripts/seed000_caught.py", "python/tests/scripts/seed000_device.py",
              "python/tests/scripts/seed003_right.py", "python/tests/scripts/seed003_dataloader.py"})
            QTest::newRow(s) << root.filePath(QString::fromLatin1(s));
    }
    void outputIsWhatPython3Prints()
    {
        QFETCH(QString, script);
        const QString py = testsupport::torchPython();
        if (py.isEmpty())
            QSKIP("no Python with torch here to compare with");
        QFile f(script);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(script));
        const QString code = QString::fromUtf8(f.readAll());

        QProcess p;
        p.start(py, {script});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QString expected = QString::fromUtf8(p.readAllStandardOutput());

        Workspace w;
        PythonConsole c(w);
        const Outcome o = RequestHandler::perform(w, request::RunPython{code, true, {}}, &c);
        QVERIFY2(!o.console.raised(), qPrintable(o.console.traceback));
        QCOMPARE(o.console.output, expected);
    }

    void theConsolesNotesTravelApart()
    {
        QFile f(QDir(sourceDir()).filePath("tests/core/console/scripts/echo_and_notes.py"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        Workspace w;
        PythonConsole c(w);
        const Outcome o = RequestHandler::perform(w, request::RunPython{QString::fromUtf8(f.readAll()), true, {}}, &c);
        QVERIFY2(o.notices.join(' ').contains("in place"), qPrintable(o.notices.join(' ')));
        QVERIFY(!o.console.output.contains("Generator")); // torch.manual_seed(0)'s value
        QVERIFY(!o.console.output.contains("Linear(")); // model.to(device)'s value
        QVERIFY(o.console.output.contains("run as a script")); // __name__ == "__main__"
        QVERIFY(w.idOf("x") >= 0 && w.idOf("model") >= 0); // its names are cards, as at the prompt
    }

    void thePromptStillEchoes()
    {
        Workspace w;
        PythonConsole c(w);
        QVERIFY(c.run("torch.manual_seed(0)").console.output.contains("Generator"));
        QCOMPARE(c.run("1 + 2").console.output, QStringLiteral("3\n"));
        QCOMPARE(c.run("__name__").console.output, QStringLiteral("'__console__'\n"));
        // The same lines as a script: nothing.
        QCOMPARE(c.run("torch.manual_seed(0)\n1 + 2", PythonConsole::Mode::Script).console.output, QString());
    }

    void aScriptsTracebackIsApartFromItsOutput()
    {
        Workspace w;
        PythonConsole c(w);
        const Outcome o = c.run("print('before')\nraise ValueError('bad value')", PythonConsole::Mode::Script);
        QCOMPARE(o.console.output, QStringLiteral("before\n"));
        QCOMPARE(o.console.exceptionType, QStringLiteral("ValueError"));
        QCOMPARE(o.console.errorLine, 2);
        QVERIFY2(o.console.traceback.startsWith("Traceback (most recent call last):"), qPrintable(o.console.traceback));
        QVERIFY(o.console.traceback.contains("ValueError: bad value"));
        // At the prompt the traceback is part of what it shows.
        const Outcome p = c.run("raise ValueError('bad value')");
        QVERIFY(p.console.output.contains("ValueError: bad value"));
        QCOMPARE(p.console.traceback, p.console.output);
    }

    // A failing script's traceback is python3's own, naming the script's file (not "<console>"),
    // and a syntax error too; `__file__` is the script's path.
    void aScriptsTracebackIsPython3s_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("raise in a function") << QStringLiteral(
            "import os\nprint(os.path.basename(__file__))\ndef f(v):\n    raise ValueError('bad ' + v)\nf('value')\n");
        QTest::newRow("syntax error") << QStringLiteral("x = 1\ny = (\n");
    }
    void aScriptsTracebackIsPython3s()
    {
        QFETCH(QString, code);
        const QString py = testsupport::torchPython();
        if (py.isEmpty())
            QSKIP("no Python with torch here to compare with");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("failing.py"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(code.toUtf8());
        f.close();
        QProcess p;
        p.start(py, {path});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 1);
        Workspace w;
        PythonConsole c(w);
        const Outcome o = RequestHandler::perform(w, request::RunPython{code, true, path}, &c);
        QCOMPARE(o.console.output, QString::fromUtf8(p.readAllStandardOutput()));
        QCOMPARE(o.console.traceback, QString::fromUtf8(p.readAllStandardError()));
        QVERIFY(!o.console.traceback.contains(QStringLiteral("<console>")));
    }
};

QTEST_GUILESS_MAIN(TestConsoleScripts)
#include "tst_consolescripts.moc"
