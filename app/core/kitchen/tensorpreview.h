#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tk {

// The first rows and columns of a card's values, as text, for the values table.
struct TensorPreview
{
    int cardId = -1;
    QString name;
    qint64 totalRows = 0;
    qint64 totalCols = 0;
    int rows = 0;
    int cols = 0;
    QStringList cells; // rows × cols, row-major
    QString note; // e.g. "meta tensors have no values"
};

} // namespace tk

Q_DECLARE_METATYPE(tk::TensorPreview)
