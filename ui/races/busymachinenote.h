#pragma once

#include <QPointer>
#include <QString>

class QCPTextElement;
class QCustomPlot;

namespace tk {

// A race's busy-machine warning, drawn on one of its charts (so PNG and PDF exports carry it
// too): a boxed note in a row of its own between the chart's title and its plot area, so it
// never covers a curve; the plot area gives up the height while it shows. Made when first
// needed, taken out of the layout when empty.
class BusyMachineNote
{
public:
    explicit BusyMachineNote(QCustomPlot *plot) : m_plot(plot) { }

    // Shows the text (the measure, then what it means, on two lines); empty hides the note.
    // True when what is shown changed, so the caller replots.
    bool set(const QString &text);
    QString text() const; // empty while hidden

private:
    QCustomPlot *m_plot;
    QPointer<QCPTextElement> m_element; // a child of the plot, in its layout while shown
};

} // namespace tk
