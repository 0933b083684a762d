#include "ui/kitchen/heatmapwidget.h"

#include <QPainter>
#include <cmath>

namespace tk {

namespace {
// A perceptually ordered dark-blue → teal → yellow ramp (viridis endpoints).
QColor ramp(float t)
{
    static const QColor stops[]
        = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140), QColor(94, 201, 98), QColor(253, 231, 37)};
    t = std::clamp(t, 0.0f, 1.0f) * 4.0f;
    const int i = std::min(3, int(t));
    const float f = t - i;
    const QColor a = stops[i], b = stops[i + 1];
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * f, a.greenF() + (b.greenF() - a.greenF()) * f,
                            a.blueF() + (b.blueF() - a.blueF()) * f);
}
} // namespace

HeatMapWidget::HeatMapWidget(QWidget *parent) : QWidget(parent)
{
    setMinimumSize(64, 32);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void HeatMapWidget::setValues(int rows, int cols, const QVector<float> &values, const QString &emptyText)
{
    m_rows = rows;
    m_cols = cols;
    m_values = values;
    m_emptyText = emptyText;
    update();
}

void HeatMapWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRectF area = rect().adjusted(0, 0, -1, -1);
    if (m_rows == 0 || m_cols == 0 || m_values.size() != m_rows * m_cols) {
        p.setPen(QPen(palette().mid().color(), 1, Qt::DashLine));
        p.drawRect(area);
        p.setPen(palette().mid().color());
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
        return;
    }
    // Keep cells square-ish: a 1×N vector is a strip, not a stretched block.
    const double cell = std::min(area.width() / m_cols, area.height() / m_rows);
    const QRectF grid(area.left(), area.top(), cell * m_cols, cell * m_rows);
    for (int r = 0; r < m_rows; ++r) {
        for (int c = 0; c < m_cols; ++c) {
            const float v = m_values.at(r * m_cols + c);
            const QRectF box(grid.left() + c * cell, grid.top() + r * cell, cell + 0.5, cell + 0.5);
            p.fillRect(box, std::isnan(v) ? QColor(Qt::red) : ramp(v));
        }
    }
    p.setPen(palette().mid().color());
    p.drawRect(grid);
}

} // namespace tk
