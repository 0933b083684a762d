#pragma once

#include "core/kitchen/cardinfo.h"

#include <QFrame>
#include <QPoint>

class QLabel;

namespace tk {

class HeatMapWidget;

// One named tensor: name, lovely-tensors summary, dtype/device badges, bytes, heat map and a
// mark of its storage. Drag it to a pane to .to() it; drop another card on it to combine.
class TensorCard : public QFrame
{
    Q_OBJECT

public:
    explicit TensorCard(const CardInfo &info, QWidget *parent = nullptr);

    int cardId() const { return m_info.id; }
    const CardInfo &info() const { return m_info; }
    void setInfo(const CardInfo &info);
    // One line (name, storage mark, shape, badges) instead of the full card, for full panes.
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }
    // A watched program's card: it shows what the program holds and cannot be dragged,
    // dropped on, renamed or deleted from here.
    void setReadOnly(bool readOnly);
    int fullHeightForWidth(int width) const; // how tall the full card is at this width

Q_SIGNALS:
    void combineRequested(int sourceId, int targetId, const QPoint &globalPos);
    void menuRequested(int id, const QPoint &globalPos);
    void valuesRequested(int id);
    void deleteRequested(int id);
    void renameRequested(int id);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void refresh();
    void refreshName();
    void setHighlighted(bool on);

    CardInfo m_info;
    QLabel *m_name = nullptr;
    QLabel *m_storage = nullptr;
    QLabel *m_dtype = nullptr;
    QLabel *m_device = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_bytes = nullptr;
    HeatMapWidget *m_heat = nullptr;
    QLabel *m_shape = nullptr;
    QWidget *m_details = nullptr; // heat map, summary and bytes: hidden when compact
    QPoint m_pressPos;
    bool m_highlighted = false;
    bool m_compact = false;
    bool m_readOnly = false;
};

} // namespace tk
