#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QVector>

namespace tk {

// A snapshot of one named tensor, safe to hand to the GUI thread (no torch types).
struct CardInfo
{
    int id = -1;
    QString name;
    QString device; // "cpu", "cuda:0", "meta"
    QString dtype; // "float32", …
    QList<qint64> shape;
    qint64 numel = 0;
    qint64 bytes = 0; // bytes of this tensor's view
    qint64 storageBytes = 0;
    int storageId = 0; // equal ids: one storage (views, same-device to())
    QString summary; // lovely-tensors style line
    bool hasNan = false;
    bool hasPosInf = false;
    bool hasNegInf = false;
    double min = 0, max = 0, mean = 0, std = 0;
    bool hasStats = false; // false for meta (no values) and empty tensors
    // A large load's card before its statistics and heat map are made: they follow on the
    // kitchen's worker after the cards appear (Workspace::summarisePending).
    bool summaryPending = false;
    // Downsampled values for the heat map, row-major, scaled to 0…1; NaN marks non-finite.
    int heatRows = 0;
    int heatCols = 0;
    QVector<float> heat;
    int revision = 0; // bumps whenever the card's tensor changes
    QString kind = QStringLiteral("tensor"); // "tensor", "model", "optimizer" or "loss"
};

} // namespace tk

Q_DECLARE_METATYPE(tk::CardInfo)
