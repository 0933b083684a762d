// The PyTorch console's engine, without widgets: real Python, the real torch module, the same
// LibTorch as the cards. Each test gets a fresh workspace and namespace; Python itself starts
// once per process.
#include "core/kitchen/kitchenengine.h"
#include "core/console/pythonconsole.h"
#include "core/kitchen/requesthandler.h"
#include "support/testsupport.h"
#include "core/kitchen/workspace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <thread>

using namespace tk;

class TestPythonConsole : public QObject
{
    Q_OBJECT

private:
    static TensorSpec spec(const QString &name, QList<qint64> shape, TensorSpec::Factory f = TensorSpec::Factory::Ones)
    {
        TensorSpec s;
        s.name = name;
        s.shape = shape;
        s.factory = f;
        return s;
    }
    static std::optional<CardInfo> named(const Workspace &w, const QString &name)
    {
        const int id = w.idOf(name);
        return id < 0 ? std::nullopt : w.card(id);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!PythonConsole::builtIn())
            QSKIP("this build has no PyTorch console (see CMake's PyTorch console line)");
        Workspace w;
        PythonConsole c(w);
        QVERIFY2(c.start(), qPrintable(c.status()));
    }

    void oneLibTorchInTheProcess()
    {
        // Python's torch must reuse the LibTorch the app linked, never load a second copy.
        QFile maps(QStringLiteral("/proc/self/maps"));
        QVERIFY(maps.open(QIODevice::ReadOnly));
        QSet<QString> paths;
        const QRegularExpression lib(QStringLiteral("(/\\S*libtorch_cpu\\.so\\S*)"));
        for (const QByteArray &line : maps.readAll().split('\n')) {
            const auto m = lib.match(QString::fromLocal8Bit(line));
            if (m.hasMatch())
                paths.insert(QFileInfo(m.captured(1)).canonicalFilePath());
        }
        QCOMPARE(paths.size(), 1);
    }

    void aCardAndAVariableAreOneTensor()
    {
        Workspace w;
        QVERIFY(w.create(spec("a", {2, 3})).ok());
        PythonConsole c(w);
        // Python sees the card's values, and an in-place change in Python is the card's.
        Outcome r = c.run("print(a.sum().item())");
        QCOMPARE(r.console.output.trimmed(), QStringLiteral("6.0"));
        const int revision = named(w, "a")->revision;
        r = c.run("a.mul_(0)");
        QVERIFY2(!r.console.raised(), qPrintable(r.console.output));
        QVERIFY(named(w, "a")->revision > revision);
        const TensorPreview p = w.preview(w.idOf("a"));
        QCOMPARE(p.cells, (QStringList{"0", "0", "0", "0", "0", "0"}));
        // A drag (Workspace::transfer) rebinds the Python name to the moved tensor.
        QVERIFY(w.transfer(w.idOf("a"), "meta", TransferMeaning::Reassign).ok());
        c.syncFromWorkspace();
        QCOMPARE(c.run("print(a.device)").console.output.trimmed(), QStringLiteral("meta"));
    }

    void newNamesReboundNamesAndDel()
    {
        Workspace w;
        PythonConsole c(w);
        Outcome r = c.run("x = torch.zeros(3)\nn = 5\nname = 'x'");
        QVERIFY2(!r.console.raised(), qPrintable(r.console.output));
        QCOMPARE(w.count(), 1); // ints and strings are not cards
        const int id = w.idOf("x");
        QCOMPARE(w.card(id)->shape, (QList<qint64>{3}));
        r = c.run("x = torch.ones(2, 2, dtype=torch.float64)");
        QCOMPARE(w.idOf("x"), id); // the same card, now holding the new tensor
        QCOMPARE(w.card(id)->shape, (QList<qint64>{2, 2}));
        QCOMPARE(w.card(id)->dtype, QStringLiteral("float64"));
        c.run("x2 = x[0]"); // a view: one storage, two cards
        QCOMPARE(named(w, "x2")->storageId, named(w, "x")->storageId);
        c.run("del x");
        QCOMPARE(w.idOf("x"), -1);
        QVERIFY(w.idOf("x2") >= 0);
        c.run("x2 = 7");
        QCOMPARE(w.count(), 0);
    }

    void statementsSharingALineAreLoggedEachOnce()
    {
        Workspace w;
        PythonConsole c(w);
        const int before = w.codeLog().lines().size();
        Outcome r = c.run("a = torch.ones(2); b = torch.zeros(3)  # two on one line\nc = a + 1  # kept");
        QCOMPARE(r.console.steps, (QStringList{"a = torch.ones(2)", "b = torch.zeros(3)", "c = a + 1  # kept"}));
        QCOMPARE(w.codeLog().lines().size(), before + 3);
        QCOMPARE(w.codeLog().lines().at(before).code, QStringLiteral("a = torch.ones(2)"));
        QCOMPARE(w.codeLog().lines().at(before + 1).code, QStringLiteral("b = torch.zeros(3)"));
        QCOMPARE(w.codeLog().lines().at(before + 2).code, QStringLiteral("c = a + 1  # kept"));
    }

    void eachStatementIsOneUndoStep()
    {
        Workspace w;
        PythonConsole c(w);
        Outcome r = c.run("a = torch.ones(2)\nb = torch.zeros(3)\nprint('two')");
        // print() changes no card: logged, but not a step of its own (it would lose the redo).
        QCOMPARE(r.console.steps, (QStringList{"a = torch.ones(2)", "b = torch.zeros(3)"}));
        QCOMPARE(w.undoDepth(), 2);
        QCOMPARE(w.codeLog().lines().size(), 3);
        QVERIFY(w.undo());
        c.syncFromWorkspace();
        QCOMPARE(w.idOf("b"), -1);
        QVERIFY(w.idOf("a") >= 0);
        QCOMPARE(c.run("print('b' in dir(), a.shape)").console.output.trimmed(),
                 QStringLiteral("False torch.Size([2])"));
        QVERIFY(w.redo());
        c.syncFromWorkspace();
        QCOMPARE(c.run("print(b.shape)").console.output.trimmed(), QStringLiteral("torch.Size([3])"));
    }

    void movesAreCapturedAndClassifiedByWhatTheNamesHold()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("x = torch.ones(4)");
        // Thrown away: the copy is made, x stays where it was.
        Outcome r = c.run("x.to(\"meta\")");
        QCOMPARE(r.moves.size(), 1);
        QCOMPARE(r.moves[0].kitchen.meaning, TransferMeaning::Discard);
        QCOMPARE(r.moves[0].sourceName, QStringLiteral("x"));
        QCOMPARE(r.moves[0].fromDevice, QStringLiteral("cpu"));
        QCOMPARE(r.moves[0].toDevice, QStringLiteral("meta"));
        QCOMPARE(r.moves[0].bytes, qint64(16));
        QCOMPARE(r.moves[0].kitchen.resultId, -1);
        // Timed as a drag is: the console's hook called MovePath.
        QCOMPARE(r.moves[0].origin, MoveOrigin::Console);
        QCOMPARE(r.moves[0].timing, QStringLiteral("synchronised"));
        QVERIFY(!r.moves[0].watched());
        QCOMPARE(named(w, "x")->device, QStringLiteral("cpu"));
        // A new name: both remain.
        r = c.run("y = x.to('meta')");
        QCOMPARE(r.moves.size(), 1);
        QCOMPARE(r.moves[0].kitchen.meaning, TransferMeaning::NewName);
        QCOMPARE(r.moves[0].kitchen.resultName, QStringLiteral("y"));
        QCOMPARE(r.moves[0].kitchen.resultId, w.idOf("y"));
        QCOMPARE(named(w, "y")->device, QStringLiteral("meta"));
        // Reassigned: x names the copy; nothing else held the old storage.
        r = c.run("x = x.to(device='meta')");
        QCOMPARE(r.moves.size(), 1);
        QCOMPARE(r.moves[0].kitchen.meaning, TransferMeaning::Reassign);
        QVERIFY(r.moves[0].kitchen.oldReleased);
        QCOMPARE(named(w, "x")->device, QStringLiteral("meta"));
        // Already there: to() returns the tensor itself.
        r = c.run("x = x.to('meta')");
        QCOMPARE(r.moves.size(), 1);
        QVERIFY(r.moves[0].sameStorage);
        QCOMPARE(r.moves[0].bytes, qint64(0));
        // A dtype change is not a move; .cpu() is.
        QCOMPARE(c.run("z = y.to(torch.float64)").moves.size(), 0);
        r = c.run("v = torch.ones(3).cpu()"); // .cpu() of a CPU tensor: the tensor itself
        QCOMPARE(r.moves.size(), 1);
        QVERIFY(r.moves[0].sameStorage);
        QCOMPARE(r.moves[0].toDevice, QStringLiteral("cpu"));
        QCOMPARE(r.moves[0].sourceName, QString()); // made by the line itself, unnamed
    }

    void aModelMovesInPlaceAsOneFlight()
    {
        Workspace w;
        PythonConsole c(w);
        Outcome r = c.run("model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 2))\n"
                          "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
                          "loss_fn = nn.CrossEntropyLoss()");
        QVERIFY2(!r.console.raised(), qPrintable(r.console.output));
        QCOMPARE(named(w, "model")->kind, QStringLiteral("model"));
        QCOMPARE(named(w, "model")->numel, qint64(2 * 8 + 8 + 8 * 2 + 2));
        QCOMPARE(named(w, "opt")->kind, QStringLiteral("optimizer"));
        QCOMPARE(named(w, "loss_fn")->kind, QStringLiteral("loss"));
        r = c.run("model.to('meta')");
        QCOMPARE(r.moves.size(), 1); // one flight for the model, not one per parameter
        QVERIFY(r.moves[0].inPlace);
        QCOMPARE(r.moves[0].sourceName, QStringLiteral("model"));
        QCOMPARE(r.moves[0].bytes, qint64(42 * 4));
        QCOMPARE(named(w, "model")->device, QStringLiteral("meta"));
        // The optimizer card shows where its parameters really are. Moving to meta replaces
        // the Parameter objects (no shallow copy between the two), so PyTorch's optimizer
        // keeps the old CPU ones; to a GPU, the same Parameters move and it follows them.
        QCOMPARE(named(w, "opt")->device,
                 c.run("print(opt.param_groups[0]['params'][0].device)").console.output.trimmed());
        // Undo brings the model back to the CPU: the history kept a copy, not the moved object.
        QVERIFY(w.undo());
        c.syncFromWorkspace();
        QCOMPARE(named(w, "model")->device, QStringLiteral("cpu"));
        QCOMPARE(c.run("print(next(model.parameters()).device)").console.output.trimmed(), QStringLiteral("cpu"));
        // A drag of a console-made model runs its own .to().
        const Outcome o = w.transfer(w.idOf("model"), "meta", TransferMeaning::Reassign);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QVERIFY(o.move().inPlace);
        c.syncFromWorkspace();
        QCOMPARE(c.run("print(model[0].weight.device)").console.output.trimmed(), QStringLiteral("meta"));
    }

    void aMismatchIsClassifiedWithItsLineAndCards()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("x = torch.ones(2)\ny = x.to('meta')");
        const int logSize = w.codeLog().lines().size();
        const Outcome o = RequestHandler::perform(w, request::RunPython{"z = x + y\nafter = 1", false, {}}, &c);
        QCOMPARE(o.error.kind, OpError::Kind::DeviceMismatch); // the dialog opens, as for a drag
        QCOMPARE(o.console.exceptionType, QStringLiteral("RuntimeError"));
        QCOMPARE(o.error.codeLine, QStringLiteral("z = x + y"));
        QCOMPARE(o.console.errorLine, 1);
        QVERIFY(o.error.cards.contains(w.idOf("x")) && o.error.cards.contains(w.idOf("y")));
        QVERIFY(o.error.devices.contains("cpu") && o.error.devices.contains("meta"));
        QCOMPARE(w.idOf("z"), -1);
        QVERIFY(o.console.steps.isEmpty()); // nothing changed: not an undo step
        QCOMPARE(c.run("print('after' in dir())").console.output.trimmed(), QStringLiteral("False"));
        // The log keeps the failed line with LibTorch's error, as for a drag.
        QCOMPARE(w.codeLog().lines().at(logSize).code, QStringLiteral("z = x + y"));
        QCOMPARE(w.codeLog().lines().at(logSize).errorType, QStringLiteral("RuntimeError"));
    }

    void otherExceptionsPrintPythonsTraceback()
    {
        Workspace w;
        PythonConsole c(w);
        Outcome r = c.run("a = torch.ones(1)\n\nb = undefined_name + 1");
        QCOMPARE(r.console.exceptionType, QStringLiteral("NameError"));
        QCOMPARE(r.console.errorLine, 3);
        QVERIFY2(r.console.output.contains("Traceback (most recent call last):"), qPrintable(r.console.output));
        QVERIFY2(r.console.output.contains("File \"<console>\", line 3"), qPrintable(r.console.output));
        QVERIFY(r.console.output.contains("b = undefined_name + 1")); // the source line, as Python shows it
        QCOMPARE(r.console.error.kind, OpError::Kind::Other);
        QVERIFY(w.idOf("a") >= 0);
        r = c.run("def f(:\n  pass");
        QCOMPARE(r.console.exceptionType, QStringLiteral("SyntaxError"));
        QVERIFY(r.console.output.contains("SyntaxError"));
        QCOMPARE(w.undoDepth(), 1); // nothing ran
        // Leaving the console is not possible from inside it.
        r = c.run("raise SystemExit(3)");
        QCOMPARE(r.console.exceptionType, QStringLiteral("SystemExit"));
    }

    void valuesAndPrintAreShown()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("x = torch.arange(6.).reshape(2, 3)");
        Outcome r = c.run("x");
        QVERIFY2(r.console.output.startsWith("x: "), qPrintable(r.console.output)); // the card's summary line
        QVERIFY(r.console.output.contains(named(w, "x")->summary));
        QCOMPARE(c.run("1 + 2").console.output, QStringLiteral("3\n"));
        QCOMPARE(c.run("for i in range(3):\n    print(i, end=' ')").console.output, QStringLiteral("0 1 2 "));
        // The source texts' idiom, predefined.
        const QString device = c.run("device").console.output;
        QVERIFY2(device == "'cpu'\n" || device == "'cuda'\n", qPrintable(device));
    }

    void ctrlCInterruptsWithinASecondAndKeepsTheCards()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("x = torch.ones(3)");
        QVERIFY(!PythonConsole::interrupt()); // nothing runs
        std::thread stopper([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            PythonConsole::interrupt();
        });
        QElapsedTimer t;
        t.start();
        Outcome r = c.run("x.add_(1)\nwhile True:\n    pass");
        const qint64 ms = t.elapsed();
        stopper.join();
        QVERIFY(r.console.interrupted);
        QCOMPARE(r.console.exceptionType, QStringLiteral("KeyboardInterrupt"));
        QVERIFY2(ms < 1300, qPrintable(QString::number(ms)));
        QCOMPARE(w.preview(w.idOf("x")).cells, (QStringList{"2", "2", "2"}));
        // The log keeps it as a comment: an exported script must not loop for ever.
        QVERIFY(w.codeLog().lines().last().refused);
        // The next statement is not hit by a late interrupt.
        QCOMPARE(c.run("print('next')").console.output, QStringLiteral("next\n"));
    }

    void whatCannotBeACardNeverCrashes()
    {
        Workspace w;
        PythonConsole c(w);
        // Compiles only as a whole program: a clear SyntaxError, nothing run.
        Outcome r = c.run("return 1");
        QCOMPARE(r.console.exceptionType, QStringLiteral("SyntaxError"));
        // A lazy module's parameters have no size yet: still a card, described as far as it goes.
        r = c.run("lazy = nn.LazyLinear(4)");
        QVERIFY2(!r.console.raised(), qPrintable(r.console.output));
        QCOMPARE(named(w, "lazy")->kind, QStringLiteral("model"));
        // Sparse tensors and look-alikes are not cards; their values are still shown.
        r = c.run("s = torch.eye(3).to_sparse()\ns");
        QVERIFY2(!r.console.raised(), qPrintable(r.console.output));
        QCOMPARE(w.idOf("s"), -1);
        QVERIFY(r.console.output.contains("sparse"));
        r = c.run("from unittest import mock\nfake = mock.MagicMock(spec=torch.Tensor)\nfake");
        QVERIFY2(!r.console.raised(), qPrintable(r.console.output));
        QCOMPARE(w.idOf("fake"), -1);
        // Names the exported script needs, and dunders, stay Python's.
        c.run("e = torch.ones(2)\n__hidden = torch.ones(2)");
        QCOMPARE(w.idOf("e"), -1);
        QCOMPARE(w.idOf("__hidden"), -1);
        // Nothing waits on a terminal.
        r = c.run("import sys\ndata = sys.stdin.read()\nprint(repr(data))");
        QCOMPARE(r.console.output, QStringLiteral("''\n"));
        QCOMPARE(c.run("input()").console.exceptionType, QStringLiteral("RuntimeError"));
    }

    void onlyTheUsersOwnMovesFly()
    {
        Workspace w;
        PythonConsole c(w);
        // clip_grad_norm_ calls .to() inside torch: not the user's move.
        Outcome r = c.run("p = torch.ones(3, requires_grad=True)\np.grad = torch.ones(3)\n"
                          "n = torch.nn.utils.clip_grad_norm_([p], 1.0)");
        QVERIFY2(!r.console.raised(), qPrintable(r.console.output));
        QCOMPARE(r.moves.size(), 0);
    }

    void inPlaceChangesAreShownButNotUndoSteps()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("x = torch.zeros(2)");
        const int depth = w.undoDepth();
        Outcome r = c.run("x.add_(1)");
        QVERIFY(r.console.steps.isEmpty());
        QCOMPARE(w.undoDepth(), depth);
        // The console's own note, apart from the output.
        QVERIFY2(r.notices.join(' ').contains("in place"), qPrintable(r.notices.join(' ')));
        QVERIFY(!r.console.output.contains("in place"));
        QCOMPARE(w.preview(w.idOf("x")).cells, (QStringList{"1", "1"}));
    }

    void undoKeepsAnOptimizerOnItsTensorCards()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("w = torch.zeros(3, requires_grad=True)\nopt = torch.optim.SGD([w], lr=1.0)");
        c.run("v = torch.ones(1)");
        QVERIFY(w.undo()); // the optimizer card is restored from a copy; w is shared, not copied
        c.syncFromWorkspace();
        Outcome r = c.run("w.grad = torch.ones(3)\nopt.step()\nprint(w.sum().item())");
        QCOMPARE(r.console.output.trimmed().section('\n', -1), QStringLiteral("-3.0"));
    }

    void closingTheKitchenStopsARunningStatement()
    {
        auto *engine = new KitchenEngine;
        QSignalSpy started(engine, &KitchenEngine::finished);
        engine->submit(request::RunPython{"x = torch.ones(2)", false, {}});
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 30000);
        engine->submit(request::RunPython{"while True:\n    pass", false, {}});
        QTest::qWait(300);
        QElapsedTimer t;
        t.start();
        delete engine; // would wait for ever without the interrupt
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
    }

    void namesComplete()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("weights = torch.ones(2)");
        QVERIFY(c.complete("wei").contains("weights"));
        QVERIFY(c.complete("torch.ra").contains("torch.randn("));
        // A tensor's attributes, though reading .imag of a real tensor raises.
        QVERIFY(c.complete("weights.ad").contains("weights.add_("));
    }

    void theSessionKeepsTheHistoryAsTextAndNoObjects()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("t = torch.ones(2)\nmodel = nn.Linear(2, 2)");
        QString error;
        const QByteArray data = w.saveSession(&error);
        QVERIFY2(!data.isEmpty(), qPrintable(error));
        Workspace back;
        QStringList notices;
        QVERIFY2(back.loadSession(data, &error, &notices), qPrintable(error));
        QVERIFY(back.idOf("t") >= 0);
        QCOMPARE(back.idOf("model"), -1); // a Python object is never stored, so never run
        QCOMPARE(back.codeLog().lines().size(), 2);
        QCOMPARE(back.codeLog().lines().at(1).code, QStringLiteral("model = nn.Linear(2, 2)"));
    }

    void theExportedScriptRunsUnderRealPyTorch()
    {
        const QString py = testsupport::torchPython();
        if (py.isEmpty())
            QSKIP("no Python with torch here");
        Workspace w;
        QVERIFY(w.create(spec("a", {2, 2})).ok());
        PythonConsole c(w);
        c.run("b = a.to('meta')\nfor i in range(2):\n    a = a * 2\nc = a + b");
        c.run("print(a.sum())");
        QTemporaryDir dir;
        QFile f(dir.filePath("session.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(w.codeLog().toScript().toUtf8());
        f.close();
        QProcess p;
        p.start(py, {f.fileName()});
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY2(out.contains("RuntimeError:"), qPrintable(out)); // the mismatch, as in the app
        QVERIFY2(out.contains("tensor(16.)"), qPrintable(out));
    }
};

QTEST_GUILESS_MAIN(TestPythonConsole)
#include "tst_pythonconsole.moc"
