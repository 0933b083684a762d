#include "races/busymachinenote.h"

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
        m_item->setColor(QColor(0xa4, 0x00, 0x00));
        m_item->setBrush(QColor(0xff, 0xf4, 0xce, 235));
        m_item->setPen(QPen(QColor(0xc4, 0xa0, 0x00)));
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
