// The console and devices: a call that mixes devices is named even where PyTorch's meta
// kernels let it through (the kitchen's drop refuses the same operation), PyTorch's rule for
// 0-dim CPU tensors holds, and "no GPU here" errors are told as the GPU workbench tells them.
// Runs on whichever torch this build wraps (Debian's 1.13, or the wheel's 2.x).
#include "core/console/pythonconsole.h"
#include "core/devices/buildfacts.h"
#include "core/kitchen/pythoncode.h"
#include "core/kitchen/requesthandler.h"
#include "core/kitchen/workspace.h"

#include <QTest>

using namespace tk;

class TestConsoleDevices : public QObject
{
    Q_OBJECT

private:
    static bool namesMix(const Outcome &o, const QString &what)
    {
        for (const QString &n : o.notices)
            if (n.contains(what) && n.contains("cpu and meta") && n.contains("on a GPU"))
                return true;
        return false;
    }
    // Either PyTorch raised the mismatch here, or the console named it beside the result.
    static bool toldAsMismatch(const Outcome &o, const QString &what)
    {
        return o.console.error.kind == OpError::Kind::DeviceMismatch ? o.notices.isEmpty() : namesMix(o, what);
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

    void aMixPyTorchLetsThroughIsNamed()
    {
        Workspace w;
        PythonConsole c(w);
        QVERIFY(!c.run("x = torch.ones(4, 3).to('meta')\nw = torch.ones(3, 3)\nmodel = nn.Linear(3, 2)\n"
                       "s = torch.tensor(2.)")
                     .console.raised());
        // torch 1.13 lets `model(x)` through (its Linear meta kernel), 2.x raises.
        Outcome o = c.run("a = model(x)");
        QVERIFY2(toldAsMismatch(o, "linear"), qPrintable(o.console.output + o.notices.join('|')));
        // Both versions let `meta @ cpu` through.
        o = c.run("b = x @ w");
        QVERIFY2(!o.console.raised() && namesMix(o, "matmul"), qPrintable(o.notices.join('|')));
        QVERIFY(o.notices.first().startsWith("Line 1:"));
        o = c.run("c = w @ x.t()");
        QVERIFY2(!o.console.raised() && namesMix(o, "matmul"), qPrintable(o.notices.join('|')));
        // `+` raises in both: the mismatch dialog, no notice.
        o = c.run("d = x + w[:1]");
        QCOMPARE(o.console.error.kind, OpError::Kind::DeviceMismatch);
        QVERIFY(o.notices.isEmpty());
        QVERIFY2(toldAsMismatch(c.run("e = torch.cat([x, w])"), "cat"), "torch.cat");
        // PyTorch's rule: a 0-dim CPU tensor may stand beside a tensor on any device.
        o = c.run("f = x * s\ng = s + x");
        QVERIFY(!o.console.raised());
        QVERIFY2(o.notices.isEmpty(), qPrintable(o.notices.join('|')));
        // Nothing off the CPU: nothing to say.
        o = c.run("h = w @ w");
        QVERIFY(o.notices.isEmpty());
    }

    void aMoveInsideALoopStartsTheWatch()
    {
        // No device named in the line, nothing off the CPU before it: the move itself turns the
        // device watch on, and still flies with its line.
        Workspace w;
        PythonConsole c(w);
        c.run("d = 'me' + 'ta'\nw = torch.ones(3, 3)\nx = torch.ones(2, 3)");
        const Outcome o = c.run("for i in range(2):\n    y = x.to(d)\n    z = y @ w");
        QVERIFY(!o.console.raised());
        QCOMPARE(o.moves.size(), 2);
        QCOMPARE(o.moves.at(0).toDevice, QStringLiteral("meta"));
        QCOMPARE(o.notices.size(), 1); // said once per statement, not once per iteration
        QVERIFY2(namesMix(o, "matmul") && o.notices.first().startsWith("Line 3:"), qPrintable(o.notices.join('|')));
    }

    // The kitchen's drop of a meta card on a cpu card and the console's same line agree.
    void theKitchenAndTheConsoleAgree_data()
    {
        QTest::addColumn<int>("op");
        QTest::addColumn<QString>("meta"); // the meta operand's Python
        QTest::addColumn<QString>("cpu"); // the cpu operand's
        QTest::addColumn<bool>("mismatch"); // PyTorch's rule says the devices clash
        QTest::newRow("+") << int(Operation::Add) << "torch.ones(3, 3, device='meta')"
                           << "torch.ones(3, 3)" << true;
        QTest::newRow("*") << int(Operation::Mul) << "torch.ones(3, 3, device='meta')"
                           << "torch.ones(3, 3)" << true;
        QTest::newRow("@") << int(Operation::Matmul) << "torch.ones(3, 3, device='meta')"
                           << "torch.ones(3, 3)" << true;
        QTest::newRow("cat") << int(Operation::Cat) << "torch.ones(3, 3, device='meta')"
                             << "torch.ones(3, 3)" << true;
        QTest::newRow("+ 0-dim cpu") << int(Operation::Add) << "torch.ones(3, 3, device='meta')"
                                     << "torch.tensor(2.)" << false;
        QTest::newRow("* 0-dim cpu") << int(Operation::Mul) << "torch.ones(3, 3, device='meta')"
                                     << "torch.tensor(2.)" << false;
    }
    void theKitchenAndTheConsoleAgree()
    {
        QFETCH(int, op);
        QFETCH(QString, meta);
        QFETCH(QString, cpu);
        QFETCH(bool, mismatch);
        Workspace w;
        PythonConsole c(w);
        QVERIFY(!c.run(QStringLiteral("a = %1\nb = %2").arg(meta, cpu)).console.raised());
        // The kitchen: LibTorch raises (the dialog), or its meta kernel let it through and the
        // result comes with the same note as the console's.
        const Outcome kitchen = w.combine(Operation(op), w.idOf("a"), w.idOf("b"), QStringLiteral("k"));
        if (mismatch) {
            QVERIFY2(kitchen.error.kind == OpError::Kind::DeviceMismatch || namesMix(kitchen, "a"),
                     qPrintable(kitchen.error.message + kitchen.notices.join('|')));
        } else {
            QVERIFY2(kitchen.ok(), qPrintable(kitchen.error.message));
            QVERIFY(kitchen.notices.isEmpty());
        }
        c.syncFromWorkspace();
        const Outcome console = c.run(PythonCode::combine(QStringLiteral("z"), Operation(op), "a", "b"));
        if (mismatch) {
            QVERIFY2(console.console.error.kind == OpError::Kind::DeviceMismatch || namesMix(console, ""),
                     qPrintable(console.console.output + console.notices.join('|')));
        } else {
            QVERIFY2(!console.console.raised(), qPrintable(console.console.output));
            QVERIFY2(console.notices.isEmpty(), qPrintable(console.notices.join('|')));
        }
    }

    void noGpuIsClassifiedWithItsCase_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("reason");
        QTest::newRow("Debian's CPU-only torch")
            << "Torch not compiled with CUDA enabled" << int(NoGpuReason::CpuOnlyBuild);
        QTest::newRow("C++ CPU-only LibTorch")
            << "PyTorch is not linked with support for cuda devices" << int(NoGpuReason::CpuOnlyBuild);
        QTest::newRow("the wheel without a driver")
            << "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver"
            << int(NoGpuReason::NoDeviceFound);
        QTest::newRow("the wheel without a device") << "No CUDA GPUs are available" << int(NoGpuReason::NoDeviceFound);
        QTest::newRow("a mismatch is not")
            << "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
            << int(NoGpuReason::None);
    }
    void noGpuIsClassifiedWithItsCase()
    {
        QFETCH(QString, text);
        QFETCH(int, reason);
        QCOMPARE(int(BuildFacts::noGpuReasonOf(text)), reason);
        QCOMPARE(OpError::classify(text) == OpError::Kind::NoGpu, reason != int(NoGpuReason::None));
    }

