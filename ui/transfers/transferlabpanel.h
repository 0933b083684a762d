#pragma once

#include "core/transfers/transferresult.h"

#include <QMap>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;

namespace tk {

class TransferLab;

// Copy bandwidth against size, live: the small-copy latency floor on the left, the link's
// bandwidth on the right.
class TransferLabPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TransferLabPanel(QWidget *parent = nullptr);
    TransferSettings settingsFromControls() const;
    bool start(const TransferSettings &settings);
    TransferLab *lab() const { return m_lab; }
    QCustomPlot *chart() const { return m_plot; }
    QString statusText() const;

private:
    void onResult(const TransferResult &r);
    void showPlan(const TransferSettings &settings); // the axes of a run with these settings

    TransferLab *m_lab = nullptr;
    bool m_hasGpu = false;
    QComboBox *m_from = nullptr;
    QComboBox *m_to = nullptr;
    QCheckBox *m_pinned = nullptr;
    QCheckBox *m_nonBlocking = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QCustomPlot *m_plot = nullptr;
    QMap<QString, int> m_graphs; // label → graph index
};

} // namespace tk
