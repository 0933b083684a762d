#include "ui/kitchen/tensorcard.h"

#include "ui/kitchen/cardmime.h"
#include "ui/common/devicestyle.h"
#include "ui/kitchen/heatmapwidget.h"

#include <QFontDatabase>
#include <QRegularExpression>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDrag>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPainter>
#include <QVBoxLayout>

namespace tk {

namespace {
// Re-applying an unchanged style sheet still re-polishes the widget; most refreshes change
// only the numbers.
void setSheet(QWidget *w, const QString &sheet)
{
    if (w->styleSheet() != sheet)
        w->setStyleSheet(sheet);
}
} // namespace

TensorCard::TensorCard(const CardInfo &info, QWidget *parent) : QFrame(parent), m_info(info)
{
    setObjectName(QStringLiteral("card-%1").arg(info.id));
    setFrameShape(QFrame::NoFrame); // the border is painted, see paintEvent
    setFocusPolicy(Qt::StrongFocus);
    setAcceptDrops(true);
    setCursor(Qt::OpenHandCursor);
    // As tall as its content, never stretched to fill the pane.
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);

    m_name = new QLabel;
    QFont big = m_name->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_name->setFont(big);
    m_storage = new QLabel;
    m_dtype = new QLabel;
    m_device = new QLabel;
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    // A monospace face with μ, σ and ∈ first, so a Korean system's fixed font (which lacks
    // them) does not mix in a fallback face mid-line; the system's own after it.
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setFamilies({QStringLiteral("DejaVu Sans Mono"), fixed.family()});
    m_summary->setFont(fixed);
    m_summary->setTextInteractionFlags(Qt::NoTextInteraction);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setMinimumWidth(120);
    m_bytes = new QLabel;
    m_heat = new HeatMapWidget;
    m_shape = new QLabel; // the compact card's one line: shape and size
    m_shape->setObjectName(QStringLiteral("compactShape"));
    m_shape->hide();
    for (QLabel *l : {m_name, m_dtype, m_device, m_summary, m_shape})
        l->setTextFormat(Qt::PlainText); // a name from a file or a program is text, not markup

    auto *top = new QHBoxLayout;
    top->addWidget(m_name);
    top->addWidget(m_storage);
    top->addWidget(m_shape);
    top->addStretch();
    top->addWidget(m_dtype);
    top->addWidget(m_device);
    m_details = new QWidget;
    auto *bottom = new QHBoxLayout(m_details);
    bottom->setContentsMargins(0, 0, 0, 0);
    bottom->addWidget(m_heat);
    auto *right = new QVBoxLayout;
    right->addWidget(m_summary);
    right->addWidget(m_bytes);
    right->addStretch();
    bottom->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addLayout(top);
    layout->addWidget(m_details);
    refresh();
}

void TensorCard::setCompact(bool compact)
{
    if (m_compact == compact)
        return;
    m_compact = compact;
    m_details->setVisible(!compact);
    m_shape->setVisible(compact);
    refreshName();
}

int TensorCard::fullHeightForWidth(int width) const
{
    // Measured from the parts, so a compact card can say how tall it would be in full.
    const QMargins m = layout()->contentsMargins();
    const int inner = width - m.left() - m.right();
    const int details
        = m_details->hasHeightForWidth() ? m_details->heightForWidth(inner) : m_details->sizeHint().height();
    return m.top() + m.bottom() + layout()->itemAt(0)->sizeHint().height() + layout()->spacing() + details;
}

void TensorCard::refreshName()
{
    // Long names are cut in the middle (both ends tell names apart); the tooltip has them whole.
    const int room = m_compact ? 110 : 220;
    const QString shown = m_name->fontMetrics().elidedText(m_info.name, Qt::ElideMiddle, room);
    m_name->setText(shown);
    // Names come from files and watched programs too: shown as text, never as markup.
    m_name->setToolTip(shown == m_info.name ? QString() : QStringLiteral("<p>%1</p>").arg(m_info.name.toHtmlEscaped()));
}

void TensorCard::setInfo(const CardInfo &info)
{
    m_info = info;
    refresh();
}

