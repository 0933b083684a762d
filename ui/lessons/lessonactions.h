#pragma once

#include <QObject>
#include <functional>

class QTabWidget;

namespace tk {

class CardActions;
class KitchenEngine;
class KitchenView;
class MatmulRacePanel;
class TrainingRacePanel;
class WatchController;

// A lesson's "Try it": does what the lesson tells of, in the kitchen or in the tab it is about,
// making the tensor x first when a lesson needs one.
class LessonActions : public QObject
{
    Q_OBJECT

public:
    LessonActions(KitchenEngine *engine, KitchenView *view, CardActions *cards, QTabWidget *tabs,
                  MatmulRacePanel *matmulRace, TrainingRacePanel *trainingRace, QObject *parent = nullptr);

    // Lesson 14 runs a program under the watcher: the window's, made after the lessons.
    void setWatch(WatchController *watch) { m_watch = watch; }
    // The program lesson 14 runs: python/examples/why_slow.py beside the watcher package.
    static QString whySlowExample();

public Q_SLOTS:
    void tryLesson(const QString &lessonId); // "01-where", …

Q_SIGNALS:
    void statusMessage(const QString &text, int ms = 8000);

private:
    int idOfName(const QString &name) const;
    // x = x.to(device) as a drag does it, then next(the moved card).
    void moveThen(int id, const QString &device, std::function<void(int)> next);

    KitchenEngine *m_engine = nullptr;
    KitchenView *m_view = nullptr;
    CardActions *m_cards = nullptr;
    QTabWidget *m_tabs = nullptr;
    MatmulRacePanel *m_matmulRace = nullptr;
    TrainingRacePanel *m_trainingRace = nullptr;
    WatchController *m_watch = nullptr;
};

} // namespace tk
