#pragma once

#include <QMainWindow>

namespace tk {

class KitchenEngine;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    KitchenEngine *engine() const { return m_engine; }

private:
    KitchenEngine *m_engine = nullptr;
};

} // namespace tk
