#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QVector>

namespace tk {

// One rank of a DDP lane, as its hello told it.
struct ReplicaInfo
{
    int rank = 0;
    int worldSize = 0;
    qint64 pid = 0;
    QString device; // "cpu", "cuda:1"
    QString backend; // "gloo", "nccl"
    int threads = 0; // torch threads of this rank
};

// One rank's share of one optimisation step.
struct RankStep
{
    int rank = 0;
    double seconds = 0, forwardSeconds = 0, backwardSeconds = 0, allreduceSeconds = 0, optimizerSeconds = 0, loss = 0;
    int samples = 0;
};

// One step of the whole group, combined once every rank has sent it.
struct ReplicaStep
{
    int step = 0; // 1-based
    double loss = 0; // mean of the ranks' losses: the global batch's loss
    double stepSeconds = 0; // slowest rank
    double allreduceSeconds = 0; // mean over ranks
    qint64 allreduceBytes = 0; // per rank
    QVector<RankStep> ranks; // by rank
};

// A DDP lane's ranks and their medians so far (the UI's replica strip, the CLI's JSON).
struct ReplicaSummary
{
    int lane = 0;
    QList<ReplicaInfo> ranks;
    QString backend;
    QVector<double> rankStepMedian, rankForwardMedian, rankBackwardMedian, rankAllreduceMedian;
    double allreduceMedian = 0;
    qint64 allreduceBytes = 0;
    QString notice; // the launcher's "DDP on cpu: 2 ranks over gloo, …"
    // From the launcher's result at the end: the Python's torch, and how torch.optim ran the
    // step ("single-tensor", "foreach", "fused"; empty where it could not tell).
    QString torchVersion;
    QString optimizerImplementation;
    // The trained model's P(class 1) over the race's grid (TrainConfig::gridSize², row 0 at the
    // top), drawn by rank 0 after the last step; empty when no picture was asked for.
    QVector<float> decision;
};

} // namespace tk

Q_DECLARE_METATYPE(tk::ReplicaInfo)
Q_DECLARE_METATYPE(tk::RankStep)
Q_DECLARE_METATYPE(tk::ReplicaStep)
Q_DECLARE_METATYPE(tk::ReplicaSummary)
