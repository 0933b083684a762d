#pragma once

#include <QMetaType>
#include <QString>

namespace tk {

// One optimizer step of a watched program: a point of the per-step chart (copying, waiting
// for data, and the rest of `seconds`).
struct WatchStep
{
    qint64 n = 0; // counts from 1
    double at = 0; // the protocol's t
    QString optimizer; // "Adam"
    double seconds = 0; // wall time since the previous step
    double waitSeconds = 0; // of which DataLoader waits
    double copySeconds = 0; // of which moves (their durations known when the step ended)
    qint64 bytes = 0; // moved in the step
    qint64 moves = 0;
    double collectiveSeconds = 0; // of which blocking torch.distributed collectives
    qint64 collectives = 0;
    QString file;
    int line = 0;
    int cell = 0; // the notebook cell of file:line (its execution count); 0: none
    // On CUDA: how long the GPU sat with nothing to do before this step's first work, on its
    // own clock (CUDA events), and the user's line that gave it that work. -1: not measured.
    double gpuIdleSeconds = -1;
    QString gpuIdleFile;
    int gpuIdleLine = 0;
    int gpuIdleCell = 0;
    // A notebook cell that ran (a `cell` message): n is its execution count, and while the
    // notebook makes no optimizer steps the step chart draws each cell as a bar.
    bool isCell = false;
    bool failed = false; // the cell raised
    // Sent by a rank of a DDP run (tensorkitchen.replicas); defaults otherwise.
    int rank = -1; // -1: not a rank
    double loss = 0; // the rank's loss on its shard
    qint64 samples = 0; // the rank's batch
    double forwardSeconds = 0; // batch assembled + model + loss
    double backwardSeconds = 0; // loss.backward(), waiting for the all-reduce included
    double optimizerSeconds = 0; // zero_grad + step + loss.item()
    double allreduceSeconds = 0; // the gradient all-reduce, every bucket together
    qint64 allreduceBytes = 0;

    double otherSeconds() const { return qMax(0.0, seconds - waitSeconds - copySeconds - collectiveSeconds); }
};

} // namespace tk

// Relocatable, as MoveReport is (a kept list grows by moving its memory).
Q_DECLARE_TYPEINFO(tk::WatchStep, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(tk::WatchStep)
