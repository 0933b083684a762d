#pragma once

#include "core/kitchen/tensorpreview.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace tk {

// The first rows and columns of a card's values (the core sends only that corner).
class ValuesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ValuesDialog(QWidget *parent = nullptr);
    void setPreview(const TensorPreview &preview);

private:
    QLabel *m_header = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace tk
