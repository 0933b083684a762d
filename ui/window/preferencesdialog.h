#pragma once

#include <QDialog>

class QComboBox;

namespace tk {

// Language, theme and the default meaning of a drag, kept in QSettings.
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);
    void save() const;

    static QString language(); // "system", "en", "ko"
    static QString theme(); // "system", "light", "dark"
    static int dragMeaning(); // TransferMeaning as int
    static void setDragMeaning(int meaning);
    static void applyTheme(const QString &theme);

private:
    QComboBox *m_language = nullptr;
    QComboBox *m_theme = nullptr;
    QComboBox *m_meaning = nullptr;
};

} // namespace tk
