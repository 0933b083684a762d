#pragma once

#include "ui/kitchen/errordialog.h"
#include "core/kitchen/movereport.h"
#include "core/kitchen/operror.h"
#include "core/watch/fixtrial.h"
#include "core/watch/watchcounters.h"
#include "core/watch/watchedprogram.h"
#include "ui/watch/programfeed.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QFrame;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTimer;

namespace tk {

class FindingsPanel;
class FlightOverlay;
class KitchenView;
class StepChart;

// A watched program's own kitchen (a tab of the window): its devices as panes, the tensors
// and modules its frames name as cards, its moves as flights (like moves of one name grouped
// into one flight each half second: "× 128 batches"; all three told to the KitchenView by its
// ProgramFeed), a chart of each step's copying, waiting
// and the rest, its errors in the kitchen's error dialog, and a status line naming the
// program, its pid, its torch and devices and whether it still runs. It shows what the program
// reports and changes nothing in it.
class ProgramKitchen : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kGroupMs = ProgramFeed::kGroupMs;
    static constexpr int kChartMinHeight = 280; // the step chart row: a plot area of 160 px and more

    // `overlay`: the window's flight layer. The program may end or go away before this tab.
    ProgramKitchen(WatchedProgram *program, FlightOverlay *overlay, QWidget *parent = nullptr);
    ~ProgramKitchen() override;

    WatchedProgram *program() const { return m_program; }
    KitchenView *kitchen() const { return m_view; }
    StepChart *stepChart() const { return m_chart; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    ErrorDialog *errorDialog() const { return m_errorDialog; }
    QFrame *errorBanner() const { return m_errorBanner; }
    // Opens the last error's dialog (the banner's "Show details"); false when there is none.
    bool showErrorDetails();
    QString statusText() const;
    QString title() const; // for the tab: "train.py (4242)"
    QString programName() const; // "train.py", or "train.py · rank 1 of 2" (the pid left out)
    qint64 movesShown() const { return m_feed->movesShown(); }
    qint64 bytesMoved() const { return m_feed->bytesMoved(); }
    // A program the app started: its printed output is shown under the chart.
    void appendOutput(const QString &text);

Q_SIGNALS:
    void titleChanged(const QString &title);
    void errorRaised(); // the program raised: its tab is marked (it may be behind another)
    void statusMessage(const QString &text, int ms);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onHello();
    void onStep(const WatchStep &step);
    void updateFindings(); // what this run shows so far (WatchFindings)
    void onError(const OpError &error);
    bool inFront() const;
    void onCounters(const WatchCounters &counters);
    void updateStatus();
    void tryFix(const WatchFinding &finding); // asked first: it runs the program again
    void onTrialFinished(const FixTrial::Result &result);

    QPointer<WatchedProgram> m_program;
    FixTrial *m_trial = nullptr;
    WatchFinding m_tried; // the finding whose fix m_trial tries
    FlightOverlay *m_overlay = nullptr;
    ProgramFeed *m_feed = nullptr;
    KitchenView *m_view = nullptr;
    StepChart *m_chart = nullptr;
    FindingsPanel *m_findings = nullptr;
    QTimer *m_findingsTimer = nullptr;
    static constexpr int kFindingsMs = 500;
    QLabel *m_status = nullptr;
    QLabel *m_lost = nullptr;
    QPlainTextEdit *m_output = nullptr;
    QSplitter *m_split = nullptr; // the kitchen above, the chart and findings below
    bool m_splitSized = false;
    QPointer<ErrorDialog> m_errorDialog;
    QFrame *m_errorBanner = nullptr;
    QLabel *m_errorText = nullptr;
    QPushButton *m_errorDetails = nullptr;
    OpError m_lastError; // as shown: its code line carries the program's file and line
    int m_errors = 0;
};

} // namespace tk
