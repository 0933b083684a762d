#include "races/busymachinenote.h"
#include "common/palette.h"

#include <qcustomplot.h>

namespace tk {

bool BusyMachineNote::set(const QString &text)
{
    if (!m_item) {
        if (text.isEmpty())
            return false;
        m_item = new QCPItemText(m_plot);
        m_item->setObjectName(QStringLiteral("busyMachineWarning"));
        m_item->setClipToAxisRect(false);
        m_item->position->setType(QCPItemPosition::ptAxisRectRatio);
        m_item->position->setCoords(m_corner & Qt::AlignRight ? 0.99 : 0.01,
                                    m_corner & Qt::AlignBottom ? 0.98 : 0.02);
        m_item->setPositionAlignment(m_corner);
        m_item->setTextAlignment(Qt::AlignLeft);
        m_item->setColor(Palette::warningText());
        m_item->setBrush(Palette::warningBack());
        m_item->setPen(QPen(Palette::warningBorder()));
        m_item->setPadding(QMargins(6, 3, 6, 3));
        QFont bold = m_plot->font();
        bold.setBold(true);
        m_item->setFont(bold);
    }
    // Two lines, so it fits beside the curves: the measure, then what it means.
    const QString shown = text.isEmpty()
                              ? QString()
                              : QStringLiteral("⚠ ") + QString(text).replace(QStringLiteral(": "), QStringLiteral(":\n"));
    if (m_item->text() == shown && m_item->visible() == !text.isEmpty())
        return false;
    m_item->setText(shown);
    m_item->setVisible(!text.isEmpty());
    return true;
}

QString BusyMachineNote::text() const
{
    return m_item && m_item->visible() ? m_item->text() : QString();
}

} // namespace tk
