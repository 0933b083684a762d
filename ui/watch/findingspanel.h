#pragma once

#include "core/watch/watchfinding.h"

#include <QHash>
#include <QList>
#include <QMap>
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
    // The kinds this run could not check and why (WatchFindings::notChecked), under the list.
    void setNotChecked(const QMap<QString, QString> &why);
    QString notCheckedText() const;
    QList<WatchFinding> findings() const { return m_findings; }
    QListWidget *list() const { return m_list; }
    QString detailText() const; // the selected finding, as shown

Q_SIGNALS:
    void findingSelected(const tk::WatchFinding &finding);

private:
    void showDetails(int row);
    QString sourceHtml(const QString &file, int line, int cell, const QString &link);
    void showSource(const QString &file, int line); // the whole file in a read-only viewer of the app's

    QList<WatchFinding> m_findings;
    // The lines shown for each file:line, read once: the list is refreshed twice a second while
    // the program runs, and the file is on the GUI thread's disk.
    QHash<QString, QString> m_sources;
    QListWidget *m_list = nullptr;
    QLabel *m_details = nullptr;
    QLabel *m_notChecked = nullptr;
};

} // namespace tk
