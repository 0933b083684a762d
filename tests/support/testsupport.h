#pragma once

// What several suites need from their surroundings: the Python whose torch matches the LibTorch
// under test, and which of the three device cases this run is in (for honest skips).
#include "core/devices/deviceregistry.h"
#include "core/kitchen/workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

namespace tk::testsupport {

// The code of every line in the workspace's code log, in order.
inline QStringList codeLines(const Workspace &w)
{
    QStringList lines;
    for (const CodeLine &l : w.codeLog().lines())
        lines << l.code;
    return lines;
}

// An executable at `path` that prints `output` whatever it is asked: a Python that answers
// PythonProbe's question as it likes ("tk-probe 3.12.1 2.5.0"), or not at all. Its path; empty
// when it could not be written.
inline QString fakePython(const QString &path, const QByteArray &output)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\necho '" + output + "'\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}

// CTest's SKIP_RETURN_CODE for suites that cannot run in this device case (tests/CMakeLists.txt).
constexpr int kSkipReturnCode = 77;

enum class DeviceCase { CpuOnlyBuild, CudaBuildWithoutDevice, DevicePresent };

inline DeviceCase deviceCase()
{
    const BuildFacts f = DeviceRegistry::buildFacts();
    if (f.cudaDeviceCount > 0)
        return DeviceCase::DevicePresent;
    return f.cudaBuild ? DeviceCase::CudaBuildWithoutDevice : DeviceCase::CpuOnlyBuild;
}

inline const char *deviceCaseName(DeviceCase c)
{
    switch (c) {
    case DeviceCase::CpuOnlyBuild:
        return "CPU-only build";
    case DeviceCase::CudaBuildWithoutDevice:
        return "CUDA build without a device";
    case DeviceCase::DevicePresent:
        return "device present";
    }
    return "";
}

// Runs the suite, or only tells CTest it was skipped and why when this device case is not the
// one it needs. Qt Test's QSKIP alone would show the suite as passed.
template<typename Suite> int runForDeviceCase(int argc, char **argv, bool needsDevice)
{
    const DeviceCase c = deviceCase();
    if ((c == DeviceCase::DevicePresent) != needsDevice) {
        std::printf("SKIPPED (%s): %s\n", deviceCaseName(c),
                    needsDevice ? "these checks need a CUDA device"
                                : "these checks are for machines without a CUDA device");
        return kSkipReturnCode;
    }
    Suite suite;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&suite, argc, argv);
}

// The Python whose `torch` wraps the LibTorch these tests link: Debian's python3-torch for the
// default build, the virtual environment's for a pip build (TK_PYTHON, set by CMake). Empty
// when that Python has no torch (or, with needTorch false, when there is no Python at all).
inline QString torchPython(bool needTorch = true)
{
    // With TK_PYTHON set, no other Python: another torch would be a different comparison.
    const QStringList candidates = qEnvironmentVariableIsSet("TK_PYTHON")
        ? QStringList{qEnvironmentVariable("TK_PYTHON")}
        : QStringList{QStringLiteral("/usr/bin/python3"), QStandardPaths::findExecutable("python3")};
    for (const QString &exe : candidates) {
        if (exe.isEmpty() || !QFile::exists(exe))
            continue;
        if (!needTorch)
            return exe;
        QProcess p;
        p.start(exe, {"-c", "import torch; print(torch.__version__)"});
        if (p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0) {
            qInfo("Comparing with PyTorch %s (%s)", p.readAllStandardOutput().trimmed().constData(), qPrintable(exe));
            return exe;
        }
    }
    return {};
}

// True when `python`'s torch sees a CUDA device (programs that only mean something on a GPU).
inline bool pythonHasCuda(const QString &python)
{
    if (python.isEmpty())
        return false;
    QProcess p;
    p.start(python, {"-c", "import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)"});
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A script under tests/fixtures/writers/ that writes files as PyTorch programs do (run with
// torchPython(): `python SCRIPT OUT`).
inline QString fixtureWriter(const QString &name)
{
    return qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/tests/fixtures/writers/") + name;
}

} // namespace tk::testsupport
