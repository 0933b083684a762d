#include "ui/watch/findingspanel.h"
#include "core/kitchen/koreanparticles.h"

#include "core/watch/fixtrial.h"
#include "core/watch/watchplace.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTextBlock>
#include <QVBoxLayout>

namespace tk {

FindingsPanel::FindingsPanel(QWidget *parent) : QWidget(parent)
{
    auto *heading = new QLabel(tr("<b>Why is it slow?</b> What this run shows"));
    m_list = new QListWidget;
    m_list->setObjectName(QStringLiteral("findingsList"));
    m_list->setWordWrap(true);
    m_details = new QLabel;
    m_details->setObjectName(QStringLiteral("findingDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextBrowserInteraction);
    // The file's link opens the app's own read-only viewer: a path a program sent is never
    // handed to the desktop's default handler.
    m_details->setOpenExternalLinks(false);
    connect(m_details, &QLabel::linkActivated, this, [this](const QString &link) {
        const int row = m_list->currentRow();
        if (row < 0 || row >= m_findings.size())
            return;
        const WatchFinding &f = m_findings.at(row);
        if (link == QLatin1String("#source"))
            showSource(f.file, f.line);
        else if (link == QLatin1String("#fix"))
            showSource(f.fixFile, f.fixLine);
    });
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_notChecked = new QLabel;
    m_notChecked->setObjectName(QStringLiteral("findingsNotChecked"));
    m_notChecked->setWordWrap(true);
    m_notChecked->hide();
    // A few rows for the list; the selected finding's words (and its line of code) scroll.
    m_list->setMaximumHeight(5 * fontMetrics().height());
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_details);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the words wrap
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heading);
    layout->addWidget(m_list);
    layout->addWidget(m_notChecked);
    layout->addWidget(scroll, 1);
    // Try the fix: measured by running the program again, as it is and fixed (FixTrial).
    m_try = new QPushButton(tr("Try the fix…"));
    m_try->setObjectName(QStringLiteral("tryFix"));
    m_try->setToolTip(tr("Run the program again, as it is and with this fix, for a few steps each, and "
                         "compare the measured step times"));
    m_cancelTry = new QPushButton(tr("Cancel"));
    m_cancelTry->setObjectName(QStringLiteral("cancelTrial"));
    m_trialLabel = new QLabel;
    m_trialLabel->setObjectName(QStringLiteral("trialText"));
    m_trialLabel->setTextFormat(Qt::PlainText); // a rerun's words carry the program's paths
    m_trialLabel->setWordWrap(true);
    m_try->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed); // a button, not a bar across the panel
    auto *trialRow = new QHBoxLayout;
    trialRow->addWidget(m_try, 0, Qt::AlignLeft | Qt::AlignTop);
    trialRow->addWidget(m_cancelTry, 0, Qt::AlignLeft | Qt::AlignTop);
    trialRow->addWidget(m_trialLabel, 1);
    layout->addLayout(trialRow);
    connect(m_try, &QPushButton::clicked, this, [this] {
        const int row = m_list->currentRow();
        if (row >= 0 && row < m_findings.size())
            Q_EMIT tryFixRequested(m_findings.at(row));
    });
    connect(m_cancelTry, &QPushButton::clicked, this, &FindingsPanel::cancelTrialRequested);
    updateTrial();
    connect(m_list, &QListWidget::currentRowChanged, this, &FindingsPanel::showDetails);
    hide();
}

void FindingsPanel::setFindings(const QList<WatchFinding> &findings)
{
    const int row = std::max(0, m_list->currentRow());
    m_findings = findings;
    m_list->clear();
    for (const WatchFinding &f : findings) {
        const QString where = WatchPlace::text(f.file, f.line, f.cell);
        const QString title = KoreanParticles::resolve(f.title);
        m_list->addItem(where.isEmpty() ? title : tr("%1 — %2").arg(title, where));
    }
    setVisible(!findings.isEmpty());
    if (!findings.isEmpty())
        m_list->setCurrentRow(std::min(row, int(findings.size()) - 1));
    else
        m_details->clear();
}

void FindingsPanel::showDetails(int row)
{
    if (row < 0 || row >= m_findings.size()) {
        m_details->clear();
        updateTrial();
        return;
    }
    const WatchFinding &f = m_findings.at(row);
    QString cost = f.costSeconds > 0
        ? tr("Costs %1 ms a step (%2).").arg(QLocale().toString(f.costSeconds * 1e3, 'f', 2), f.costBasis)
        : f.costBasis;
    if (f.ifFixedSeconds >= 0)
        cost += QLatin1Char(' ')
            + tr("Fixed, a step would take about %1 ms.").arg(QLocale().toString(f.ifFixedSeconds * 1e3, 'f', 2));
    const QString where = WatchPlace::text(f.file, f.line, f.cell);
    // Where the fix is written, when that is another line (a DataLoader's arguments, where it is
    // made): said with the fix, its lines first, as the user's next step is to go there.
    const bool elsewhere = f.fixLine > 0 && (f.fixLine != f.line || f.fixCell != f.cell || f.fixFile != f.file);
    const QString fix = elsewhere
        ? QStringLiteral("<p><b>%1</b></p>%2")
              .arg(tr("Fix here: %1").arg(WatchPlace::text(f.fixFile, f.fixLine, f.fixCell)).toHtmlEscaped(),
                   sourceHtml(f.fixFile, f.fixLine, f.fixCell, QStringLiteral("#fix")))
        : QString();
    // What it costs and the fix first, so that they show without scrolling; the lines after.
    m_details->setText(QStringLiteral("<p>%1</p><p><b>%2</b></p><p>%3</p><p><tt>%4</tt></p>%5%6")
                           .arg((where.isEmpty() ? QString() : where.toHtmlEscaped() + QStringLiteral(": "))
                                    + KoreanParticles::resolve(f.evidence).toHtmlEscaped(),
                                KoreanParticles::resolve(cost).toHtmlEscaped(),
                                KoreanParticles::resolve(f.advice).toHtmlEscaped(), f.code.toHtmlEscaped(), fix,
                                sourceHtml(f.file, f.line, f.cell, QStringLiteral("#source"))));
    updateTrial();
    Q_EMIT findingSelected(f);
}

