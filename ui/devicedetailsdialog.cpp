#include "devicedetailsdialog.h"

#include "devicereport.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace tk {

DeviceDetailsDialog::DeviceDetailsDialog(QWidget *parent) : QDialog(parent), m_text(DeviceReport::text())
{
    setWindowTitle(tr("Device check"));
    setObjectName(QStringLiteral("deviceDetails"));
    auto *view = new QPlainTextEdit(m_text);
    view->setReadOnly(true);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QPushButton *copy = buttons->addButton(tr("Copy as &text"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(m_text); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(view);
    layout->addWidget(buttons);
    resize(760, 460);
}

} // namespace tk
