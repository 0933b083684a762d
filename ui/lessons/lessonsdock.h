#pragma once

#include <QDockWidget>

class QMainWindow;

namespace tk {

class LessonActions;
class LessonsPanel;
class WindowMenus;
struct OpError;

// The lessons as a dock at the window's right, hidden until asked for, in the language the UI
// is shown in; F1 shows them (first in Help, where help is looked for, and under View with the
// other panes), and each lesson's Try it runs through LessonActions.
class LessonsDock : public QDockWidget
{
    Q_OBJECT

public:
    LessonsDock(LessonActions *actions, QMainWindow *window, WindowMenus &menus);

    LessonsPanel *lessons() const { return m_lessons; }
    void showLesson(int row);
    // Lesson 4 is about the devices' error: while it is on screen, another error from a drop
    // says which cards give that one. Empty otherwise.
    QString errorHint(const OpError &error) const;

private:
    LessonsPanel *m_lessons = nullptr;
};

} // namespace tk
