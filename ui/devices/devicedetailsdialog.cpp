#include "ui/devices/devicedetailsdialog.h"

#include "core/devices/devicereport.h"
#include "ui/common/actionbuilder.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QThread>
#include <QVBoxLayout>

namespace tk {

void DeviceDetailsDialog::addAction(WindowMenus &menus)
{
    QWidget *window = menus.window();
    ActionBuilder(window, "deviceCheck")
        .setText(tr("&Device check…"))
        .addTo(menus, WindowMenus::Group::HelpAbout)
        .addOnTriggered(window, [window] {
            auto *dlg = new DeviceDetailsDialog(window);
            dlg->setAttribute(Qt::WA_DeleteOnClose);
            dlg->open();
        });
}

DeviceDetailsDialog::DeviceDetailsDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Device check"));
    setObjectName(QStringLiteral("deviceDetails"));
    m_view = new QPlainTextEdit(tr("Asking LibTorch about the devices…"));
    m_view->setReadOnly(true);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_copy = buttons->addButton(tr("Copy as &text"), QDialogButtonBox::ActionRole);
    m_copy->setEnabled(false);
    connect(m_copy, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(text()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view);
    layout->addWidget(buttons);
    resize(760, 460);

    auto promise = std::make_shared<std::promise<QString>>();
    m_report = promise->get_future().share();
    QThread *probe = QThread::create([promise] {
        try {
            promise->set_value(DeviceReport::text());
        } catch (const std::exception &e) { // a driver error must not end the app
            promise->set_value(tr("LibTorch could not report the devices: %1").arg(QString::fromUtf8(e.what())));
        }
    });
    connect(probe, &QThread::finished, probe, &QObject::deleteLater);
    connect(probe, &QThread::finished, this, [this] {
        m_view->setPlainText(text());
        m_copy->setEnabled(true);
    });
    probe->start();
}

} // namespace tk
