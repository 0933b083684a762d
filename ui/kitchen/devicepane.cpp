#include "ui/kitchen/devicepane.h"
#include "ui/common/palette.h"
#include "core/files/tensorfiletypes.h"

#include "ui/kitchen/cardmime.h"
#include "ui/common/devicestyle.h"
#include "ui/kitchen/tensorcard.h"

#include <algorithm>
#include <QDragEnterEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPainter>
#include <QUrl>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace tk {

DevicePane::DevicePane(const QString &deviceId, QWidget *parent) : QFrame(parent), m_deviceId(deviceId)
{
    setObjectName(QStringLiteral("pane-%1").arg(deviceId));
    setAcceptDrops(true);
    setFrameShape(QFrame::NoFrame); // the border is painted, see paintEvent
    setContentsMargins(2, 2, 2, 2);
    setMinimumWidth(280);
    const QColor c = DeviceStyle::color(deviceId);

    m_title = new QLabel(DeviceStyle::paneTitle(deviceId));
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.3);
    m_title->setFont(f);
    m_title->setStyleSheet(QStringLiteral("color: %1;").arg(c.name()));
    m_hardware = new QLabel;
    m_hardware->setWordWrap(true);
    m_gauge = new QProgressBar;
    m_gauge->setRange(0, 1000);
    m_gauge->setTextVisible(false);
    m_gauge->setMaximumHeight(8);
    m_gauge->setStyleSheet(QStringLiteral("QProgressBar::chunk { background: %1; }").arg(c.name()));
    m_memory = new QLabel;
    m_memory->setWordWrap(true);
    QFont small = m_memory->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_memory->setFont(small);

    auto *header = new QFrame;
    header->setObjectName(QStringLiteral("paneHeader"));
    header->setStyleSheet(QStringLiteral("QFrame#paneHeader { background: rgba(%1, %2, %3, 0.16);"
                                         " border-radius: 6px; }")
                              .arg(c.red())
                              .arg(c.green())
                              .arg(c.blue()));
    auto *hl = new QVBoxLayout(header);
    hl->addWidget(m_title);
    hl->addWidget(m_hardware);
    hl->addWidget(m_gauge);
    hl->addWidget(m_memory);

    m_empty = new QLabel;
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setObjectName(QStringLiteral("emptyExplanation"));
    m_empty->setStyleSheet(QStringLiteral("color: %1; padding: 16px;").arg(Palette::dim().name()));

    m_cardArea = new QWidget;
    m_cardLayout = new QVBoxLayout(m_cardArea);
    m_cardLayout->setContentsMargins(4, 4, 4, 4);
    m_cardLayout->addWidget(m_empty);
    m_grid = new QGridLayout;
    m_grid->setSpacing(4);
    m_cardLayout->addLayout(m_grid);
    m_cardLayout->addStretch();
    auto *scroll = new QScrollArea;
    m_scroll = scroll;
    scroll->viewport()->installEventFilter(this); // lay the cards out again when it resizes
    scroll->setWidget(m_cardArea);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // cards wrap to the pane
    scroll->setFrameShape(QFrame::NoFrame);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(header);
    layout->addWidget(scroll, 1);
    setEmptyExplanation(tr("Drop a card here to move it with .to(\"%1\").").arg(deviceId));
    // No memory to gauge on the meta shelf or on a workbench without a GPU.
    m_gauge->setVisible(deviceId != QLatin1String("meta") && deviceId != QLatin1String("cuda"));
    setDropHighlight(false);
}

void DevicePane::setHardware(const QString &name, const QString &details)
{
    m_hardware->setText(details.isEmpty() ? name : QStringLiteral("%1\n%2").arg(name, details));
}

void DevicePane::setEmptyExplanation(const QString &text)
{
    m_emptyExplanation = text;
    m_empty->setText(text);
    updateEmptyState();
}

void DevicePane::setMemory(const DeviceInfo &info, qint64 cardBytes)
{
    const QLocale l;
    if (info.isMeta()) {
        m_gauge->setValue(0);
        m_memory->setText(tr("No memory: meta tensors have shapes but no data."));
        return;
    }
    if (info.memoryTotal <= 0) {
        m_gauge->setValue(0);
        m_memory->clear();
        return;
    }
    m_gauge->setValue(int(1000.0 * cardBytes / info.memoryTotal));
    QString text = tr("Cards hold %1 of %2").arg(l.formattedDataSize(cardBytes), l.formattedDataSize(info.memoryTotal));
    if (info.isCuda())
        text += QLatin1Char('\n')
            + tr("Allocator: %1 allocated, %2 reserved")
                  .arg(l.formattedDataSize(info.allocatorAllocated), l.formattedDataSize(info.allocatorReserved));
    else
        text += QLatin1Char('\n') + tr("%1 free in the system").arg(l.formattedDataSize(info.memoryFree));
    m_memory->setText(text);
    m_gauge->setToolTip(text);
}

void DevicePane::setMemoryText(const QString &text, double fraction)
{
    m_gauge->setValue(int(1000.0 * std::clamp(fraction, 0.0, 1.0)));
    m_memory->setText(text);
    m_gauge->setToolTip(text);
}

void DevicePane::addCard(TensorCard *card)
{
    card->setParent(m_cardArea);
    m_order << card;
    m_byId.insert(card->cardId(), card);
    // In the grid at once (after the others, in the current mode); the mode is decided once per
    // event-loop turn, so opening a session of N cards measures them once, not N times.
    const int columns = m_columns;
    card->setCompact(m_compact);
    m_grid->addWidget(card, int(m_order.size() - 1) / columns, int(m_order.size() - 1) % columns);
    scheduleArrange();
    card->show();
    updateEmptyState();
}

