#pragma once

#include "matmulresult.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>

namespace tk {

// The race's numbers in files: JSON with a receipt of versions and settings, and CSV.
class MatmulReport
{
    Q_DECLARE_TR_FUNCTIONS(MatmulReport)

public:
    static QJsonObject receipt(const MatmulSettings &settings);
    static QByteArray toJson(const QJsonObject &receipt, const QList<MatmulResult> &results);
    static QByteArray toCsv(const QList<MatmulResult> &results);
    static QString toText(const QList<MatmulResult> &results);
    static bool fromJson(const QByteArray &data, QJsonObject *receipt, QList<MatmulResult> *results,
                         QString *error);
    static bool fromCsv(const QByteArray &data, QList<MatmulResult> *results, QString *error);
    static QStringList csvColumns();
};

} // namespace tk
