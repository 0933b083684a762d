#include "ui/console/consolepane.h"

#include "ui/console/consoleinput.h"
#include "core/kitchen/kitchenengine.h"
#include "core/kitchen/koreanparticles.h"
#include "core/console/pythonconsole.h"
#include "ui/common/palette.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTimer>
#include <QVBoxLayout>

namespace tk {

namespace {

constexpr int kMoveNotes = 3; // a loop of moves is summed up after this many

// The colours of the code log's highlighter: input blue, errors red, comments grey.
QTextCharFormat colored(const QColor &color, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(color);
    f.setFontItalic(italic);
    return f;
}
QTextCharFormat echoFormat() { return colored(Palette::code()); }
QTextCharFormat errorFormat() { return colored(Palette::error()); }
QTextCharFormat dimFormat() { return colored(Palette::dim(), true); }

// Where the reply's traceback starts in its output (print output may come before it), or -1.
qsizetype tracebackStart(const ConsoleReply &r)
{
    if (!r.raised())
        return -1;
    static const QRegularExpression start(
        QStringLiteral("^(Traceback \\(most recent call last\\):|  File \"<console>\")"),
        QRegularExpression::MultilineOption);
    const auto m = start.match(r.output);
    return m.hasMatch() ? m.capturedStart() : 0; // no frame to show: all of it is the error
}

} // namespace

ConsolePane::ConsolePane(KitchenEngine *engine, QWidget *parent) : QWidget(parent), m_engine(engine)
{
    setObjectName(QStringLiteral("consolePane"));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    m_output = new QPlainTextEdit;
    m_output->setObjectName(QStringLiteral("consoleOutput"));
    m_output->setReadOnly(true);
    m_output->setFont(mono);
    m_output->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_output->setMaximumBlockCount(10000); // a long session keeps its recent past
    m_output->setFocusPolicy(Qt::ClickFocus);

    m_prompt = new QLabel(QStringLiteral(">>>"));
    m_prompt->setFont(mono);
    m_input = new ConsoleInput;
    m_stop = new QPushButton(tr("Stop"));
    m_stop->setObjectName(QStringLiteral("consoleStop"));
    m_stop->setToolTip(tr("Interrupt the running input: KeyboardInterrupt, as Ctrl+C in Python"));
    m_stop->setEnabled(false);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("consoleStatus"));
    m_status->setStyleSheet(QStringLiteral("color: %1;").arg(Palette::dim().name()));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    // The input gets the whole width; the status and Stop share the line under it.
    auto *row = new QHBoxLayout;
    row->addWidget(m_prompt, 0, Qt::AlignTop);
    row->addWidget(m_input, 1);
    auto *footer = new QHBoxLayout;
    footer->addWidget(m_status, 1);
    footer->addWidget(m_stop, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_output, 1);
    layout->addLayout(row);
    layout->addLayout(footer);
    setFocusProxy(m_input);

    // Python may not be running the input yet (the worker is busy, or it is still parsing):
    // Stop keeps trying until it lands or the answer comes.
    m_stopRetry = new QTimer(this);
    m_stopRetry->setInterval(50);
    connect(m_stopRetry, &QTimer::timeout, this, [this] {
        if (!running() || KitchenEngine::interruptPython())
            m_stopRetry->stop();
    });

    connect(m_input, &ConsoleInput::submitted, this, [this](const QString &code) {
        if (run(code))
            m_input->accept();
    });
    connect(m_input, &ConsoleInput::interruptRequested, this, &ConsolePane::stop);
    connect(m_stop, &QPushButton::clicked, this, &ConsolePane::stop);
    connect(m_input, &ConsoleInput::completionRequested, this, [this](const QString &prefix) {
        if (m_off)
            return;
        m_completionPrefix = prefix;
        m_completion = m_engine->complete(prefix);
    });
    connect(m_engine, &KitchenEngine::completed, this, [this](quint64 request, const QStringList &list) {
        if (request == m_completion)
            m_input->offerCompletions(m_completionPrefix, list);
    });
    connect(m_engine, &KitchenEngine::consoleReady, this, &ConsolePane::onConsoleReady);
}

QString ConsolePane::status() const { return m_status->text(); }

void ConsolePane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_started)
        start();
}

