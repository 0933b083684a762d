#include "ui/lessons/lessonsdock.h"

#include "core/kitchen/operror.h"
#include "ui/common/actionbuilder.h"
#include "ui/lessons/lessonactions.h"
#include "ui/lessons/lessonspanel.h"

#include <QMainWindow>

namespace tk {

LessonsDock::LessonsDock(LessonActions *actions, QMainWindow *window, WindowMenus &menus)
    : QDockWidget(tr("Lessons"), window)
{
    setObjectName(QStringLiteral("lessonsDock")); // saveState() keys docks by name
    // The lessons follow the language the UI is shown in, whichever translator is installed.
    //: The language code of the lesson texts to show: "en" or "ko".
    m_lessons = new LessonsPanel(tr("en"));
    setWidget(m_lessons);
    window->addDockWidget(Qt::RightDockWidgetArea, this);
    hide();
    QAction *toggle = ActionBuilder(toggleViewAction(), "lessons")
                          .setText(tr("&Lessons"))
                          .setShortcut(QKeySequence(Qt::Key_F1))
                          .addTo(menus, WindowMenus::Group::ViewPanes);
    menus.add(WindowMenus::Group::HelpLessons, toggle);
    connect(m_lessons, &LessonsPanel::tryIt, actions, &LessonActions::tryLesson);
}

void LessonsDock::showLesson(int row)
{
    m_lessons->select(row);
    show();
    raise();
}

QString LessonsDock::errorHint(const OpError &error) const
{
    if (!isVisible() || !m_lessons->currentLessonId().startsWith(QLatin1String("04"))
        || error.kind == OpError::Kind::DeviceMismatch || !error.operation)
        return QString();
    return tr("Lesson 4 is about the devices' error: drop a card on one of the same shape on another device "
              "(x on the CPU counter onto x_meta on the meta shelf), or press Try it in the lesson.");
}

} // namespace tk
