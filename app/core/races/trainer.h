#pragma once

#include "core/races/trainconfig.h"

#include <QCoreApplication>
#include <memory>

namespace tk {

// One lane of the training race: an MLP classifier on the two-spirals dataset, trained on one
// device. The model is built on the CPU from the seed and then moved in place with
// model->to(device), so every lane starts from the same weights. Not thread-safe; lives on
// the race's worker thread (or the bench CLI's main thread).
class Trainer
{
    Q_DECLARE_TR_FUNCTIONS(Trainer)

public:
    Trainer(const TrainConfig &config, const TrainLane &lane, int laneIndex);
    ~Trainer();

    // Builds data and model; false and a clear message (LibTorch's own where it refused).
    bool prepare(QString *error);
    // One optimisation step; false on a LibTorch error.
    bool step(TrainStep *out, QString *error);
    DecisionGrid decision() const;
    // What ran the last step: "libtorch-autograd" (autograd + torch::optim, as a PyTorch
    // program does), empty before the first step.
    QString engine() const;
    // The optimizer's implementation in torch.optim's words: "single-tensor".
    QString optimizerImplementation() const;
    int stepsDone() const;
    // The CPU time spent preparing samples so far, on every thread (DataLoader placement).
    double prepCpuSeconds() const;
    // The dataset, for drawing the points over the decision picture: x, y, class per point.
    static QVector<float> datasetPoints(const TrainConfig &config);
    // Refuses placements a device cannot do, with the reason (pinned memory needs CUDA).
    static QString checkPlacement(const TrainConfig &config, const QString &device);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tk
