#pragma once

#include <QScrollArea>

namespace tk {

// A side form that scrolls when the window is short instead of squashing its inputs: as wide
// as the form wants (plus the scroll bar), as tall as there is room for.
class FormScrollArea : public QScrollArea
{
    Q_OBJECT

public:
    explicit FormScrollArea(QWidget *form, QWidget *parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
};

} // namespace tk
