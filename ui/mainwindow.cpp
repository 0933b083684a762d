#include "mainwindow.h"

#include "deviceregistry.h"
#include "kitchenengine.h"

#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace tk {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_engine(new KitchenEngine(this))
{
    setWindowTitle(tr("Tensor Kitchen"));
    auto *list = new QListWidget;
    for (const DeviceInfo &d : DeviceRegistry::devices(true))
        list->addItem(QStringLiteral("%1 — %2").arg(d.id, d.name));
    setCentralWidget(list);
    resize(900, 600);
}

MainWindow::~MainWindow() = default;

} // namespace tk