    void xCudaWithoutAGpuIsExplained()
    {
        Workspace w;
        PythonConsole c(w);
        c.run("x = torch.ones(2)");
        const Outcome probe = c.run("print(torch.cuda.is_available())");
        if (probe.console.output.trimmed() == QLatin1String("True"))
            QSKIP("this machine has a GPU: x.cuda() works here");
        for (const QString line : {"y = x.cuda()", "y = x.to('cuda')", "t = torch.ones(2, device='cuda')"}) {
            const Outcome o = RequestHandler::perform(w, request::RunPython{line, false, {}}, &c);
            QCOMPARE(o.error.kind, OpError::Kind::NoGpu); // the dialog opens
            const NoGpuReason expected = TK_EXPECT_CUDA_BUILD ? NoGpuReason::NoDeviceFound : NoGpuReason::CpuOnlyBuild;
            QCOMPARE(BuildFacts::noGpuReasonOf(o.error.message), expected);
            // The original text, traceback and all, under Details.
            QVERIFY2(o.error.details.contains("Traceback (most recent call last):"), qPrintable(o.error.details));
            QVERIFY(o.error.details.contains(o.error.message));
            QCOMPARE(o.error.codeLine, line);
            QCOMPARE(w.idOf(line.section(' ', 0, 0)), -1);
        }
    }
};

QTEST_GUILESS_MAIN(TestConsoleDevices)
#include "tst_consoledevices.moc"
