#include "ui/races/decisionview.h"
#include "ui/common/palette.h"

#include <QPainter>

namespace tk {

DecisionView::DecisionView(const QString &title, QWidget *parent) : QWidget(parent), m_title(title)
{
    setMinimumSize(180, 200);
}

void DecisionView::setGrid(const DecisionGrid &grid)
{
    if (grid.size <= 0 || grid.probability.size() != grid.size * grid.size)
        return;
    m_extent = grid.extent;
    m_step = grid.step;
    m_image = QImage(grid.size, grid.size, QImage::Format_RGB32);
    const QColor a(0x3b, 0x6e, 0xc4), b(0xd9, 0x5f, 0x3b); // class 0 blue, class 1 red
    for (int r = 0; r < grid.size; ++r) {
        for (int c = 0; c < grid.size; ++c) {
            const float p = grid.probability.at(r * grid.size + c);
            const QColor mix
                = QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * p, a.greenF() + (b.greenF() - a.greenF()) * p,
                                   a.blueF() + (b.blueF() - a.blueF()) * p);
            m_image.setPixelColor(c, r, mix.lighter(140));
        }
    }
    update();
}

void DecisionView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int titleH = fontMetrics().height() + 4;
    p.drawText(QRect(0, 0, width(), titleH), Qt::AlignCenter,
               m_step >= 0 ? tr("%1 — step %2").arg(m_title).arg(m_step) : m_title);
    const int side = std::min(width(), height() - titleH);
    const QRect area((width() - side) / 2, titleH, side, side);
    if (m_image.isNull())
        p.fillRect(area, palette().alternateBase());
    else
        p.drawImage(area, m_image);
    p.setPen(Qt::NoPen);
    for (int i = 0; i + 2 < m_points.size(); i += 3) {
        const double x = area.left() + (m_points[i] + m_extent) / (2 * m_extent) * area.width();
        const double y = area.top() + (m_extent - m_points[i + 1]) / (2 * m_extent) * area.height();
        p.setBrush(m_points[i + 2] > 0.5 ? Palette::classA() : Palette::classB());
        p.drawEllipse(QPointF(x, y), 1.6, 1.6);
    }
    p.setPen(palette().mid().color());
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
}

} // namespace tk
