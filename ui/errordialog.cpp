#include "errordialog.h"

#include "devicestyle.h"

#include <QFontDatabase>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace tk {

QString ErrorDialog::title(OpError::Kind kind)
{
    switch (kind) {
    case OpError::Kind::DeviceMismatch: return tr("The ingredients are on different counters");
    case OpError::Kind::Shape: return tr("The shapes do not fit together");
    case OpError::Kind::Dtype: return tr("This dtype does not work here");
    case OpError::Kind::OutOfMemory: return tr("Not enough memory");
    case OpError::Kind::InvalidInput: return tr("That cannot be done");
    default: return tr("LibTorch raised an error");
    }
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
    default:
        return tr("LibTorch refused this operation; its message says why.");
    }
}

ErrorDialog::ErrorDialog(const OpError &error, const Operand &x, const Operand &y, QWidget *parent)
    : QDialog(parent), m_error(error)
{
    setObjectName(QStringLiteral("errorDialog"));
    setWindowTitle(title(error.kind));
    setAttribute(Qt::WA_DeleteOnClose);

    auto *heading = new QLabel(QStringLiteral("<h3>%1</h3>").arg(title(error.kind).toHtmlEscaped()));
    QStringList chips;
    for (const QString &d : error.devices)
        chips << QStringLiteral("<span style='background:%1;color:white;border-radius:4px;'>"
                                "&nbsp;%2&nbsp;</span>")
                     .arg(DeviceStyle::color(d).name(), d.toHtmlEscaped());
    auto *devices = new QLabel(tr("Devices involved: %1").arg(chips.join(QLatin1String(" "))));
    devices->setObjectName(QStringLiteral("devices"));

    auto *code = new QLabel(QStringLiteral("<tt>&gt;&gt;&gt; %1</tt>").arg(error.codeLine.toHtmlEscaped()));
    code->setObjectName(QStringLiteral("codeLine"));
    code->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *message = new QPlainTextEdit(error.message);
    message->setObjectName(QStringLiteral("libtorchMessage"));
    message->setReadOnly(true);
    message->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    message->setMaximumHeight(110);
    auto *copy = new QPushButton(tr("&Copy message"));
    copy->setObjectName(QStringLiteral("copyMessage"));
    connect(copy, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_error.message); });
    auto *said = new QHBoxLayout;
    said->addWidget(new QLabel(error.refusedBeforeAllocation ? tr("Tensor Kitchen said:")
                                                             : tr("LibTorch said:")));
    said->addStretch();
    said->addWidget(copy);

    QString whyText = explanation(error.kind);
    if (error.refusedBeforeAllocation)
        whyText += QLatin1Char(' ') + tr("Tensor Kitchen checked the free memory before asking LibTorch, "
                                         "so nothing was allocated and every card is as it was.");
    auto *why = new QLabel(whyText);
    why->setObjectName(QStringLiteral("explanation"));
    why->setWordWrap(true);

    auto *buttons = new QDialogButtonBox;
    if (error.kind == OpError::Kind::DeviceMismatch && x.id >= 0 && y.id >= 0
        && x.device != y.device) {
        auto *moveY = buttons->addButton(tr("Move %1 to %2 and retry").arg(y.name, x.device),
                                         QDialogButtonBox::ActionRole);
        moveY->setObjectName(QStringLiteral("moveSecond"));
        connect(moveY, &QPushButton::clicked, this, [this, y, x] {
            Q_EMIT moveAndRetry(y.id, x.device);
            accept();
        });
        auto *moveX = buttons->addButton(tr("Move %1 to %2 and retry").arg(x.name, y.device),
                                         QDialogButtonBox::ActionRole);
        // A meta tensor has no values, so LibTorch cannot copy it to a real device; and
        // LibTorch's Module::to() cannot move parameters to meta in place.
        for (auto [button, from, to, kind] : {std::tuple{moveY, y.device, x.device, y.kind},
                                              std::tuple{moveX, x.device, y.device, x.kind}}) {
            if (from == QLatin1String("meta") && to != QLatin1String("meta")) {
                button->setEnabled(false);
                button->setToolTip(tr("A meta tensor has shapes but no values: there is nothing "
                                      "to copy to %1.").arg(to));
            } else if (kind == QLatin1String("model") && to == QLatin1String("meta")) {
                button->setEnabled(false);
                button->setToolTip(tr("LibTorch's Module::to() moves parameters in place, which "
                                      "works between cpu and cuda but not to meta."));
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
    auto *close = buttons->addButton(QDialogButtonBox::Close);
    close->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(code);
    layout->addLayout(said);
    layout->addWidget(message);
    layout->addWidget(devices);
    layout->addWidget(why);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

} // namespace tk
