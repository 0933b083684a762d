#pragma once

#include <QWidget>

class QListWidget;
class QPushButton;
class QTextBrowser;

namespace tk {

// Short lessons on PyTorch devices, in the UI's language, each with a "Try it" that performs it
// in the kitchen.
class LessonsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LessonsPanel(const QString &language, QWidget *parent = nullptr);
    int count() const;
    QString lessonId(int row) const; // "01-where", …
    QString lessonHtml(int row) const;
    void select(int row);
    QString currentLessonId() const; // "04-same-device"; empty when none is selected

Q_SIGNALS:
    void tryIt(const QString &lessonId);

private:
    QString m_language;
    QListWidget *m_list = nullptr;
    QTextBrowser *m_text = nullptr;
    QPushButton *m_try = nullptr;
    QPushButton *m_next = nullptr;
};

} // namespace tk
