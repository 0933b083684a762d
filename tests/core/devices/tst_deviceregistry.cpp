#include "core/devices/blaslibrary.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/torchthread.h"

#include <QFile>
#include <QTest>
#include <QThread>

using namespace tk;

class TestDeviceRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cpuComesFirstWithHardwareFacts()
    {
        DeviceRegistry::applyThreads();
        const QList<DeviceInfo> list = DeviceRegistry::devices();
        QVERIFY(!list.isEmpty());
        const DeviceInfo cpu = list.first();
        QCOMPARE(cpu.id, QStringLiteral("cpu"));
        QVERIFY(!cpu.name.isEmpty());
        QCOMPARE(cpu.logicalCores, QThread::idealThreadCount());
        // LibTorch 1.13 starts at half the cores; the registry must have raised it.
        QCOMPARE(cpu.threads, QThread::idealThreadCount());
        QVERIFY(cpu.memoryTotal > 0);
        QVERIFY(cpu.memoryFree > 0 && cpu.memoryFree <= cpu.memoryTotal);
    }

    void metaOnlyWhenAsked()
    {
        for (const DeviceInfo &d : DeviceRegistry::devices(false))
            QVERIFY(d.id != QLatin1String("meta"));
        const QList<DeviceInfo> with = DeviceRegistry::devices(true);
        QCOMPARE(with.last().id, QStringLiteral("meta"));
        QCOMPARE(DeviceRegistry::freeBytes("meta"), qint64(-1));
    }

    void noGpuReasonMatchesBuild()
    {
        const BuildFacts f = DeviceRegistry::buildFacts();
        QVERIFY(!f.torchVersion.isEmpty());
        QVERIFY(!f.blas.isEmpty());
        if (f.cudaDeviceCount > 0) {
            QCOMPARE(f.noGpuReason, NoGpuReason::None);
            QCOMPARE(f.defaultDevice, QStringLiteral("cuda"));
            QCOMPARE(DeviceRegistry::resolve("cuda"), QStringLiteral("cuda:0"));
            QSKIP("This machine has a GPU; the no-GPU reasons are checked on CPU machines.");
        }
        QCOMPARE(f.defaultDevice, QStringLiteral("cpu"));
        QCOMPARE(DeviceRegistry::resolve("cuda"), QStringLiteral("cpu"));
        QVERIFY(f.noGpuReason != NoGpuReason::None);
        QCOMPARE(f.noGpuReason, f.cudaBuild ? NoGpuReason::NoDeviceFound : NoGpuReason::CpuOnlyBuild);
        QVERIFY(f.noGpuExplanation().contains(f.cudaBuild ? "no GPU was found" : "CPU-only"));
        // The build is the one CMake chose: a CUDA LibTorch must not end up with the CPU backend.
        QCOMPARE(f.cudaBuild, bool(TK_EXPECT_CUDA_BUILD));
        QCOMPARE(f.noGpuReason, TK_EXPECT_CUDA_BUILD ? NoGpuReason::NoDeviceFound : NoGpuReason::CpuOnlyBuild);
        if (f.cudaBuild)
            QVERIFY2(!f.cudaVersion.isEmpty(), "a CUDA build knows its CUDA runtime");
        bool found = true;
        DeviceRegistry::device("cuda:0", &found);
        QVERIFY(!found);
    }

    void libTorchCallsOnTheForbiddenThreadAreCaught()
    {
        // The app forbids its GUI thread; the known…() copies and offGuiThread() stay legal there.
        TorchThread::forbid(QThread::currentThread());
        const int before = TorchThread::violations();
        QVERIFY(!DeviceRegistry::knownDevices().isEmpty());
        QVERIFY(!DeviceRegistry::knownBuildFacts().torchVersion.isEmpty());
        QThread *ranOn = nullptr;
        const QString resolved = TorchThread::offGuiThread([&] {
            ranOn = QThread::currentThread();
            return DeviceRegistry::resolve(QStringLiteral("cpu"));
        });
        QCOMPARE(resolved, QStringLiteral("cpu"));
        QVERIFY(ranOn != QThread::currentThread());
        QCOMPARE(TorchThread::violations(), before);
        DeviceRegistry::resolve(QStringLiteral("cpu")); // LibTorch, on the forbidden thread
        QCOMPARE(TorchThread::violations(), before + 1);
        TorchThread::forbid(nullptr);
        DeviceRegistry::resolve(QStringLiteral("cpu"));
        QCOMPARE(TorchThread::violations(), before + 1);
    }

    void blasIsTheFastOne()
    {
        // Debian's build must run on the OpenBLAS the install step pulls (reference BLAS is ~30×
        // slower at matmul); the wheel carries MKL inside LibTorch and says so.
        const BlasLibrary blas = BlasLibrary::loaded();
        if (TK_EXPECT_TORCH_WHEEL) {
            QCOMPARE(DeviceRegistry::buildFacts().blas, QStringLiteral("Intel MKL, linked into LibTorch"));
        } else {
            QVERIFY2(blas.kind == BlasLibrary::Kind::OpenBlasPthread || blas.kind == BlasLibrary::Kind::OpenBlas,
                     qPrintable(blas.label()));
            QVERIFY2(QFile::exists(blas.path), qPrintable(blas.path));
            QCOMPARE(DeviceRegistry::buildFacts().blas, blas.label());
        }
    }
};

QTEST_GUILESS_MAIN(TestDeviceRegistry)
#include "tst_deviceregistry.moc"
