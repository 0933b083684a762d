#include "ui/races/busymachinenote.h"
#include "ui/common/palette.h"

#include <qcustomplot.h>

namespace tk {

namespace {

// QCPTextElement with the warning's box drawn behind its text.
class BoxedText : public QCPTextElement
{
public:
    explicit BoxedText(QCustomPlot *plot) : QCPTextElement(plot) { }

protected:
    void draw(QCPPainter *painter) override
    {
        const QRect text = QFontMetrics(mFont).boundingRect(mRect, mTextFlags, mText);
        painter->setPen(QPen(Palette::warningBorder()));
        painter->setBrush(Palette::warningBack());
        painter->drawRect(text.adjusted(-6, -3, 6, 3));
        QCPTextElement::draw(painter);
    }
};

} // namespace

bool BusyMachineNote::set(const QString &text)
{
    if (!m_element) {
        if (text.isEmpty())
            return false;
        m_element = new BoxedText(m_plot);
        m_element->setObjectName(QStringLiteral("busyMachineWarning"));
        m_element->setTextFlags(Qt::AlignCenter);
        m_element->setTextColor(Palette::warningText());
        m_element->setMargins(QMargins(8, 4, 8, 6)); // room for the box around the text
        QFont bold = m_plot->font();
        bold.setBold(true);
        m_element->setFont(bold);
        m_element->setVisible(false);
    }
    // Two lines, so it fits the chart's width: the measure, then what it means.
    const QString shown = text.isEmpty()
        ? QString()
        : QStringLiteral("⚠ ") + QString(text).replace(QStringLiteral(": "), QStringLiteral(":\n"));
    if (m_element->text() == shown && m_element->visible() == !text.isEmpty())
        return false;
    m_element->setText(shown);
    QCPLayoutGrid *layout = m_plot->plotLayout();
    if (!text.isEmpty() && !m_element->layout()) {
        // Under the title (row 0), above the plot area; its own height, no more.
        layout->insertRow(1);
        layout->addElement(1, 0, m_element);
        layout->setRowStretchFactor(1, 0.001);
    } else if (text.isEmpty() && m_element->layout()) {
        layout->take(m_element);
        layout->simplify(); // the empty row goes, and the plot area has its height back
    }
    m_element->setVisible(!text.isEmpty()); // taken out, it would still be drawn where it was
    return true;
}

QString BusyMachineNote::text() const { return m_element && m_element->visible() ? m_element->text() : QString(); }

} // namespace tk
