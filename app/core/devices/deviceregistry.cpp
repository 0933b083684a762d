#include "core/devices/deviceregistry.h"

#include "core/devices/blaslibrary.h"
#include "core/devices/torchthread.h"

#include "core/devices/cudabackend.h"

#include <ATen/Parallel.h>
#include <atomic>
#include <dlfcn.h>
#include <QFile>
#include <thread>
#include <QFileInfo>
#include <QThread>
#include <torch/cuda.h>
#include <torch/version.h>

namespace tk {

namespace {

qint64 meminfoField(const char *field)
{
    QFile f(QStringLiteral("/proc/meminfo"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(key)) {
            const QList<QByteArray> parts = line.mid(key.size()).simplified().split(' ');
            return parts.value(0).toLongLong() * 1024; // kB
        }
    }
    return -1;
}

} // namespace

QString BuildFacts::noGpuExplanation() const
{
    switch (noGpuReason) {
    case NoGpuReason::None:
        return {};
    case NoGpuReason::CpuOnlyBuild:
        return QCoreApplication::translate(
            "BuildFacts",
            "This LibTorch was built without CUDA (a CPU-only build), so torch.cuda.is_available() "
            "is False even on a PC with an NVIDIA GPU. Install the CUDA build of LibTorch/PyTorch "
            "to use the GPU.");
    case NoGpuReason::NoDeviceFound:
        return QCoreApplication::translate("BuildFacts",
                                           "This LibTorch supports CUDA, but no GPU was found: check the NVIDIA driver "
                                           "(nvidia-smi) and CUDA_VISIBLE_DEVICES.");
    }
    return {};
}

NoGpuReason BuildFacts::noGpuReasonOf(const QString &errorText)
{
    // "Torch not compiled with CUDA enabled" (Python), "PyTorch is not linked with support for
    // cuda devices" (C++); "Found no NVIDIA driver on your system", "No CUDA GPUs are
    // available", "no CUDA-capable device is detected" (a CUDA build without a device).
    if (errorText.contains(QLatin1String("not compiled with CUDA"))
        || errorText.contains(QLatin1String("not linked with support for cuda")))
        return NoGpuReason::CpuOnlyBuild;
    if (errorText.contains(QLatin1String("no NVIDIA driver"))
        || errorText.contains(QLatin1String("No CUDA GPUs are available"))
        || errorText.contains(QLatin1String("no CUDA-capable device")))
        return NoGpuReason::NoDeviceFound;
    return NoGpuReason::None;
}

QString BuildFacts::noGpuReasonKey() const
{
    switch (noGpuReason) {
    case NoGpuReason::None:
        return {};
    case NoGpuReason::CpuOnlyBuild:
        return QStringLiteral("cpu-only-build");
    case NoGpuReason::NoDeviceFound:
        return QStringLiteral("no-device-found");
    }
    return {};
}

QJsonObject BuildFacts::toJson() const
{
    QJsonObject o;
    o[QStringLiteral("torch_version")] = torchVersion;
    o[QStringLiteral("cuda_build")] = cudaBuild;
    o[QStringLiteral("cuda_device_count")] = cudaDeviceCount;
    o[QStringLiteral("cuda_version")] = cudaVersion;
    o[QStringLiteral("cudnn_version")] = cudnnVersion;
    o[QStringLiteral("driver_version")] = driverVersion;
    o[QStringLiteral("blas")] = blas;
    o[QStringLiteral("default_device")] = defaultDevice;
    o[QStringLiteral("no_gpu_reason")] = noGpuReasonKey();
    o[QStringLiteral("no_gpu_explanation")] = noGpuExplanation();
    o[QStringLiteral("tensor_kitchen_version")] = QStringLiteral(TK_VERSION);
    return o;
}

QString DeviceRegistry::cpuModel()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (f.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.startsWith("model name")) {
                const int colon = line.indexOf(':');
                return QString::fromUtf8(line.mid(colon + 1)).trimmed();
            }
        }
    }
    return QSysInfo::currentCpuArchitecture();
}

int DeviceRegistry::hardwareThreads() { return qMax(1, QThread::idealThreadCount()); }

QString DeviceRegistry::loadedBlas() { return BlasLibrary::loaded().label(); }

namespace {
struct Known
{
    BuildFacts facts;
    QList<DeviceInfo> devices; // with meta
};

const Known &known()
{
    static const Known k = [] {
        // On a thread of its own, set up as the workers are, so "threads in use" says what the
        // work uses; when the GUI asks first, it waits for this once.
        Known result;
        std::thread t([&] {
            DeviceRegistry::applyThreads();
            result = Known{DeviceRegistry::buildFacts(), DeviceRegistry::devices(true)};
        });
        t.join();
        return result;
    }();
    return k;
}
} // namespace

QList<DeviceInfo> DeviceRegistry::knownDevices(bool includeMeta)
{
    QList<DeviceInfo> list = known().devices;
    if (!includeMeta)
        list.removeIf([](const DeviceInfo &d) { return d.isMeta(); });
    return list;
}

BuildFacts DeviceRegistry::knownBuildFacts() { return known().facts; }

