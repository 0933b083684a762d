#pragma once

#include "core/devices/buildfacts.h"
#include "core/devices/deviceinfo.h"

#include <QCoreApplication>
#include <QList>

namespace tk {

// What devices this machine and this LibTorch offer. buildFacts(), devices() and the rest ask
// LibTorch each call (memory changes) and belong on a worker thread; the GUI reads the
// known…() copies, probed once off its thread and cached.
class DeviceRegistry
{
    Q_DECLARE_TR_FUNCTIONS(DeviceRegistry)

public:
    // The devices and build as first probed: ids, names, totals. Safe on the GUI thread.
    static QList<DeviceInfo> knownDevices(bool includeMeta = false);
    static BuildFacts knownBuildFacts();
    static BuildFacts buildFacts();
    // cpu first, then cuda:0…, then meta when asked for.
    static QList<DeviceInfo> devices(bool includeMeta = false);
    static DeviceInfo device(const QString &id, bool *found = nullptr);
    // The usual PyTorch idiom: device = "cuda" if torch.cuda.is_available() else "cpu".
    static QString defaultDevice();
    // "cuda" → "cuda:0" (or "cpu" when no GPU), other ids unchanged.
    static QString resolve(const QString &id);
    // Bytes a new tensor may take on this device; -1 when there is no limit (meta).
    static qint64 freeBytes(const QString &id);
    // Threads: LibTorch 1.13 starts at half the cores; use them all. Call on the thread that
    // runs LibTorch work, since OpenMP keeps the setting per thread.
    static void applyThreads(int threads = 0);
    // The thread counts python3 starts with for this torch (LibTorch's default intra-op count,
    // OpenBLAS's own): where a user's code runs (the console, the kitchen), as their script would.
    static void applyLibraryDefaults();
    static int hardwareThreads();
    static QString cpuModel();
    static QString loadedBlas();
    static void emptyCudaCache();
};

} // namespace tk
