#pragma once

#include <QString>
#include <Qt>

class QCPItemText;
class QCustomPlot;

namespace tk {

// A race's busy-machine warning, drawn on one of its charts (so PNG and PDF exports carry it
// too): a boxed note in a corner of the plot, made when first needed, hidden when empty.
class BusyMachineNote
{
public:
    // corner: where in the axis rect, e.g. Qt::AlignLeft | Qt::AlignTop.
    BusyMachineNote(QCustomPlot *plot, Qt::Alignment corner) : m_plot(plot), m_corner(corner) {}

    // Shows the text (the measure, then what it means, on two lines); empty hides the note.
    // True when what is shown changed, so the caller replots.
    bool set(const QString &text);
    QString text() const; // empty while hidden

private:
    QCustomPlot *m_plot;
    Qt::Alignment m_corner;
    QCPItemText *m_item = nullptr; // owned by the plot
};

} // namespace tk