BuildFacts DeviceRegistry::buildFacts()
{
    TorchThread::check("DeviceRegistry::buildFacts");
    BuildFacts f;
    f.torchVersion = QStringLiteral(TORCH_VERSION);
    f.cudaBuild = cudabackend::compiledWithCuda();
    f.cudaDeviceCount = cudabackend::deviceCount();
    if (f.cudaBuild) {
        f.cudaVersion = cudabackend::cudaVersion();
        f.cudnnVersion = cudabackend::cudnnVersion();
        f.driverVersion = cudabackend::driverVersion();
    }
    f.parallelInfo = QString::fromStdString(at::get_parallel_info()).trimmed();
    f.blas = loadedBlas();
    // The torch wheel links MKL statically: nothing in the maps, but LibTorch names it.
    if (f.blas.startsWith(QLatin1String("built into")) && f.parallelInfo.contains(QLatin1String("Math Kernel Library")))
        f.blas = QStringLiteral("Intel MKL, linked into LibTorch");
    if (!f.cudaBuild)
        f.noGpuReason = NoGpuReason::CpuOnlyBuild;
    else if (f.cudaDeviceCount == 0)
        f.noGpuReason = NoGpuReason::NoDeviceFound;
    f.defaultDevice = defaultDevice();
    return f;
}

QList<DeviceInfo> DeviceRegistry::devices(bool includeMeta)
{
    TorchThread::check("DeviceRegistry::devices");
    QList<DeviceInfo> list;
    DeviceInfo cpu;
    cpu.id = cpu.type = QStringLiteral("cpu");
    cpu.name = cpuModel();
    cpu.threads = at::get_num_threads();
    cpu.logicalCores = hardwareThreads();
    cpu.memoryTotal = meminfoField("MemTotal");
    cpu.memoryFree = meminfoField("MemAvailable");
    list << cpu;

    const int n = cudabackend::deviceCount();
    for (int i = 0; i < n; ++i) {
        const cudabackend::DeviceProps p = cudabackend::properties(i);
        DeviceInfo d;
        d.id = QStringLiteral("cuda:%1").arg(i);
        d.type = QStringLiteral("cuda");
        d.index = i;
        d.name = p.name;
        d.capability = p.capability;
        d.memoryTotal = p.total;
        d.memoryFree = p.free;
        d.allocatorAllocated = p.allocated;
        d.allocatorReserved = p.reserved;
        list << d;
    }
    if (includeMeta) {
        DeviceInfo m;
        m.id = m.type = QStringLiteral("meta");
        m.name = tr("Meta device: shapes and dtypes, no data");
        list << m;
    }
    return list;
}

DeviceInfo DeviceRegistry::device(const QString &id, bool *found)
{
    TorchThread::check("DeviceRegistry::device");
    const QString resolved = resolve(id);
    for (const DeviceInfo &d : devices(true)) {
        if (d.id == resolved) {
            if (found)
                *found = true;
            return d;
        }
    }
    if (found)
        *found = false;
    return {};
}

QString DeviceRegistry::defaultDevice()
{
    TorchThread::check("DeviceRegistry::defaultDevice");
    return cudabackend::deviceCount() > 0 ? QStringLiteral("cuda") : QStringLiteral("cpu");
}

QString DeviceRegistry::resolve(const QString &id)
{
    TorchThread::check("DeviceRegistry::resolve");
    const QString t = id.trimmed();
    if (t == QLatin1String("cuda"))
        return cudabackend::deviceCount() > 0 ? QStringLiteral("cuda:0") : QStringLiteral("cpu");
    return t;
}

qint64 DeviceRegistry::freeBytes(const QString &id)
{
    TorchThread::check("DeviceRegistry::freeBytes");
    const QString d = resolve(id);
    if (d == QLatin1String("meta"))
        return -1;
    if (d == QLatin1String("cpu"))
        return meminfoField("MemAvailable");
    if (d.startsWith(QLatin1String("cuda:"))) {
        const int index = d.mid(5).toInt();
        if (index >= cudabackend::deviceCount())
            return 0;
        const cudabackend::DeviceProps p = cudabackend::properties(index);
        // Memory the caching allocator reserved but does not use is free for our tensors.
        return p.free + qMax<qint64>(0, p.reserved - p.allocated);
    }
    return 0;
}

namespace {
using SetThreads = void (*)(int);
using GetThreads = int (*)();

// LibTorch built against a generic BLAS does not pass its thread count on; OpenBLAS keeps its
// own pool, so it is told too.
SetThreads openblasSetThreads()
{
    static const auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
    return set;
}

// OpenBLAS's own count (all cores, or OPENBLAS_NUM_THREADS), read as this library loads, before
// anything here changes it: what python3 with the same torch runs with.
const int kBlasDefault = [] {
    const auto get = reinterpret_cast<GetThreads>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
    return get ? get() : 0;
}();

// OpenMP keeps the count per thread, OpenBLAS for the whole process. Cheap to ask, but
// OpenBLAS's setter re-plans its pool: only act on a change.
thread_local int ompApplied = 0;
std::atomic<int> blasApplied{0};

void applyCounts(int omp, int blas)
{
    if (ompApplied != omp) {
        at::set_num_threads(omp);
        ompApplied = omp;
    }
    if (blas > 0 && blasApplied.exchange(blas) != blas)
        if (const SetThreads set = openblasSetThreads())
            set(blas);
}
} // namespace

void DeviceRegistry::applyThreads(int threads)
{
    TorchThread::check("DeviceRegistry::applyThreads");
    const int n = threads > 0 ? threads : hardwareThreads();
    applyCounts(n, n);
}

void DeviceRegistry::applyLibraryDefaults()
{
    TorchThread::check("DeviceRegistry::applyLibraryDefaults");
    // LibTorch's own default (1.13: half the cores; 2.x: the physical ones; OMP_NUM_THREADS
    // where set), as a fresh python3 importing the same torch gets it.
    applyCounts(at::intraop_default_num_threads(), kBlasDefault);
}

void DeviceRegistry::emptyCudaCache()
{
    TorchThread::check("DeviceRegistry::emptyCudaCache");
    cudabackend::emptyCache();
}

} // namespace tk
