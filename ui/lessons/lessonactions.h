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

// A lesson's "Try it": does what the lesson tells of, in the kitchen or in the tab it is about,
// making the tensor x first when a lesson needs one.
class LessonActions : public QObject
{
    Q_OBJECT

public:
    LessonActions(KitchenEngine *engine, KitchenView *view, CardActions *cards,
                  QTabWidget *tabs, MatmulRacePanel *matmulRace, TrainingRacePanel *trainingRace,
                  QObject *parent = nullptr);

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
};

} // namespace tk
