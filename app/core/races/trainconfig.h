#pragma once

#include "core/races/lanes/traininglanes.h"
#include "core/races/machineload.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVector>

namespace tk {

// Where the training data lives while a lane trains: moved per batch, up front, or pinned.
enum class TrainPlacement {
    PerBatch, // dataset on the host; each batch is moved with .to(device)
    Preload, // the whole dataset moved to the device once, before the first step
    Pinned, // batches gathered into page-locked host memory, copied with non_blocking=True
    // LibTorch's torch::data DataLoader over samples that cost CPU work to prepare, from 0…N
    // worker threads (ordered: the same batches whatever the number), optionally pinned
    DataLoader,
};
QString placementName(TrainPlacement p);
bool placementFromName(const QString &name, TrainPlacement *p);

// One configuration, trained identically on every lane of the race.
struct TrainConfig
{
    int width = 64; // hidden units per layer
    int depth = 2; // hidden layers
    int batch = 128;
    int steps = 600;
    quint64 seed = 0;
    double lr = 0.01;
    QString optimizer = QStringLiteral("adam"); // "sgd" (momentum 0.9) or "adam"
    TrainPlacement placement = TrainPlacement::PerBatch;
    int points = 2048; // dataset size (both spirals together)
    double noise = 0.05;
    int gridEvery = 25; // decision picture every k steps (0: never)
    int gridSize = 64; // the picture is gridSize × gridSize
    double targetLoss = 0.1;
    // The DataLoader placement: worker threads (0: the training thread prepares each batch
    // itself), blur passes per sample (the CPU cost of preparing one), and page-locked
    // batches copied with non_blocking=True (CUDA only).
    int workers = 0;
    int prepCost = 8;
    bool pinBatches = false;

    // The run's model, data and optimizer as a receipt names them ("width", "depth", "batch",
    // "steps", "seed", "lr", "optimizer", "points"): one spelling for every lane's receipt.
    QJsonObject toJson() const
    {
        return {{QStringLiteral("width"), width},         {QStringLiteral("depth"), depth},
                {QStringLiteral("batch"), batch},         {QStringLiteral("steps"), steps},
                {QStringLiteral("seed"), double(seed)},   {QStringLiteral("lr"), lr},
                {QStringLiteral("optimizer"), optimizer}, {QStringLiteral("points"), points}};
    }
};

// One lane: a device and, on the CPU, a thread count (per rank for a DDP lane; 0: the
// launcher's share of the cores), and its kind, who trains it (a TrainingLane's id, looked up
// in TrainingLanes): "libtorch", this process with LibTorch C++ (autograd and torch::optim);
// "python", one Python process with PyTorch, the same model, data and optimizer (what a plain
// PyTorch script gets); "ddp", `ranks` Python processes with DistributedDataParallel, each on
// its shard of the global batch; "dp", nn.DataParallel in one Python process over every GPU.
struct TrainLane
{
    QString device = QStringLiteral("cpu");
    int threads = 0; // 0: all cores
    QString kind = TrainingLanes::kLibTorch;
    int ranks = 2; // ddp only
    int port = 0; // ddp: a port on 127.0.0.1 held for the run, naming its group (0: a free one)
    QString label() const; // its kind's: "cpu · 2 threads", "DDP × 2 · CPU"
};

// One optimisation step, as measured.
struct TrainStep
{
    int lane = 0;
    int step = 0; // 1-based
    double loss = 0;
    double stepSeconds = 0; // this step alone, synchronised
    double wallSeconds = 0; // training time since the lane started (pictures excluded)
    double samplesPerSecond = 0;
    double waitSeconds = 0; // of stepSeconds, the time spent waiting for the batch
    // A DDP lane: the gradient all-reduce's seconds (mean over ranks) and bytes per rank, and
    // the number of ranks; 0 elsewhere.
    double allreduceSeconds = 0;
    qint64 allreduceBytes = 0;
    int ranks = 0;
};

// What other processes used while one lane trained (a turn of the race, or its part before a
// pause); the race adds a lane's windows up.
struct TrainLoad
{
    int lane = 0;
    MachineLoad load;
};

// What a lane's model predicts over the plane: P(class 1) on a grid, row 0 at the top.
struct DecisionGrid
{
    int lane = 0;
    int step = 0;
    int size = 0;
    double extent = 1.2; // the grid spans [-extent, extent]²
    QVector<float> probability;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::TrainConfig)
Q_DECLARE_METATYPE(tk::TrainStep)
Q_DECLARE_METATYPE(tk::DecisionGrid)
Q_DECLARE_METATYPE(tk::TrainLoad)
Q_DECLARE_METATYPE(tk::TrainLane)
