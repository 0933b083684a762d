#pragma once

#include "core/races/trainconfig.h"

#include <QImage>
#include <QWidget>

namespace tk {

// What one lane's model has learned: P(class 1) over the plane, with the training points.
class DecisionView : public QWidget
{
    Q_OBJECT

public:
    explicit DecisionView(const QString &title, QWidget *parent = nullptr);
    void setPoints(const QVector<float> &xyClass)
    {
        m_points = xyClass;
        update();
    }
    void setGrid(const DecisionGrid &grid);
    int step() const { return m_step; }
    QSize sizeHint() const override { return {220, 240}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_title;
    QImage m_image;
    QVector<float> m_points;
    double m_extent = 1.2;
    int m_step = -1;
};

} // namespace tk