void TensorCard::refresh()
{
    refreshName();
    const QColor sc = DeviceStyle::storageColor(m_info.storageId);
    m_storage->setText(tr("◆ %1").arg(m_info.storageId));
    setSheet(m_storage, QStringLiteral("color: %1; font-weight: bold;").arg(sc.darker(130).name()));
    m_storage->setToolTip(tr("Storage %1. Cards with the same storage mark share memory: a view, "
                             "or a to() to the device the tensor was already on. A new mark means "
                             "a new copy.")
                              .arg(m_info.storageId));
    const bool tensor = m_info.kind == QLatin1String("tensor");
    m_dtype->setText(tensor                                      ? m_info.dtype
                         : m_info.kind == QLatin1String("model") ? tr("nn.Module")
                                                                 : tr("no .to() needed"));
    setSheet(m_dtype, DeviceStyle::badgeStyle(m_info.device));
    m_device->setText(m_info.device);
    setSheet(m_device, DeviceStyle::badgeStyle(m_info.device));
    // A value never breaks across lines: "x∈[-3.833, 3.446]" wraps before or after, not inside.
    static const QRegularExpression inBrackets(QStringLiteral("\\[[^\\]]*\\]"));
    QString summary = m_info.summary;
    for (auto it = inBrackets.globalMatch(m_info.summary); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        summary.replace(m.capturedStart(), m.capturedLength(), m.captured().replace(QLatin1Char(' '), QChar::Nbsp));
    }
    m_summary->setText(summary);
    m_bytes->setText(m_info.kind == QLatin1String("tensor") || m_info.kind == QLatin1String("model")
                         ? QLocale().formattedDataSize(m_info.bytes)
                         : tr("holds no tensors"));
    QStringList dims;
    for (qint64 d : m_info.shape)
        dims << QString::number(d);
    // Short, so two compact cards fit side by side; the tooltip has the rest.
    m_shape->setText(tensor ? QStringLiteral("[%1]").arg(dims.join(QStringLiteral(", "))) : QString());
    m_heat->setValues(m_info.heatRows, m_info.heatCols, m_info.heat,
                      m_info.summaryPending                           ? tr("summarising…")
                          : m_info.device == QLatin1String("meta")    ? tr("no data")
                          : m_info.kind == QLatin1String("optimizer") ? tr("optimizer")
                          : m_info.kind == QLatin1String("loss")      ? tr("loss")
                                                                      : tr("no values"));
    setToolTip(QStringLiteral("<b>%1</b><br><tt>%2</tt><br>%3")
                   .arg(m_info.name.toHtmlEscaped(), m_info.summary.toHtmlEscaped(),
                        tr("storage %1 · %2 in storage · double-click for values")
                            .arg(m_info.storageId)
                            .arg(QLocale().formattedDataSize(m_info.storageBytes))));
    setAccessibleName(tr("Tensor %1 on %2").arg(m_info.name, m_info.device));
    setHighlighted(hasFocus());
    update(); // the border's colour follows the device
}

void TensorCard::setHighlighted(bool on)
{
    if (m_highlighted == on)
        return;
    m_highlighted = on;
    update();
}

void TensorCard::paintEvent(QPaintEvent *)
{
    // Painted rather than styled: a style sheet per card made every refresh and focus change
    // re-polish the card and its labels.
    const QColor c = DeviceStyle::color(m_info.device);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const qreal w = m_highlighted ? 3 : 1;
    p.setPen(QPen(m_highlighted ? c : c.lighter(150), w));
    p.setBrush(palette().base());
    p.drawRoundedRect(QRectF(rect()).adjusted(w / 2, w / 2, -w / 2, -w / 2), 6, 6);
}

void TensorCard::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        m_pressPos = event->position().toPoint();
    QFrame::mousePressEvent(event);
}

void TensorCard::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    setAcceptDrops(!readOnly);
}

void TensorCard::mouseMoveEvent(QMouseEvent *event)
{
    if (m_readOnly)
        return;
    if (!(event->buttons() & Qt::LeftButton)
        || (event->position().toPoint() - m_pressPos).manhattanLength() < QApplication::startDragDistance())
        return;
    auto *drag = new QDrag(this);
    drag->setMimeData(CardMime::encode(m_info.id, m_info.device));
    const QPixmap pm = grab();
    drag->setPixmap(pm.scaledToWidth(std::min(pm.width(), 260), Qt::SmoothTransformation));
    drag->setHotSpot(QPoint(20, 20));
    drag->exec(Qt::CopyAction | Qt::MoveAction, Qt::MoveAction);
}

void TensorCard::mouseDoubleClickEvent(QMouseEvent *)
{
    if (!m_readOnly) // a watched tensor's values stay in its program
        Q_EMIT valuesRequested(m_info.id);
}

void TensorCard::contextMenuEvent(QContextMenuEvent *event)
{
    if (m_readOnly)
        return;
    Q_EMIT menuRequested(m_info.id, event->globalPos());
}

void TensorCard::keyPressEvent(QKeyEvent *event)
{
    if (m_readOnly)
        return QFrame::keyPressEvent(event);
    switch (event->key()) {
    case Qt::Key_Delete:
        Q_EMIT deleteRequested(m_info.id);
        return;
    case Qt::Key_F2:
        Q_EMIT renameRequested(m_info.id);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        Q_EMIT valuesRequested(m_info.id);
        return;
    case Qt::Key_Menu:
        Q_EMIT menuRequested(m_info.id, mapToGlobal(rect().center()));
        return;
    default:
        QFrame::keyPressEvent(event);
    }
}

void TensorCard::dragEnterEvent(QDragEnterEvent *event)
{
    int id = -1;
    QString dev;
    if (CardMime::decode(event->mimeData(), &id, &dev) && id != m_info.id) {
        event->acceptProposedAction();
        setHighlighted(true);
    } else {
        event->ignore();
    }
}

void TensorCard::dragLeaveEvent(QDragLeaveEvent *) { setHighlighted(hasFocus()); }

void TensorCard::dropEvent(QDropEvent *event)
{
    int id = -1;
    QString dev;
    setHighlighted(hasFocus());
    if (!CardMime::decode(event->mimeData(), &id, &dev) || id == m_info.id) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    Q_EMIT combineRequested(id, m_info.id, mapToGlobal(event->position().toPoint()));
}

void TensorCard::focusInEvent(QFocusEvent *event)
{
    setHighlighted(true);
    QFrame::focusInEvent(event);
}

void TensorCard::focusOutEvent(QFocusEvent *event)
{
    setHighlighted(false);
    QFrame::focusOutEvent(event);
}

} // namespace tk
