#include "ui/common/formscrollarea.h"

#include <QScrollBar>

namespace tk {

FormScrollArea::FormScrollArea(QWidget *form, QWidget *parent) : QScrollArea(parent)
{
    setObjectName(QStringLiteral("formScroll"));
    setWidget(form);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
}

QSize FormScrollArea::sizeHint() const
{
    const QSize form = widget() ? widget()->sizeHint() : QSize();
    // Room for the scroll bar from the start, so showing it never narrows the form.
    return {form.width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth(), form.height()};
}

QSize FormScrollArea::minimumSizeHint() const { return {sizeHint().width(), 80}; }

} // namespace tk
