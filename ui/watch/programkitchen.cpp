#include "ui/watch/programkitchen.h"

#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/errordialog.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/tensorcard.h"
#include "core/kitchen/tensorspec.h"
#include "ui/watch/stepchart.h"
#include "core/watch/watchedprogram.h"
#include "core/watch/watchfindings.h"
#include "core/watch/watcherpackage.h"
#include "core/watch/watchplace.h"
#include "ui/watch/findingspanel.h"
#include "ui/watch/programfeed.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace tk {

ProgramKitchen::ProgramKitchen(WatchedProgram *program, FlightOverlay *overlay, QWidget *parent)
    : QWidget(parent), m_program(program), m_overlay(overlay)
{
    // Every label here shows what a program sent: plain text, never markup.
    m_status = new QLabel;
    m_status->setTextFormat(Qt::PlainText);
    m_status->setObjectName(QStringLiteral("programStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_lost = new QLabel;
    m_lost->setTextFormat(Qt::PlainText);
    m_lost->setObjectName(QStringLiteral("programLost"));
    m_lost->setWordWrap(true);
    m_lost->hide();
    m_errorBanner = new QFrame;
    m_errorBanner->setObjectName(QStringLiteral("programErrorBanner"));
    m_errorBanner->setFrameShape(QFrame::StyledPanel);
    m_errorBanner->setStyleSheet(QStringLiteral("#programErrorBanner { background: #fde8e4; }"));
    m_errorText = new QLabel;
    m_errorText->setTextFormat(Qt::PlainText);
    m_errorText->setObjectName(QStringLiteral("programErrorText"));
    m_errorText->setWordWrap(true);
    m_errorText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorDetails = new QPushButton(tr("Show details"));
    m_errorDetails->setObjectName(QStringLiteral("showErrorDetails"));
    connect(m_errorDetails, &QPushButton::clicked, this, &ProgramKitchen::showErrorDetails);
    auto *bannerLayout = new QHBoxLayout(m_errorBanner);
    bannerLayout->addWidget(m_errorText, 1);
    bannerLayout->addWidget(m_errorDetails);
    m_errorBanner->hide();
    m_chart = new StepChart;
    m_output = new QPlainTextEdit;
    m_output->setObjectName(QStringLiteral("programOutput"));
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(2000);
    m_output->hide(); // only for programs the app started

    // Its cards, panes, memory and moves, told to the kitchen view by a feed of its own.
    m_feed = new ProgramFeed(program, this);
    connect(m_feed, &KitchenFeed::moved, this, &ProgramKitchen::updateStatus);
    m_view = new KitchenView(m_feed);
    m_view->setOverlay(m_overlay);
    connect(m_view, &KitchenView::statusMessage, this, &ProgramKitchen::statusMessage);

    m_findings = new FindingsPanel;
    m_findingsTimer = new QTimer(this);
    m_findingsTimer->setSingleShot(true);
    m_findingsTimer->setInterval(kFindingsMs); // a fast loop's steps: read again at most twice a second
    connect(m_findingsTimer, &QTimer::timeout, this, &ProgramKitchen::updateFindings);
    // The selected finding's evidence, drawn: its part of each step in full, the rest faint.
    connect(m_findings, &FindingsPanel::findingSelected, m_chart,
            [this](const WatchFinding &f) { m_chart->emphasise(f.stepPart); });
    auto *chartRow = new QSplitter(Qt::Horizontal);
    chartRow->addWidget(m_chart);
    chartRow->addWidget(m_findings);
    chartRow->setStretchFactor(0, 3);
    chartRow->setStretchFactor(1, 2);
    // The chart and the finding beside it are what answers "why is it slow?": they get the
    // larger share, and never less than a readable plot (the kitchen above scrolls its cards).
    chartRow->setMinimumHeight(kChartMinHeight);
    auto *split = m_split = new QSplitter(Qt::Vertical);
    split->addWidget(m_view);
    split->addWidget(chartRow);
    split->addWidget(m_output);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setCollapsible(1, false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_lost);
    layout->addWidget(m_errorBanner);
    layout->addWidget(split, 1);

    connect(program, &WatchedProgram::helloReceived, this, &ProgramKitchen::onHello);
    connect(program, &WatchedProgram::memoryChanged, this, &ProgramKitchen::updateStatus);
    connect(program, &WatchedProgram::stepArrived, this, &ProgramKitchen::onStep);
    connect(program, &WatchedProgram::errorArrived, this, &ProgramKitchen::onError);
    connect(program, &WatchedProgram::countersChanged, this, &ProgramKitchen::onCounters);
    connect(program, &WatchedProgram::ended, this, [this] {
        m_feed->flush();
        updateStatus();
        updateFindings();
    });
    connect(program, &WatchedProgram::refused, this, &ProgramKitchen::updateStatus);
    connect(program, &WatchedProgram::recordingCapped, this, &ProgramKitchen::updateStatus);
    connect(program, &WatchedProgram::noticeArrived, this,
            [this](const QString &text) { Q_EMIT statusMessage(text, 12000); });
    // Try the fix: the program run again, as it is and fixed (asked first).
    m_trial = new FixTrial(this);
    connect(m_findings, &FindingsPanel::tryFixRequested, this, &ProgramKitchen::tryFix);
    connect(m_findings, &FindingsPanel::cancelTrialRequested, m_trial, &FixTrial::cancel);
    connect(m_trial, &FixTrial::progress, this, [this](const QString &text) {
        m_findings->setTrialText(m_tried.kind, tr("Trying the fix: %1").arg(text), true);
    });
    connect(m_trial, &FixTrial::finished, this, &ProgramKitchen::onTrialFinished);

    // Whatever it said before this tab existed.
    m_feed->sync();
    updateStatus();
    if (program->hello().version > 0)
        onHello();
}

void ProgramKitchen::tryFix(const WatchFinding &finding)
{
    if (!m_program || m_trial->isRunning())
        return;
    const WatchHello &h = m_program->hello();
    const QString target = h.module.isEmpty() ? QFileInfo(h.script).fileName() : h.module;
    QStringList shown{QFileInfo(h.executable).fileName()};
    shown << FixTrial::arguments(h, finding);
    const QString question
        = tr("To measure this fix, Tensor Kitchen runs %1 again %2 times: %3 as it is and %3 with the fix "
             "applied where the DataLoader is made, taking turns. Each run is stopped after %4 optimizer steps, "
             "and their step times are compared.\n\nThe runs do what the program does (files it writes are "
             "written again); their output is not shown. You can cancel them.\n\nIn %5:\n%6")
              .arg(target)
              .arg(2 * FixTrial::kRounds)
              .arg(FixTrial::kRounds)
              .arg(FixTrial::kSteps)
              .arg(QDir::toNativeSeparators(h.cwd), shown.join(QLatin1Char(' ')));
    QMessageBox box(QMessageBox::Question, tr("Try the fix"), question, QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("tryFixQuestion"));
    QPushButton *run = box.addButton(tr("Run it again"), QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != run)
        return;
    m_tried = finding;
    QString error;
    if (!m_trial->start(h, finding, WatcherPackage::dir(), &error)) {
        m_findings->setTrialText(finding.kind, tr("Could not try the fix: %1").arg(error), false);
        return;
    }
    m_findings->setTrialText(finding.kind, tr("Trying the fix: starting…"), true);
}

void ProgramKitchen::onTrialFinished(const FixTrial::Result &r)
{
    if (!r.ok) {
        m_findings->setTrialText(m_tried.kind, tr("The fix was not measured: %1").arg(r.error), false);
        return;
    }
    const QLocale locale;
    const auto ms = [&](double s) { return locale.toString(s * 1e3, 'f', 2); };
    QString text = tr("Measured, %1 and %2 steps: as it is %3 ms a step, with the fix %4 ms")
                       .arg(r.asIsSteps)
                       .arg(r.fixedSteps)
                       .arg(ms(r.asIsSeconds), ms(r.fixedSeconds));
    text += QStringLiteral(" — ")
        + (r.fixedSeconds < r.asIsSeconds
               ? tr("%1× faster.").arg(locale.toString(r.asIsSeconds / r.fixedSeconds, 'f', 2))
               : tr("%1× slower: on this program the fix does not pay.")
                     .arg(locale.toString(r.fixedSeconds / r.asIsSeconds, 'f', 2)));
    if (m_tried.ifFixedSeconds >= 0)
        text += QLatin1Char(' ') + tr("Predicted: %1 ms.").arg(ms(m_tried.ifFixedSeconds));
    if (!r.applied.isEmpty())
        text += QLatin1Char('\n') + tr("Applied: %1").arg(r.applied.join(QStringLiteral("; ")));
    else
        text += QLatin1Char('\n') + tr("The fix changed no DataLoader: nothing was applied.");
    for (const QString &note : r.notes)
        text += QLatin1Char('\n') + tr("Note: %1").arg(note);
    m_findings->setTrialText(m_tried.kind, text, false);
}

void ProgramKitchen::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_splitSized || m_split->height() <= 0)
        return;
    // Two fifths to the kitchen, the rest to the chart and its findings: a splitter's first
    // sizes follow its children's size hints, and a pane of cards asks for far more.
    m_splitSized = true;
    const int total = m_split->height() - (m_output->isVisible() ? m_output->height() : 0);
    const int chart = std::max(kChartMinHeight, total * 3 / 5);
    m_split->setSizes({std::max(0, total - chart), chart, m_output->isVisible() ? m_output->height() : 0});
}

