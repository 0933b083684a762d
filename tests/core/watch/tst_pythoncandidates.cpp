// Which Pythons File → Run a script and watch… offers, and what each says of itself.
#include "core/watch/pythoncandidates.h"
#include "core/watch/pythonprobe.h"
#include "support/testsupport.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tk;

class TestPythonCandidates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foundWhereUsersKeepThem()
    {
        QTemporaryDir tmp;
        const QString home = tmp.filePath("home");
        const QString project = tmp.filePath("home/project");
        const QString build = testsupport::fakePython(tmp.filePath("usr/bin/python3"), "tk-probe 3.11.2 1.13.0");
        const QString projectVenv = testsupport::fakePython(project + "/.venv/bin/python3", "x");
        const QString active = testsupport::fakePython(home + "/envs/active/bin/python3", "x");
        const QString condaBase = testsupport::fakePython(home + "/miniconda3/bin/python3", "x");
        const QString condaEnv = testsupport::fakePython(home + "/miniconda3/envs/torch2/bin/python", "x");
        const QString onPath = testsupport::fakePython(tmp.filePath("path/python3"), "x");
        const QString pyenv = testsupport::fakePython(home + "/.pyenv/versions/3.12.1/bin/python3", "x");
        QDir().mkpath(project + "/src");
        QProcessEnvironment env;
        env.insert("HOME", home);
        env.insert("VIRTUAL_ENV", home + "/envs/active");
        env.insert("PATH", tmp.filePath("path") + ":" + tmp.filePath("usr/bin"));
        const QList<PythonCandidates::Candidate> found = PythonCandidates::find(project + "/src", build, env);
        QStringList paths, origins;
        for (const auto &c : found) {
            paths << c.path;
            origins << c.origin;
        }
        // The build's first, the active environment, the project's venv (a folder above the
        // script), the first python3 on the PATH, conda's base and environments, pyenv's.
        QCOMPARE(paths, (QStringList{build, active, projectVenv, onPath, condaBase, condaEnv, pyenv}));
        QCOMPARE(origins.at(0), QStringLiteral("this app's build"));
        QCOMPARE(origins.at(1), QStringLiteral("active virtual environment"));
        QVERIFY2(origins.at(2).startsWith("virtual environment") && origins.at(2).endsWith("project/.venv"),
                 qPrintable(origins.at(2)));
        QCOMPARE(origins.at(3), QStringLiteral("python3 on the PATH"));
        QCOMPARE(origins.at(5), QStringLiteral("conda: torch2"));
        QCOMPARE(origins.at(6), QStringLiteral("pyenv: 3.12.1"));
    }

    void nothingThatCannotRun()
    {
        QTemporaryDir tmp;
        QDir().mkpath(tmp.filePath("p/.venv/bin"));
        QFile notExecutable(tmp.filePath("p/.venv/bin/python3"));
        QVERIFY(notExecutable.open(QIODevice::WriteOnly));
        notExecutable.close();
        QProcessEnvironment env;
        env.insert("HOME", tmp.filePath("nohome"));
        env.insert("PATH", tmp.filePath("nopath"));
        QVERIFY(PythonCandidates::find(tmp.filePath("p"), tmp.filePath("missing/python3"), env).isEmpty());
    }

    void theProbeReadsEachAnswer()
    {
        QTemporaryDir tmp;
        const QString withTorch = testsupport::fakePython(tmp.filePath("a/python3"), "tk-probe 3.12.1 2.5.0+cu124");
        const QString noTorch = testsupport::fakePython(tmp.filePath("b/python3"), "tk-probe 3.10.4");
        const QString notPython = testsupport::fakePython(tmp.filePath("c/python3"), "hello");
        const QString missing = tmp.filePath("d/python3");
        PythonProbe probe;
        QSignalSpy spy(&probe, &PythonProbe::answered);
        for (const QString &p : {withTorch, noTorch, notPython, missing})
            probe.probe(p);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 4, 15000);
        QHash<QString, PythonProbe::Answer> answers;
        for (const QList<QVariant> &args : spy)
            answers.insert(args.at(0).toString(), args.at(1).value<PythonProbe::Answer>());
        QVERIFY(answers.value(withTorch).ok);
        QCOMPARE(answers.value(withTorch).python, QStringLiteral("3.12.1"));
        QCOMPARE(answers.value(withTorch).torch, QStringLiteral("2.5.0+cu124"));
        QVERIFY(answers.value(noTorch).ok);
        QVERIFY(answers.value(noTorch).torch.isEmpty());
        QVERIFY(!answers.value(notPython).ok);
        QVERIFY(!answers.value(missing).ok);
        QVERIFY(!answers.value(missing).error.isEmpty());
    }

    void aRealPythonSaysItsTorch()
    {
        const QString python = qEnvironmentVariable("TK_PYTHON", "/usr/bin/python3");
        if (!QFileInfo(python).isExecutable())
            QSKIP("no Python here");
        PythonProbe probe;
        QSignalSpy spy(&probe, &PythonProbe::answered);
        probe.probe(python);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 15000);
        const auto a = spy.first().at(1).value<PythonProbe::Answer>();
        QVERIFY(a.ok);
        QVERIFY2(a.python.startsWith("3."), qPrintable(a.python));
    }
};

QTEST_GUILESS_MAIN(TestPythonCandidates)
#include "tst_pythoncandidates.moc"
