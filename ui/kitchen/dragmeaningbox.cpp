#include "ui/kitchen/dragmeaningbox.h"

#include "ui/window/preferencesdialog.h"

namespace tk {

DragMeaningBox::DragMeaningBox(QWidget *parent) : QComboBox(parent)
{
    setObjectName(QStringLiteral("dragMeaning"));
    addItem(QStringLiteral("x = x.to(d)"), int(TransferMeaning::Reassign));
    addItem(QStringLiteral("y = x.to(d)"), int(TransferMeaning::NewName));
    addItem(tr("x.to(d)  (result discarded)"), int(TransferMeaning::Discard));
    setToolTip(tr("What dropping a card on another device does.\n"
                  "Hold Shift for y = x.to(d), Ctrl for x.to(d) with the result discarded."));
    // Read before connecting, so that reading the preference does not write it back.
    setMeaning(TransferMeaning(PreferencesDialog::dragMeaning()));
    connect(this, &QComboBox::currentIndexChanged, this, [this] { PreferencesDialog::setDragMeaning(int(meaning())); });
}

TransferMeaning DragMeaningBox::meaning() const { return TransferMeaning(currentData().toInt()); }

void DragMeaningBox::setMeaning(TransferMeaning meaning) { setCurrentIndex(findData(int(meaning))); }

TransferMeaning DragMeaningBox::meaningFor(Qt::KeyboardModifiers modifiers) const
{
    if (modifiers & Qt::ShiftModifier)
        return TransferMeaning::NewName;
    if (modifiers & Qt::ControlModifier)
        return TransferMeaning::Discard;
    return meaning();
}

} // namespace tk
