#pragma once

#include "core/races/machineload.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace tk {

// How a matmul lane is timed.
enum class MatmulMode {
    Compute, // A and B already on the device; synchronised clock reads
    EndToEnd, // A and B on the host: copy in, multiply, copy the result back
    Naive, // no synchronisation: on a GPU this times only the kernel launch (wrong on purpose)
};

QString matmulModeName(MatmulMode m); // "compute", "end-to-end", "naive"
bool matmulModeFromName(const QString &name, MatmulMode *mode);

// What runs the multiplication.
enum class MatmulEngine {
    LibTorch, // at::matmul from C++, in the race's thread
    Python, // `a @ b` in a Python interpreter, timed by torch.utils.benchmark itself
};

QString matmulEngineName(MatmulEngine e); // "libtorch", "python"
bool matmulEngineFromName(const QString &name, MatmulEngine *engine);

// One curve of the race: a device, a timing mode, (on the CPU) a thread count, an engine.
struct MatmulLane
{
    QString device = QStringLiteral("cpu");
    MatmulMode mode = MatmulMode::Compute;
    int threads = 0; // 0: all cores
    MatmulEngine engine = MatmulEngine::LibTorch;
    QString label() const;
};

// One point of one lane: A @ B with A, B of N×N.
struct MatmulResult
{
    int lane = 0;
    QString device;
    MatmulMode mode = MatmulMode::Compute;
    MatmulEngine engine = MatmulEngine::LibTorch;
    int n = 0;
    QString dtype;
    int threads = 0;
    double medianS = 0;
    double iqrS = 0;
    double gflops = 0; // 2 N³ / median
    double coldS = 0; // the first call, timed alone
    qint64 numberPerRun = 0;
    int blocks = 0;
    bool noisy = false; // IQR > 10 % of the median
    int point = 0; // k of K, 1-based
    int points = 0;
    MachineLoad load; // what other processes used while this point was timed
};

struct MatmulSettings
{
    QList<MatmulLane> lanes;
    QList<int> sizes;
    QString dtype = QStringLiteral("float32");
    double minRunTime = 0.2;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::MatmulResult)
Q_DECLARE_METATYPE(tk::MatmulSettings)
