#pragma once

#include "core/kitchen/movereport.h"

#include <QComboBox>

namespace tk {

// The toolbar's choice of what dropping a card on another device means: x = x.to(d),
// y = x.to(d) or x.to(d) with the result discarded. Kept in the preferences; Shift and Ctrl
// choose another meaning for a single drop.
class DragMeaningBox : public QComboBox
{
    Q_OBJECT

public:
    explicit DragMeaningBox(QWidget *parent = nullptr);

    TransferMeaning meaning() const;
    void setMeaning(TransferMeaning meaning);
    TransferMeaning meaningFor(Qt::KeyboardModifiers modifiers) const;
};

} // namespace tk
