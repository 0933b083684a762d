#include "ui/races/replicastrip.h"

#include "ui/common/devicestyle.h"
#include "core/devices/deviceregistry.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tk {

namespace {
QString ms(double seconds) { return QString::number(1000 * seconds, 'f', seconds < 0.01 ? 2 : 1); }
} // namespace

ReplicaStrip::ReplicaStrip(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("replicaStrip"));
    m_rowsWidget = new QWidget;
    new QVBoxLayout(m_rowsWidget);
    m_rowsWidget->layout()->setContentsMargins(0, 0, 0, 0);
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("replicaNote"));
    m_note->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 4);
    layout->addWidget(m_rowsWidget);
    layout->addWidget(m_note);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
}

void ReplicaStrip::reset(const QList<QPair<int, QString>> &lanes)
{
    QLayout *rows = m_rowsWidget->layout();
    while (QLayoutItem *item = rows->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_rows.clear();
    m_summaries.clear();
    for (const auto &[lane, label] : lanes) {
        auto *w = new QWidget;
        auto *hl = new QHBoxLayout(w);
        hl->setContentsMargins(0, 0, 0, 0);
        Row row;
        row.label = label;
        row.title = new QLabel(tr("<b>%1</b>: starting the ranks…").arg(label.toHtmlEscaped()));
        row.boxes = new QHBoxLayout;
        hl->addWidget(row.title);
        hl->addLayout(row.boxes);
        hl->addStretch();
        rows->addWidget(w);
        m_rows.insert(lane, row);
    }
    rebuildNote();
    setVisible(!lanes.isEmpty());
}

void ReplicaStrip::setSummary(const ReplicaSummary &s)
{
    auto it = m_rows.find(s.lane);
    if (it == m_rows.end())
        return;
    Row &row = *it;
    m_summaries.insert(s.lane, s);
    row.title->setText(QStringLiteral("<b>%1</b>").arg(row.label.toHtmlEscaped()));
    row.title->setToolTip(s.notice);
    while (row.ranks.size() < s.ranks.size()) {
        auto *box = new QLabel;
        box->setObjectName(QStringLiteral("replicaRank"));
        box->setFrameShape(QFrame::StyledPanel);
        box->setMargin(3);
        row.boxes->addWidget(box);
        row.ranks << box;
    }
    for (int i = 0; i < row.ranks.size(); ++i) {
        QLabel *box = row.ranks.at(i);
        box->setVisible(i < s.ranks.size());
        if (i >= s.ranks.size())
            continue;
        const ReplicaInfo &r = s.ranks.at(i);
        // The rank's device colour, as its lane's curves and the kitchen's panes have it.
        const QColor c = DeviceStyle::color(r.device);
        box->setStyleSheet(QStringLiteral("QLabel { background: rgba(%1,%2,%3,28); border: 1px solid %4; "
                                          "border-radius: 3px; }")
                               .arg(c.red())
                               .arg(c.green())
                               .arg(c.blue())
                               .arg(c.name()));
        // One process without a group (the Python lane, DataParallel): no ranks, no all-reduce.
        const bool group = s.backend != QLatin1String("none");
        QString text = group
            ? tr("rank %1 · %2 · pid %3 · %n threads", "", r.threads).arg(r.rank).arg(r.device).arg(r.pid)
            : tr("one process · %1 · pid %2 · %n threads", "", r.threads).arg(r.device).arg(r.pid);
        const bool stepped = i < s.rankStepMedian.size() && s.rankStepMedian.at(i) > 0;
        if (stepped && group)
            text += QLatin1Char('\n')
                + tr("step %1 ms · all-reduce %2 ms")
                      .arg(ms(s.rankStepMedian.at(i)))
                      .arg(ms(s.rankAllreduceMedian.value(i)));
        else if (stepped)
            text += QLatin1Char('\n') + tr("step %1 ms").arg(ms(s.rankStepMedian.at(i)));
        box->setText(text);
        box->setToolTip(group ? tr("Medians so far: forward %1 ms, backward %2 ms (it includes waiting for the "
                                   "all-reduce), all-reduce %3 ms of %4 bytes over %5.")
                                    .arg(ms(s.rankForwardMedian.value(i)))
                                    .arg(ms(s.rankBackwardMedian.value(i)))
                                    .arg(ms(s.rankAllreduceMedian.value(i)))
                                    .arg(s.allreduceBytes)
                                    .arg(r.backend)
                              : tr("Medians so far: forward %1 ms, backward %2 ms.")
                                    .arg(ms(s.rankForwardMedian.value(i)))
                                    .arg(ms(s.rankBackwardMedian.value(i))));
    }
    rebuildNote();
}

int ReplicaStrip::rankCount(int lane) const { return int(m_summaries.value(lane).ranks.size()); }

QStringList ReplicaStrip::rankTexts(int lane) const
{
    QStringList texts;
    const auto it = m_rows.find(lane);
    if (it == m_rows.end())
        return texts;
    for (int i = 0; i < rankCount(lane) && i < it->ranks.size(); ++i)
        texts << it->ranks.at(i)->text();
    return texts;
}

QString ReplicaStrip::noteText() const { return m_note->text(); }

// Honest about the CPU: N ranks of T threads on fewer cores take turns on them.
void ReplicaStrip::rebuildNote()
{
    const int cores = DeviceRegistry::hardwareThreads();
    QStringList lines;
    for (auto it = m_summaries.cbegin(); it != m_summaries.cend(); ++it) {
        int threads = 0, cpuRanks = 0;
        for (const ReplicaInfo &r : it->ranks)
            if (r.device == QLatin1String("cpu")) {
                threads += std::max(1, r.threads);
                ++cpuRanks;
            }
        if (cpuRanks == 0 || it->backend == QLatin1String("none")) // one process: nothing shared
            continue;
        const QString label = m_rows.value(it.key()).label;
        if (threads > cores)
            lines << tr("%1: %2 ranks with %3 threads in all on %4 hardware threads: the ranks share "
                        "the cores, and every step also waits for the all-reduce.")
                         .arg(label)
                         .arg(cpuRanks)
                         .arg(threads)
                         .arg(cores);
        else
            lines << tr("%1: %2 ranks with %3 threads in all on %4 hardware threads: the same cores one "
                        "process would use, split between the ranks; every step also waits for the "
                        "all-reduce.")
                         .arg(label)
                         .arg(cpuRanks)
                         .arg(threads)
                         .arg(cores);
    }
    m_note->setText(lines.join(QLatin1Char('\n')));
    m_note->setVisible(!lines.isEmpty());
}

} // namespace tk
