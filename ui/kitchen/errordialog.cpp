#include "ui/kitchen/errordialog.h"

#include "ui/common/devicestyle.h"
#include "core/devices/buildfacts.h"
#include "core/kitchen/koreanparticles.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace tk {

QString ErrorDialog::title(OpError::Kind kind)
{
    switch (kind) {
    case OpError::Kind::DeviceMismatch:
        return tr("Devices don't match");
    case OpError::Kind::Shape:
        return tr("Shapes don't fit");
    case OpError::Kind::Dtype:
        return tr("This dtype doesn't work here");
    case OpError::Kind::OutOfMemory:
        return tr("Out of memory");
    case OpError::Kind::InvalidInput:
        return tr("That can't be done");
    case OpError::Kind::File:
        return tr("Can't open this file");
    case OpError::Kind::NoGpu:
        return tr("No GPU here");
    default:
        return tr("LibTorch raised an error");
    }
}

QString ErrorDialog::title(const OpError &error)
{
    if (error.kind == OpError::Kind::File && error.writing)
        return tr("Can't save this file");
    return title(error.kind);
}

QString ErrorDialog::explanation(OpError::Kind kind)
{
    switch (kind) {
    case OpError::Kind::DeviceMismatch:
        return tr("Every tensor in one operation must sit on the same device. Ingredients on "
                  "different counters cannot go into one pot: move one of them first. In a real "
                  "program this usually means the model and the data did not both get "
                  ".to(device) — check both.");
    case OpError::Kind::Shape:
        return tr("Element-wise + and * need equal shapes (or shapes that broadcast); x @ y needs "
                  "x's last size to equal y's first; torch.cat needs every size but the first to "
                  "match. Reshape or transpose one operand.");
    case OpError::Kind::Dtype:
        return tr("Some operations are only implemented for some dtypes: random sampling needs a "
                  "floating dtype, and half precision is limited on the CPU. Pick float32 and "
                  "try again.");
    case OpError::Kind::OutOfMemory:
        return tr("The device cannot hold this tensor. Use a smaller shape or batch, delete cards "
                  "you no longer need, or on a GPU empty the caching allocator's cache.");
    case OpError::Kind::File:
        return tr("Nothing was loaded and the kitchen is unchanged. Check that this is the file "
                  "you meant; Details has the full message.");
    case OpError::Kind::InvalidInput:
        return tr("Tensor Kitchen stopped this before asking LibTorch; the message says what to "
                  "change. Nothing was changed.");
    case OpError::Kind::NoGpu:
        return noGpuAdvice();
    default:
        return tr("LibTorch refused this operation; its message says why.");
    }
}

QString ErrorDialog::noGpuAdvice()
{
    return tr("Code that should run with and without a GPU picks its device the way the source "
              "texts do: device = \"cuda\" if torch.cuda.is_available() else \"cpu\" (the console "
              "has it predefined), then x.to(device) instead of x.cuda().");
}

QString ErrorDialog::explanation(const OpError &error)
{
    if (error.kind == OpError::Kind::NoGpu) {
        // Which of the workbench's two cases, told by the error's own words.
        BuildFacts facts;
        facts.noGpuReason = BuildFacts::noGpuReasonOf(error.message + QLatin1Char('\n') + error.details);
        const QString why = facts.noGpuExplanation();
        return why.isEmpty() ? noGpuAdvice() : why + QStringLiteral("\n\n") + noGpuAdvice();
    }
    if (error.kind == OpError::Kind::File && error.writing)
        return tr("Nothing was written; if the file already existed, it is unchanged. Choose "
                  "another name or folder and save again; Details has the full message.");
    return explanation(error.kind);
}

ErrorDialog::ErrorDialog(const OpError &error, QWidget *parent) : ErrorDialog(error, {}, {}, parent) { }

OpError ErrorDialog::inWords(OpError error)
{
    // Korean particles chosen for the names the messages carry; LibTorch's and a program's
    // own words are never rewritten.
    if (error.refusedBeforeAllocation || error.kind == OpError::Kind::InvalidInput || error.kind == OpError::Kind::File)
        error.message = KoreanParticles::resolve(error.message);
    return error;
}

