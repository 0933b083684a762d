#pragma once

#include "core/races/matmulresult.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>

namespace tk {

// The race's numbers in files: JSON with a receipt of versions and settings, and CSV.
class MatmulReport
{
    Q_DECLARE_TR_FUNCTIONS(MatmulReport)

public:
    // With the results, the receipt also says how busy the machine was (machine_load, and
    // busy_machine_warning when other programs slowed the CPU lanes).
    static QJsonObject receipt(const MatmulSettings &settings, const QList<MatmulResult> &results = {});
    // Other processes' load over the CPU lanes' points together (the race's figure).
    static MachineLoad machineLoad(const QList<MatmulResult> &results);
    static QByteArray toJson(const QJsonObject &receipt, const QList<MatmulResult> &results);
    static QByteArray toCsv(const QList<MatmulResult> &results);
    static QString toText(const QList<MatmulResult> &results);
    static bool fromJson(const QByteArray &data, QJsonObject *receipt, QList<MatmulResult> *results, QString *error);
    static bool fromCsv(const QByteArray &data, QList<MatmulResult> *results, QString *error);
    static QStringList csvColumns();
    // Per device, what Python costs per call: each Python lane against the C++ lane of the same
    // device, mode and threads, at the smallest and the largest N both ran ("cpu: at N = 32 …").
    // Empty without a Python lane and its C++ twin.
    static QStringList pythonCost(const QList<MatmulResult> &results);
};

} // namespace tk
