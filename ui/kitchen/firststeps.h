#pragma once

#include <QFrame>

namespace tk {

// What an empty kitchen offers on the CPU counter itself: make a tensor, read the first
// lesson, or load a .pt file. Shown only while no card exists anywhere.
class FirstSteps : public QFrame
{
    Q_OBJECT

public:
    explicit FirstSteps(QWidget *parent = nullptr);

Q_SIGNALS:
    void newTensorRequested();
    void firstLessonRequested();
    void loadFileRequested();
};

} // namespace tk