void ConsolePane::start()
{
    m_started = true;
    if (!PythonConsole::builtIn())
        onConsoleReady(false, tr("This build has no PyTorch console.")); // the worker says why
    else
        setStatus(tr("Starting Python…"));
    m_engine->startConsole();
}

void ConsolePane::onConsoleReady(bool available, const QString &status)
{
    m_available = available;
    m_off = !available;
    m_input->setEnabled(available);
    m_prompt->setEnabled(available);
    m_readyText = status;
    if (!running())
        setStatus(status);
}

bool ConsolePane::run(const QString &code)
{
    QString text = code;
    while (!text.isEmpty() && text.back().isSpace()) // the blank line that ended a block
        text.chop(1);
    if (m_off || text.trimmed().isEmpty())
        return false;
    if (running()) {
        setStatus(tr("still running — Ctrl+C to stop"));
        return false;
    }
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i)
        append((i == 0 ? QStringLiteral(">>> ") : QStringLiteral("... ")) + lines.at(i), echoFormat());
    QPointer<ConsolePane> self(this);
    m_request = m_engine->submit(request::RunPython{text, false, {}}, [self](const Outcome &outcome) {
        if (!self)
            return;
        self->showReply(outcome);
        // A device mismatch opens the dialog a drag's opens; other errors are the traceback.
        if (!outcome.ok())
            Q_EMIT self->failed(outcome.error);
    });
    setRunning(true);
    return true;
}

void ConsolePane::stop()
{
    if (!running())
        return;
    setStatus(tr("Stopping…"));
    if (!KitchenEngine::interruptPython())
        m_stopRetry->start();
}

void ConsolePane::echoKitchenLine(const CodeLine &line)
{
    if (running())
        return;
    QString code = line.display();
    code.replace(QLatin1Char('\n'), QLatin1String("\n# "));
    //: Before a line of Python that a drag or a button ran; keep the "#" (a Python comment).
    append(tr("# kitchen: %1").arg(code), dimFormat());
}

void ConsolePane::showReply(const Outcome &outcome)
{
    m_stopRetry->stop();
    setRunning(false);
    const ConsoleReply &r = outcome.console;
    if (!r.ran) {
        // The console is off here (no Python, no torch): say why and take no more input.
        // The worker's reason names a version or a path: its Korean particles are chosen here.
        const QString why
            = KoreanParticles::resolve(r.output.trimmed().isEmpty() ? outcome.error.message : r.output.trimmed());
        append(why, errorFormat());
        onConsoleReady(false, why);
        return;
    }
    const qsizetype tb = tracebackStart(r);
    append(tb < 0 ? r.output : r.output.left(tb), QTextCharFormat());
    if (tb >= 0)
        append(r.output.mid(tb), errorFormat());
    const QList<MoveReport> &moves = outcome.moves;
    for (qsizetype i = 0; i < moves.size() && i < kMoveNotes; ++i)
        append(QStringLiteral("# ") + moves.at(i).describe(), dimFormat());
    if (moves.size() > kMoveNotes)
        append(tr("# … and %1 more moves").arg(moves.size() - kMoveNotes), dimFormat());
    // The console's own notes (a mix of devices PyTorch let through, values changed in place),
    // as comments, apart from what the input printed.
    for (const QString &n : outcome.notices)
        append(QStringLiteral("# ") + n, dimFormat());
    if (r.interrupted)
        setStatus(tr("Stopped (KeyboardInterrupt): what ran before it stays."));
}

void ConsolePane::setRunning(bool running)
{
    if (!running)
        m_request = 0;
    m_stop->setEnabled(running);
    m_prompt->setText(running ? QStringLiteral("…") : QStringLiteral(">>>"));
    setStatus(running ? tr("running…") : m_readyText);
}

void ConsolePane::setStatus(const QString &text) { m_status->setText(text); }

// Each piece on lines of its own, so that an echo never continues a print(end='').
void ConsolePane::append(const QString &text, const QTextCharFormat &format)
{
    QString piece = text;
    while (piece.endsWith(QLatin1Char('\n')))
        piece.chop(1);
    if (text.isEmpty())
        return;
    QTextCursor c(m_output->document());
    c.movePosition(QTextCursor::End);
    if (!m_output->document()->isEmpty())
        c.insertBlock();
    c.insertText(piece, format);
    QScrollBar *bar = m_output->verticalScrollBar();
    bar->setValue(bar->maximum());
}

} // namespace tk