void FindingsPanel::setTrialAvailable(const QString &whyNot)
{
    m_trialWhyNot = whyNot;
    updateTrial();
}

void FindingsPanel::setTrialText(const QString &kind, const QString &text, bool running)
{
    m_trialTexts.insert(kind, text);
    if (running)
        m_trialRunning = kind;
    else if (m_trialRunning == kind)
        m_trialRunning.clear();
    updateTrial();
}

QString FindingsPanel::trialText() const { return m_trialLabel->isHidden() ? QString() : m_trialLabel->text(); }

void FindingsPanel::updateTrial()
{
    const int row = m_list->currentRow();
    const bool can = row >= 0 && row < m_findings.size() && FixTrial::canTry(m_findings.at(row));
    const QString kind = can ? m_findings.at(row).kind : QString();
    m_try->setVisible(can);
    m_try->setEnabled(can && m_trialWhyNot.isEmpty() && m_trialRunning.isEmpty());
    if (can && !m_trialWhyNot.isEmpty() && m_trialWhyNot != QLatin1String("-"))
        m_try->setToolTip(m_trialWhyNot);
    m_cancelTry->setVisible(can && m_trialRunning == kind);
    const QString text = can ? m_trialTexts.value(kind) : QString();
    m_trialLabel->setText(text);
    m_trialLabel->setVisible(!text.isEmpty());
}

// A line of the program's own file, with one line either side, and a link (`link`) that opens
// the file in the app's viewer. A notebook's cell has no file here: its place says it.
QString FindingsPanel::sourceHtml(const QString &file, int line, int cell, const QString &link)
{
    const QString key = QStringLiteral("%1:%2:%3:%4").arg(file, QString::number(line), QString::number(cell), link);
    if (const auto cached = m_sources.constFind(key); cached != m_sources.constEnd())
        return *cached;
    if (m_sources.size() > 256)
        m_sources.clear();
    QString &html = m_sources[key]; // empty when there is nothing to show
    int first = 0;
    const QStringList lines = cell > 0 ? QStringList() : WatchPlace::excerpt(file, line, 1, &first);
    if (lines.isEmpty())
        return html;
    // Wrapped, not <pre>: a long line must not widen the panel beside the chart.
    html = QStringLiteral("<p style=\"white-space: pre-wrap; font-family: monospace\">");
    for (int i = 0; i < lines.size(); ++i) {
        const QString text = QStringLiteral("%1  %2").arg(first + i, 4).arg(lines.at(i)).toHtmlEscaped();
        html += first + i == line ? QStringLiteral("<b>%1</b><br>").arg(text) : text + QStringLiteral("<br>");
    }
    html += QStringLiteral("</p><p><a href=\"%1\">%2</a></p>")
                .arg(link, tr("Show %1").arg(QFileInfo(file).fileName()).toHtmlEscaped());
    return html;
}

void FindingsPanel::showSource(const QString &file, int line)
{
    const QString text = WatchPlace::source(file);
    if (text.isEmpty())
        return;
    auto *dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("%1 (read only)").arg(QFileInfo(file).fileName()));
    auto *view = new QPlainTextEdit(dialog);
    view->setObjectName(QStringLiteral("findingSource"));
    view->setReadOnly(true);
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setPlainText(text);
    const QTextBlock block = view->document()->findBlockByNumber(std::max(0, line - 1));
    QTextCursor cursor(block);
    cursor.select(QTextCursor::LineUnderCursor);
    view->setTextCursor(cursor);
    view->centerCursor();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(view);
    layout->addWidget(buttons);
    dialog->resize(760, 520);
    dialog->show();
}

void FindingsPanel::setNotChecked(const QMap<QString, QString> &why)
{
    QStringList lines;
    for (auto it = why.constBegin(); it != why.constEnd(); ++it)
        lines << tr("Not checked: %1 — %2").arg(it.key(), it.value()).toHtmlEscaped();
    m_notChecked->setText(QStringLiteral("<small>%1</small>").arg(lines.join(QStringLiteral("<br>"))));
    m_notChecked->setVisible(!lines.isEmpty());
}

QString FindingsPanel::notCheckedText() const { return m_notChecked->isHidden() ? QString() : m_notChecked->text(); }

QString FindingsPanel::detailText() const { return m_details->text(); }

} // namespace tk
