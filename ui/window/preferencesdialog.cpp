#include "ui/window/preferencesdialog.h"
#include "ui/common/actionbuilder.h"
#include "ui/common/palette.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace tk {

void PreferencesDialog::addAction(WindowMenus &menus, std::function<void()> applied)
{
    QWidget *window = menus.window();
    ActionBuilder(window, "preferences")
        .setText(tr("&Preferences…"))
        .addTo(menus, WindowMenus::Group::EditSettings)
        .addOnTriggered(window, [window, applied] {
            PreferencesDialog dlg(window);
            dlg.exec();
            applied();
        });
}

PreferencesDialog::PreferencesDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    m_language = new QComboBox;
    m_language->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("한국어"), QStringLiteral("ko"));
    m_language->setCurrentIndex(m_language->findData(language()));
    m_theme = new QComboBox;
    m_theme->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->setCurrentIndex(m_theme->findData(theme()));
    m_meaning = new QComboBox;
    m_meaning->addItem(QStringLiteral("x = x.to(d)"), 0);
    m_meaning->addItem(QStringLiteral("y = x.to(d)"), 1);
    m_meaning->addItem(tr("x.to(d)  (result discarded)"), 2);
    m_meaning->setCurrentIndex(m_meaning->findData(dragMeaning()));
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("A drag &means:"), m_meaning);
    auto *note = new QLabel(tr("A new language applies when Tensor Kitchen starts again."));
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void PreferencesDialog::save() const
{
    QSettings s;
    s.setValue(QStringLiteral("ui/language"), m_language->currentData());
    s.setValue(QStringLiteral("ui/theme"), m_theme->currentData());
    s.setValue(QStringLiteral("kitchen/dragMeaning"), m_meaning->currentData());
    applyTheme(m_theme->currentData().toString());
}

QString PreferencesDialog::language()
{
    return QSettings().value(QStringLiteral("ui/language"), QStringLiteral("system")).toString();
}

QString PreferencesDialog::theme()
{
    return QSettings().value(QStringLiteral("ui/theme"), QStringLiteral("system")).toString();
}

int PreferencesDialog::dragMeaning() { return QSettings().value(QStringLiteral("kitchen/dragMeaning"), 0).toInt(); }

void PreferencesDialog::setDragMeaning(int meaning)
{
    QSettings().setValue(QStringLiteral("kitchen/dragMeaning"), meaning);
}

void PreferencesDialog::applyTheme(const QString &theme)
{
    if (theme == QLatin1String("system")) {
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p = QApplication::style()->standardPalette();
    if (theme == QLatin1String("dark")) {
        const QColor window(45, 45, 48), base(30, 30, 32), text(230, 230, 230);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, window);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, window);
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::ToolTipBase, base);
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::Highlight, Palette::workbench());
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Mid, QColor(140, 140, 140));
    }
    QApplication::setPalette(p);
}

} // namespace tk
