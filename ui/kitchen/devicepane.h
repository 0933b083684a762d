#pragma once

#include "core/devices/deviceinfo.h"

#include <QFrame>
#include <QHash>
#include <QList>

class QGridLayout;
class QLabel;
class QScrollArea;
class QProgressBar;
class QVBoxLayout;

namespace tk {

class TensorCard;

// One device: the CPU counter, a GPU workbench or the meta shelf. Its header names the
// hardware and shows a memory gauge; cards dropped on it ask for .to(this device).
class DevicePane : public QFrame
{
    Q_OBJECT

public:
    // deviceId "cuda" with no GPU makes the explaining, empty workbench.
    DevicePane(const QString &deviceId, QWidget *parent = nullptr);

    QString deviceId() const { return m_deviceId; }
    void setHardware(const QString &name, const QString &details);
    void setEmptyExplanation(const QString &text);
    void setMemory(const DeviceInfo &info, qint64 cardBytes);
    // Memory as someone else measured it (a watched program): the gauge at `fraction` (0…1).
    void setMemoryText(const QString &text, double fraction);
    // A widget shown under the empty-pane text while `shown` (the first steps, on the CPU).
    void setFirstSteps(QWidget *steps);
    void showFirstSteps(bool shown);

    void addCard(TensorCard *card);
    TensorCard *takeCard(int id);
    TensorCard *card(int id) const;
    QList<TensorCard *> cards() const; // in the order they arrived
    QList<int> cardIds() const;
    bool compact() const; // true while the cards are shown one line each

Q_SIGNALS:
    void cardDropped(int cardId, const QString &fromDevice, const QString &toDevice, Qt::KeyboardModifiers modifiers);
    void fileDropped(const QString &path, const QString &toDevice); // a .pt file

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static constexpr int kCompactCardWidth = 250;
    static constexpr int kHysteresis = 24; // pixels
    void updateEmptyState();
    void scheduleArrange();
    void arrangeCards();
    void setDropHighlight(bool on);

    QString m_deviceId;
    QLabel *m_title = nullptr;
    QLabel *m_hardware = nullptr;
    QProgressBar *m_gauge = nullptr;
    QLabel *m_memory = nullptr;
    QLabel *m_empty = nullptr;
    QWidget *m_cardArea = nullptr;
    QVBoxLayout *m_cardLayout = nullptr;
    QGridLayout *m_grid = nullptr;
    QScrollArea *m_scroll = nullptr;
    QList<TensorCard *> m_order;
    QHash<int, TensorCard *> m_byId;
    bool m_compact = false;
    int m_columns = 1;
    bool m_arrangeScheduled = false;
    QString m_emptyExplanation;
    QWidget *m_firstSteps = nullptr;
    bool m_firstStepsShown = false;
    bool m_dropHighlight = false;
};

} // namespace tk
