#pragma once

#include <QVector>
#include <QWidget>

namespace tk {

// A small picture of a card's values (already downsampled by the core, off the GUI thread).
class HeatMapWidget : public QWidget
{
    Q_OBJECT

public:
    explicit HeatMapWidget(QWidget *parent = nullptr);
    void setValues(int rows, int cols, const QVector<float> &values, const QString &emptyText);
    QSize sizeHint() const override { return {96, 48}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int m_rows = 0;
    int m_cols = 0;
    QVector<float> m_values;
    QString m_emptyText;
};

} // namespace tk
