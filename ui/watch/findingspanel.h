#pragma once

#include "core/watch/watchfinding.h"

#include <QList>
#include <QWidget>

class QLabel;
class QListWidget;

namespace tk {

// "Why is my program slow?": a watched program's findings beside its step chart. Each row is
// one finding at its line; the selected one says what was measured, what it costs a step and
// the fix, as a line of code. Hidden while there is nothing to say.
class FindingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FindingsPanel(QWidget *parent = nullptr);

    void setFindings(const QList<WatchFinding> &findings);
    QList<WatchFinding> findings() const { return m_findings; }
    QListWidget *list() const { return m_list; }
    QString detailText() const; // the selected finding, as shown

Q_SIGNALS:
    void findingSelected(const tk::WatchFinding &finding);

private:
    void showDetails(int row);
    static QString sourceHtml(const WatchFinding &f);

    QList<WatchFinding> m_findings;
    QListWidget *m_list = nullptr;
    QLabel *m_details = nullptr;
};

} // namespace tk