ErrorDialog::ErrorDialog(const OpError &raw, const Operand &x, const Operand &y, QWidget *parent)
    : QDialog(parent), m_error(inWords(raw))
{
    const OpError &error = m_error;
    setObjectName(QStringLiteral("errorDialog"));
    setWindowTitle(title(error));
    setAttribute(Qt::WA_DeleteOnClose);
    const bool fileError = error.kind == OpError::Kind::File;

    auto *heading = new QLabel(QStringLiteral("<h3>%1</h3>").arg(title(error).toHtmlEscaped()));
    heading->setObjectName(QStringLiteral("heading"));

    // A file error leads with what is wrong, in plain words, and which file.
    auto *plainWords = new QLabel(error.message);
    plainWords->setObjectName(QStringLiteral("plainWords"));
    plainWords->setWordWrap(true);
    plainWords->setTextFormat(Qt::PlainText);
    plainWords->setTextInteractionFlags(Qt::TextSelectableByMouse);
    plainWords->setVisible(fileError);
    auto *fileRow = new QWidget;
    fileRow->setObjectName(QStringLiteral("fileRow"));
    auto *fileLayout = new QHBoxLayout(fileRow);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    fileLayout->addWidget(new QLabel(tr("File:")));
    const QString nativePath
        = error.file.isEmpty() ? QString() : QDir::toNativeSeparators(QFileInfo(error.file).absoluteFilePath());
    // Long paths keep both ends; the whole path is in the tooltip and the copied text.
    auto *file = new QLabel(fontMetrics().elidedText(nativePath, Qt::ElideMiddle, 460));
    file->setObjectName(QStringLiteral("file"));
    file->setTextFormat(Qt::PlainText);
    file->setToolTip(nativePath);
    file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fileLayout->addWidget(file, 1);
    fileRow->setVisible(fileError && !error.file.isEmpty());

    auto *code = new QLabel(QStringLiteral("<tt>&gt;&gt;&gt; %1</tt>").arg(error.codeLine.toHtmlEscaped()));
    code->setObjectName(QStringLiteral("codeLine"));
    code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    code->setVisible(!error.codeLine.trimmed().isEmpty()); // no bare ">>>" for a line never run

    // LibTorch's own words stay in view for LibTorch's errors: they are what the user will
    // meet again in a real program.
    auto *message = new QPlainTextEdit(error.message);
    message->setObjectName(QStringLiteral("libtorchMessage"));
    message->setReadOnly(true);
    message->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    message->setMaximumHeight(110);
    message->setVisible(!fileError);
    auto *copy = new QPushButton(tr("&Copy message"));
    copy->setObjectName(QStringLiteral("copyMessage"));
    connect(copy, &QPushButton::clicked, this, [this] {
        QStringList parts = {m_error.message};
        if (m_error.kind == OpError::Kind::File)
            parts << QDir::toNativeSeparators(m_error.file) << m_error.details;
        parts.removeAll(QString());
        QGuiApplication::clipboard()->setText(parts.join(QLatin1Char('\n')));
    });
    // Refusals and invalid input are the kitchen's own words, not LibTorch's.
    const bool ours = error.refusedBeforeAllocation || error.kind == OpError::Kind::InvalidInput;
    auto *saidLabel = new QLabel(ours ? tr("Tensor Kitchen said:") : tr("LibTorch said:"));
    saidLabel->setVisible(!fileError);

    // The devices row, label and chips together, only when devices are known; each once
    // (x + y on the CPU involves one device).
    QStringList involved = error.devices;
    involved.removeAll(QString());
    involved.removeDuplicates();
    QStringList chips;
    for (const QString &d : std::as_const(involved))
        chips << QStringLiteral("<span style='background:%1;color:white;border-radius:4px;'>"
                                "&nbsp;%2&nbsp;</span>")
                     .arg(DeviceStyle::color(d).name(), d.toHtmlEscaped());
    auto *devicesRow = new QWidget;
    devicesRow->setObjectName(QStringLiteral("devicesRow"));
    auto *devicesLayout = new QHBoxLayout(devicesRow);
    devicesLayout->setContentsMargins(0, 0, 0, 0);
    devicesLayout->addWidget(new QLabel(tr("Devices involved:")));
    auto *devices = new QLabel(chips.join(QLatin1String(" ")));
    devices->setObjectName(QStringLiteral("devices"));
    devicesLayout->addWidget(devices, 1);
    devicesRow->setVisible(!chips.isEmpty());

    QString whyText = explanation(error);
    if (error.refusedBeforeAllocation)
        whyText += QLatin1Char(' ')
            + tr("Tensor Kitchen checked the free memory before asking LibTorch, "
                 "so nothing was allocated and every card is as it was.");
    auto *why = new QLabel(whyText);
    why->setObjectName(QStringLiteral("explanation"));
    why->setWordWrap(true);

    // A file error's raw text (LibTorch's or the system's) waits under Details, as
    // QMessageBox's detailed text does.
    m_detailsToggle = new QToolButton;
    m_detailsToggle->setObjectName(QStringLiteral("detailsToggle"));
    m_detailsToggle->setText(tr("&Details"));
    m_detailsToggle->setCheckable(true);
    m_detailsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_detailsToggle->setArrowType(Qt::RightArrow);
    m_detailsToggle->setAutoRaise(true);
    m_detailsToggle->setVisible(!error.details.isEmpty()); // a file's raw text, a program's traceback
    m_details = new QPlainTextEdit(error.details);
    m_details->setObjectName(QStringLiteral("details"));
    m_details->setReadOnly(true);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setMaximumHeight(140);
    m_details->hide();
    connect(m_detailsToggle, &QToolButton::toggled, this, &ErrorDialog::setDetailsShown);

    auto *said = new QHBoxLayout;
    said->addWidget(saidLabel);
    said->addWidget(m_detailsToggle);
    said->addStretch();
    said->addWidget(copy);

    auto *buttons = new QDialogButtonBox;
    QStringList disabledReasons;
    if (error.kind == OpError::Kind::DeviceMismatch && x.id >= 0 && y.id >= 0 && x.device != y.device) {
        auto *moveY = buttons->addButton(KoreanParticles::resolve(tr("Move %1 to %2 and retry").arg(y.name, x.device)),
                                         QDialogButtonBox::ActionRole);
        moveY->setObjectName(QStringLiteral("moveSecond"));
        connect(moveY, &QPushButton::clicked, this, [this, y, x] {
            Q_EMIT moveAndRetry(y.id, x.device);
            accept();
        });
        auto *moveX = buttons->addButton(KoreanParticles::resolve(tr("Move %1 to %2 and retry").arg(x.name, y.device)),
                                         QDialogButtonBox::ActionRole);
        // A meta tensor has no values, so there is nothing to copy to a real device. The reason
        // is said in the dialog, under the buttons it disables, not only in a tooltip.
        for (auto [button, name, from, to] :
             {std::tuple{moveY, y.name, y.device, x.device}, std::tuple{moveX, x.name, x.device, y.device}}) {
            if (from == QLatin1String("meta") && to != QLatin1String("meta")) {
                button->setEnabled(false);
                const QString reason
                    = KoreanParticles::resolve(tr("%1 is on meta: it has shapes but no values, so there is "
                                                  "nothing to copy to %2.")
                                                   .arg(name, to));
                button->setToolTip(reason);
                disabledReasons << reason;
            }
        }
        moveX->setObjectName(QStringLiteral("moveFirst"));
        connect(moveX, &QPushButton::clicked, this, [this, x, y] {
            Q_EMIT moveAndRetry(x.id, y.device);
            accept();
        });
    }
    if (error.kind == OpError::Kind::OutOfMemory
        && std::any_of(error.devices.begin(), error.devices.end(),
                       [](const QString &d) { return d.startsWith(QLatin1String("cuda")); })) {
        auto *empty = buttons->addButton(tr("&Empty cache"), QDialogButtonBox::ActionRole);
        empty->setObjectName(QStringLiteral("emptyCache"));
        empty->setToolTip(tr("torch.cuda.empty_cache(): return the allocator's unused blocks."));
        connect(empty, &QPushButton::clicked, this, &ErrorDialog::emptyCacheRequested);
    }
    auto *whyDisabled = new QLabel(disabledReasons.join(QLatin1Char('\n')));
    whyDisabled->setObjectName(QStringLiteral("whyDisabled"));
    whyDisabled->setWordWrap(true);
    whyDisabled->setTextFormat(Qt::PlainText);
    whyDisabled->setVisible(!disabledReasons.isEmpty());
    auto *close = buttons->addButton(QDialogButtonBox::Close);
    close->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    for (QWidget *w : std::initializer_list<QWidget *>{heading, plainWords, fileRow, code})
        layout->addWidget(w);
    if (fileError) { // the raw text last, under its toggle, as in QMessageBox
        layout->addWidget(why);
        layout->addLayout(said);
        layout->addWidget(m_details);
        layout->addWidget(message);
        layout->addWidget(devicesRow);
    } else {
        layout->addLayout(said);
        layout->addWidget(message);
        layout->addWidget(m_details);
        layout->addWidget(devicesRow);
        layout->addWidget(why);
    }
    layout->addWidget(whyDisabled);
    m_hint = new QLabel;
    m_hint->setObjectName(QStringLiteral("hint"));
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->hide();
    layout->addWidget(m_hint);
    layout->addWidget(buttons);
    fitHeight(560);
}

void ErrorDialog::fitHeight(int width)
{
    // The wrapped labels' height at this width, not at the narrower size hint's.
    layout()->activate();
    resize(width, layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width) : sizeHint().height());
}

void ErrorDialog::addHint(const QString &text)
{
    m_hint->setText(KoreanParticles::resolve(text));
    m_hint->setVisible(!text.isEmpty());
    fitHeight(width());
}

bool ErrorDialog::detailsShown() const { return !m_details->isHidden(); }

void ErrorDialog::setDetailsShown(bool shown)
{
    if (shown == detailsShown())
        return;
    const QSignalBlocker block(m_detailsToggle);
    m_detailsToggle->setChecked(shown);
    m_detailsToggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
    m_details->setVisible(shown);
    // Grow for the details and shrink back when they are hidden, keeping the width.
    fitHeight(width());
}

} // namespace tk