TensorCard *DevicePane::takeCard(int id)
{
    TensorCard *c = m_byId.take(id);
    if (c) {
        m_order.removeOne(c);
        m_grid->removeWidget(c);
        c->setParent(nullptr);
        scheduleArrange();
        updateEmptyState();
    }
    return c;
}

TensorCard *DevicePane::card(int id) const { return m_byId.value(id); }

QList<TensorCard *> DevicePane::cards() const { return m_order; }

bool DevicePane::compact() const { return m_compact; }

void DevicePane::scheduleArrange()
{
    if (m_arrangeScheduled)
        return;
    m_arrangeScheduled = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_arrangeScheduled = false;
            arrangeCards();
        },
        Qt::QueuedConnection);
}

void DevicePane::arrangeCards()
{
    // Full cards in one column while they fit the visible height; past that, compact one-line
    // cards in as many columns as the width allows, so twenty cards stay in sight.
    const QMargins margins = m_cardLayout->contentsMargins();
    const int scrollBar = m_scroll->verticalScrollBar()->sizeHint().width();
    // Measured as if the scroll bar were there, so showing it cannot flip the decision back.
    const int width = m_scroll->viewport()->width() - margins.left() - margins.right()
        - (m_scroll->verticalScrollBar()->isVisible() ? 0 : scrollBar);
    const int height = m_scroll->viewport()->height() - margins.top() - margins.bottom();
    int fullHeight = 0;
    for (TensorCard *c : std::as_const(m_order))
        fullHeight += c->fullHeightForWidth(width);
    fullHeight += m_grid->spacing() * int(qMax<qsizetype>(0, m_order.size() - 1));
    // A little slack before going back to full cards, so a pane on the edge does not flicker.
    const bool compact = m_compact ? fullHeight > height - kHysteresis : fullHeight > height;
    int cardWidth = kCompactCardWidth;
    for (TensorCard *c : std::as_const(m_order)) {
        m_grid->removeWidget(c);
        c->setCompact(compact);
        if (compact) // as many columns as fit whole cards: the area does not scroll sideways
            cardWidth = qMax(cardWidth, c->minimumSizeHint().width() + m_grid->spacing());
    }
    const int columns = compact ? qMax(1, (width + m_grid->spacing()) / cardWidth) : 1;
    for (int i = 0; i < m_order.size(); ++i)
        m_grid->addWidget(m_order.at(i), i / columns, i % columns);
    m_compact = compact;
    m_columns = columns;
}

bool DevicePane::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        scheduleArrange();
    return QFrame::eventFilter(watched, event);
}

QList<int> DevicePane::cardIds() const
{
    QList<int> ids;
    for (TensorCard *c : cards())
        ids << c->cardId();
    std::sort(ids.begin(), ids.end());
    return ids;
}

void DevicePane::setFirstSteps(QWidget *steps)
{
    m_firstSteps = steps;
    m_cardLayout->insertWidget(m_cardLayout->indexOf(m_empty) + 1, steps);
    updateEmptyState();
}

void DevicePane::showFirstSteps(bool shown)
{
    m_firstStepsShown = shown;
    updateEmptyState();
}

void DevicePane::updateEmptyState()
{
    const bool empty = cards().isEmpty();
    m_empty->setVisible(empty);
    if (m_firstSteps)
        m_firstSteps->setVisible(empty && m_firstStepsShown);
}

void DevicePane::setDropHighlight(bool on)
{
    // Painted, not a style sheet: a pane's style sheet re-polishes every card in it, which made
    // each drag cost time in proportion to the cards on the pane.
    if (m_dropHighlight == on)
        return;
    m_dropHighlight = on;
    update();
}

void DevicePane::paintEvent(QPaintEvent *)
{
    const QColor c = DeviceStyle::color(m_deviceId);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(m_dropHighlight ? c : c.lighter(160), 2, m_dropHighlight ? Qt::DashLine : Qt::SolidLine);
    p.setPen(pen);
    p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 8, 8);
}

namespace {
// A tensor file among the dropped ones (TensorFileTypes: what programs save tensors as).
QString droppedPtFile(const QMimeData *mime)
{
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile() && TensorFileTypes::named(url.toLocalFile()))
            return url.toLocalFile();
    return {};
}
} // namespace

void DevicePane::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasFormat(CardMime::type()) || !droppedPtFile(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
        setDropHighlight(true);
    } else {
        event->ignore();
    }
}

void DevicePane::dragMoveEvent(QDragMoveEvent *event)
{
    if (event->mimeData()->hasFormat(CardMime::type()) || !droppedPtFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void DevicePane::dragLeaveEvent(QDragLeaveEvent *) { setDropHighlight(false); }

void DevicePane::dropEvent(QDropEvent *event)
{
    setDropHighlight(false);
    int id = -1;
    QString from;
    const QString file = droppedPtFile(event->mimeData());
    if (!file.isEmpty()) {
        event->acceptProposedAction();
        Q_EMIT fileDropped(file, m_deviceId);
        return;
    }
    if (!CardMime::decode(event->mimeData(), &id, &from)) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    Q_EMIT cardDropped(id, from, m_deviceId, event->modifiers());
}

} // namespace tk
