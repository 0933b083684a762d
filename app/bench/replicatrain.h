#pragma once

#include "core/races/trainconfig.h"

#include <QCoreApplication>
#include <QList>
#include <QTextStream>

namespace tk {

// `train --placement ddp`: one DDP lane (ReplicaRun) or, with --sweep-ranks, the same run on
// several numbers of ranks (ReplicaSweep::measure), printed as text or JSON. Beside
// TrainCommand, which parses the options and does the in-process lanes.
class ReplicaTrain
{
    Q_DECLARE_TR_FUNCTIONS(BenchCli)

public:
    ReplicaTrain(QTextStream &out, QTextStream &err) : m_out(out), m_err(err) { }
    // Exit codes as the CLI's: 0, 2 with the reason on stderr.
    int train(const TrainConfig &config, const TrainLane &lane, bool json);
    int sweep(const TrainConfig &config, const TrainLane &lane, const QList<int> &ranks, bool json);

private:
    int fail(const QString &message);

    QTextStream &m_out;
    QTextStream &m_err;
};

} // namespace tk
