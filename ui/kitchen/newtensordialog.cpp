#include "ui/kitchen/newtensordialog.h"
#include "core/kitchen/koreanparticles.h"

#include <QFontDatabase>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace tk {

NewTensorDialog::NewTensorDialog(const QStringList &devices, const QStringList &takenNames,
                                 const QString &suggestedName, QWidget *parent)
    : QDialog(parent), m_taken(takenNames), m_suggested(suggestedName)
{
    setWindowTitle(tr("New tensor"));
    m_factory = new QComboBox;
    m_factory->setObjectName(QStringLiteral("factory"));
    for (const QString &f : TensorSpec::factoryNames())
        m_factory->addItem(QStringLiteral("torch.%1").arg(f), f);
    m_shape = new QLineEdit(QStringLiteral("2, 3"));
    m_shape->setObjectName(QStringLiteral("shape"));
    m_shape->setPlaceholderText(tr("e.g. 2, 3 or 4096x4096"));
    m_dtype = new QComboBox;
    m_dtype->setObjectName(QStringLiteral("dtype"));
    m_dtype->addItems(TensorSpec::dtypeNames());
    m_device = new QComboBox;
    m_device->setObjectName(QStringLiteral("device"));
    for (const QString &d : devices)
        m_device->addItem(d == QLatin1String("cuda") ? tr("device (cuda if available, else cpu)") : d, d);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("name"));
    m_name->setPlaceholderText(suggestedName);
    m_seed = new QSpinBox;
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(42);
    m_fill = new QDoubleSpinBox;
    m_fill->setRange(-1e12, 1e12);
    m_fill->setDecimals(4);
    m_fill->setValue(7);
    m_errorLabel = new QLabel;
    m_errorLabel->setObjectName(QStringLiteral("error"));
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c00;"));
    m_errorLabel->setWordWrap(true);
    m_code = new QLabel;
    m_code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_code->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *form = new QFormLayout;
    form->addRow(tr("&Factory:"), m_factory);
    form->addRow(tr("&Shape:"), m_shape);
    form->addRow(tr("&dtype:"), m_dtype);
    form->addRow(tr("De&vice:"), m_device);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("S&eed:"), m_seed);
    form->addRow(tr("Fill va&lue:"), m_fill);
    form->addRow(m_errorLabel);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_code);
    layout->addWidget(m_buttons);

    connect(m_factory, &QComboBox::currentIndexChanged, this, &NewTensorDialog::validate);
    connect(m_dtype, &QComboBox::currentIndexChanged, this, &NewTensorDialog::validate);
    connect(m_device, &QComboBox::currentIndexChanged, this, &NewTensorDialog::validate);
    connect(m_shape, &QLineEdit::textChanged, this, &NewTensorDialog::validate);
    connect(m_name, &QLineEdit::textChanged, this, &NewTensorDialog::validate);
    validate();
}

TensorSpec NewTensorDialog::spec() const
{
    TensorSpec s;
    s.factory = *TensorSpec::factoryFromName(m_factory->currentData().toString());
    s.shape = TensorSpec::parseShape(m_shape->text(), nullptr).value_or(QList<qint64>{});
    s.dtype = m_dtype->currentText();
    s.device = m_device->currentData().toString();
    s.name = m_name->text().trimmed().isEmpty() ? m_suggested : m_name->text().trimmed();
    s.seed = quint64(m_seed->value());
    s.fillValue = m_fill->value();
    return s;
}

void NewTensorDialog::validate()
{
    const QString f = m_factory->currentData().toString();
    m_seed->setEnabled(f == QLatin1String("randn") || f == QLatin1String("rand"));
    m_fill->setEnabled(f == QLatin1String("full"));
    QString error;
    const auto shape = TensorSpec::parseShape(m_shape->text(), &error);
    const QString name = m_name->text().trimmed().isEmpty() ? m_suggested : m_name->text().trimmed();
    if (shape && !TensorSpec::isValidName(name))
        error = KoreanParticles::resolve(tr("“%1” is not a usable Python name.").arg(name));
    else if (shape && m_taken.contains(name))
        error = tr("There is already a card named %1.").arg(name);
    m_error = error;
    m_errorLabel->setText(error);
    m_errorLabel->setVisible(!error.isEmpty());
    m_shape->setStyleSheet(shape ? QString() : QStringLiteral("QLineEdit { border: 1px solid #c00; }"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
    m_code->setText(error.isEmpty() ? QStringLiteral("%1 = torch.%2(%3)").arg(name, f, TensorSpec::shapeText(*shape))
                                    : QString());
}

} // namespace tk