ProgramKitchen::~ProgramKitchen()
{
    if (m_errorDialog)
        m_errorDialog->close();
}

void ProgramKitchen::onHello()
{
    m_findings->setTrialAvailable(FixTrial::whyNot(m_program->hello()));
    updateStatus(); // the feed shows its devices
    Q_EMIT titleChanged(title());
}

QString ProgramKitchen::title() const
{
    if (!m_program)
        return tr("program");
    const QString name = programName();
    const qint64 pid = m_program->hello().pid;
    return pid > 0 ? tr("%1 (%2)").arg(name, QString::number(pid)) : name; // one arg(): names keep their "%2"
}

QString ProgramKitchen::programName() const
{
    const WatchHello &h = m_program->hello();
    const QString name = h.program.isEmpty() ? tr("program") : QFileInfo(h.program).fileName();
    if (h.rank >= 0 && h.worldSize > 0) // one rank of a job (torchrun, the DDP lane)
        return tr("%1 · rank %2 of %3").arg(name, QString::number(h.rank), QString::number(h.worldSize));
    return name;
}

QString ProgramKitchen::statusText() const { return m_status->text(); }

void ProgramKitchen::updateStatus()
{
    if (!m_program) {
        m_status->setText(tr("The program's connection is gone."));
        return;
    }
    const WatchHello &h = m_program->hello();
    QStringList devices;
    for (const WatchDevice &d : m_program->devices())
        devices << (d.name.isEmpty() ? d.device : tr("%1 (%2)").arg(d.device, d.name));
    QString state;
    switch (m_program->state()) {
    case WatchedProgram::State::AwaitingHello:
        state = tr("waiting for its hello");
        break;
    case WatchedProgram::State::Running:
        state = tr("running");
        break;
    case WatchedProgram::State::Ended:
        state = m_program->hasExitCode() ? tr("ended (exit code %1)").arg(m_program->exitCode()) : tr("ended");
        break;
    case WatchedProgram::State::Refused:
        m_status->setText(tr("Refused: %1").arg(m_program->refusal()));
        return;
    }
    m_status->setText(tr("%1 · pid %2 · Python %3 · torch %4 · %5 · %6 · %n moves shown", nullptr,
                         int(std::min<qint64>(m_feed->movesShown(), INT_MAX)))
                          // A rank says which it is (beside the others in its job's tab).
                          // One arg(): a "%2" in a program's name stays as it is.
                          .arg(h.rank >= 0 && h.worldSize > 0 ? programName()
                                   : h.program.isEmpty()      ? tr("program")
                                                              : h.program,
                               QString::number(h.pid), h.python, h.torch, devices.join(QStringLiteral(", ")), state));
    if (const std::optional<WatchRecordingCap> cap = m_program->recordingCap()) {
        // The recording stopped growing there; the program went on.
        const QString size = QLocale().formattedDataSize(cap->maxBytes, 1, QLocale::DataSizeTraditionalFormat);
        m_status->setText(m_status->text() + QStringLiteral(" · ")
                          + (cap->lines > 0 ? tr("the recording stopped at its cap of %1, %2 s in: %3 messages "
                                                 "(%4 steps) after it were not recorded")
                                                  .arg(size, QString::number(cap->at, 'f', 1),
                                                       QLocale().toString(cap->lines), QLocale().toString(cap->steps))
                                            : tr("the recording stopped at its cap of %1, %2 s in")
                                                  .arg(size, QString::number(cap->at, 'f', 1))));
    }
}

