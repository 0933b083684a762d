#pragma once

#include "core/watch/watchfinding.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

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

    // "Try the fix" (FixTrial), for the findings whose fix it can try: `whyNot` empty when the
    // program can be run again, else why not (the button is then disabled and says it).
    void setTrialAvailable(const QString &whyNot);
    // What the trial of a kind's fix says: its progress while it runs, then its result.
    void setTrialText(const QString &kind, const QString &text, bool running);
    QPushButton *tryButton() const { return m_try; }
    QPushButton *cancelTrialButton() const { return m_cancelTry; }
    QString trialText() const; // the selected finding's, as shown

Q_SIGNALS:
    void findingSelected(const tk::WatchFinding &finding);
    void tryFixRequested(const tk::WatchFinding &finding);
    void cancelTrialRequested();

private:
    void updateTrial(); // the button, the cancel and the text, for the selected finding
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
    QPushButton *m_try = nullptr;
    QPushButton *m_cancelTry = nullptr;
    QLabel *m_trialLabel = nullptr;
    QString m_trialWhyNot = QStringLiteral("-"); // until the program's hello says how it ran
    QHash<QString, QString> m_trialTexts; // by kind
    QString m_trialRunning; // the kind being tried; empty: none
};

} // namespace tk
