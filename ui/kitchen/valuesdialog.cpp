#include "ui/kitchen/valuesdialog.h"

#include <QFontDatabase>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tk {

ValuesDialog::ValuesDialog(QWidget *parent) : QDialog(parent)
{
    setAttribute(Qt::WA_DeleteOnClose);
    m_header = new QLabel;
    m_table = new QTableWidget;
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_note = new QLabel;
    m_note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_note);
    layout->addWidget(buttons);
    resize(640, 420);
}

void ValuesDialog::setPreview(const TensorPreview &p)
{
    setWindowTitle(tr("Values of %1").arg(p.name));
    m_table->setRowCount(p.rows);
    m_table->setColumnCount(p.cols);
    for (int r = 0; r < p.rows; ++r)
        for (int c = 0; c < p.cols; ++c)
            m_table->setItem(r, c, new QTableWidgetItem(p.cells.value(r * p.cols + c)));
    m_table->resizeColumnsToContents();
    const bool cut = p.rows < p.totalRows || p.cols < p.totalCols;
    m_header->setText(p.rows == 0 ? QString()
                          : cut
                          ? tr("Showing %1 × %2 of %3 × %4.").arg(p.rows).arg(p.cols).arg(p.totalRows).arg(p.totalCols)
                          : tr("%1 × %2").arg(p.totalRows).arg(p.totalCols));
    m_note->setText(p.note);
    m_table->setVisible(p.rows > 0);
}

} // namespace tk