void ProgramKitchen::onStep(const WatchStep &step)
{
    m_chart->addStep(step);
    if (!m_findingsTimer->isActive())
        m_findingsTimer->start();
}

void ProgramKitchen::updateFindings()
{
    if (!m_program)
        return;
    QElapsedTimer cost;
    cost.start();
    m_findings->setFindings(WatchFindings::of(*m_program));
    m_findings->setNotChecked(WatchFindings::notChecked(*m_program));
    // Read again after ten times what this took: a long run's 100,000 kept steps and moves take
    // ~150 ms to read, and the window stays the user's at least nine tenths of the time.
    m_findingsTimer->setInterval(int(qBound(qint64(kFindingsMs), 10 * cost.elapsed(), qint64(10000))));
}

void ProgramKitchen::onError(const OpError &error)
{
    ++m_errors;
    updateFindings();
    // The program's own line, and where it is: nothing here can move its cards or run it again.
    m_lastError = error;
    const QString place = WatchPlace::text(error.sourceFile, error.sourceLine, error.sourceCell);
    if (!place.isEmpty())
        m_lastError.codeLine
            = tr("%1    # %2").arg(error.codeLine.isEmpty() ? QStringLiteral("…") : error.codeLine, place);
    const QString where = place.isEmpty() ? QString() : tr(" at %1").arg(place);
    m_errorText->setText(
        tr("%1 — %2 raised an error%3: %4")
            .arg(ErrorDialog::title(error.kind), title(), where, error.message.section(QLatin1Char('\n'), 0, 0)));
    m_errorBanner->show();
    Q_EMIT errorRaised();
    Q_EMIT statusMessage(tr("%1 raised: %2").arg(title(), error.message), 15000);
    if (m_errorDialog)
        m_errorDialog->close(); // an older error of this program: the new one replaces it
    // In front and nothing else asking: show it now. Otherwise the banner waits for the user.
    if (inFront() && !QApplication::activeModalWidget())
        showErrorDetails();
}

bool ProgramKitchen::inFront() const
{
    return isVisible() && window() && window()->isVisible() && !window()->isMinimized();
}

bool ProgramKitchen::showErrorDetails()
{
    if (m_errors == 0)
        return false;
    if (m_errorDialog) {
        m_errorDialog->raise();
        m_errorDialog->activateWindow();
        return true;
    }
    auto *dlg = new ErrorDialog(m_lastError, this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    m_errorDialog = dlg;
    dlg->open();
    return true;
}

void ProgramKitchen::onCounters(const WatchCounters &c)
{
    if (c.lost() == 0) {
        m_lost->hide();
        return;
    }
    m_lost->setText(tr("Not everything arrived: dropped by the watcher while the app was busy: %1; "
                       "lines malformed: %2, too long: %3, of an unknown type: %4.")
                        .arg(c.dropped)
                        .arg(c.malformed)
                        .arg(c.oversized)
                        .arg(c.unknown));
    m_lost->show();
}

void ProgramKitchen::appendOutput(const QString &text)
{
    m_output->show();
    m_output->moveCursor(QTextCursor::End);
    m_output->insertPlainText(text);
    m_output->moveCursor(QTextCursor::End);
}

} // namespace tk
