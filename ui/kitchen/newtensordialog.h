#pragma once

#include "core/kitchen/tensorspec.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tk {

// Factory, shape, dtype, name, device and seed, checked as the user types: OK stays disabled
// and the reason is shown until the spec is valid.
class NewTensorDialog : public QDialog
{
    Q_OBJECT

public:
    NewTensorDialog(const QStringList &devices, const QStringList &takenNames, const QString &suggestedName,
                    QWidget *parent = nullptr);

    TensorSpec spec() const;
    bool isValid() const { return m_error.isEmpty(); }
    QString errorText() const { return m_error; }

private:
    void validate();

    QStringList m_taken;
    QString m_suggested;
    QString m_error;
    QComboBox *m_factory = nullptr;
    QLineEdit *m_shape = nullptr;
    QComboBox *m_dtype = nullptr;
    QComboBox *m_device = nullptr;
    QLineEdit *m_name = nullptr;
    QSpinBox *m_seed = nullptr;
    QDoubleSpinBox *m_fill = nullptr;
    QLabel *m_errorLabel = nullptr;
    QLabel *m_code = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace tk
