#pragma once

#include <QDialog>
#include <functional>

class QComboBox;

namespace tk {

class WindowMenus;

// Language, theme and the default meaning of a drag, kept in QSettings.
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);
    // Edit → Preferences…: the dialog over the window, then `applied` (what it changed that
    // takes effect at once).
    static void addAction(WindowMenus &menus, std::function<void()> applied);
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
