#include "ui/lessons/lessonspanel.h"

#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tk {

namespace {
QString readResource(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}
} // namespace

LessonsPanel::LessonsPanel(const QString &language, QWidget *parent)
    : QWidget(parent), m_language(language == QLatin1String("ko") ? QStringLiteral("ko") : QStringLiteral("en"))
{
    setObjectName(QStringLiteral("lessonsPanel"));
    m_list = new QListWidget;
    m_list->setObjectName(QStringLiteral("lessonList"));
    const QString index = readResource(QStringLiteral(":/lessons/%1/index.txt").arg(m_language));
    for (const QString &line : index.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString file = line.section(QLatin1Char('\t'), 0, 0).trimmed();
        auto *item = new QListWidgetItem(line.section(QLatin1Char('\t'), 1).trimmed());
        item->setData(Qt::UserRole, file.section(QLatin1Char('.'), 0, 0));
        m_list->addItem(item);
    }
    m_text = new QTextBrowser;
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setOpenExternalLinks(true);
    // Code lines wrap at the pane's width rather than hiding their ends behind a scroll bar.
    m_text->document()->setDefaultStyleSheet(QStringLiteral("pre { white-space: pre-wrap; }"));
    m_try = new QPushButton(tr("&Try it"));
    m_try->setObjectName(QStringLiteral("tryLesson"));
    m_try->setEnabled(false);
    m_next = new QPushButton(tr("&Next lesson"));
    m_next->setObjectName(QStringLiteral("nextLesson"));
    m_next->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_try, 1);
    buttons->addWidget(m_next);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_text, 3);
    layout->addLayout(buttons);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        m_text->setHtml(lessonHtml(row));
        m_try->setEnabled(row >= 0);
        m_next->setEnabled(row >= 0 && row + 1 < m_list->count());
    });
    connect(m_next, &QPushButton::clicked, this, [this] { select(m_list->currentRow() + 1); });
    connect(m_try, &QPushButton::clicked, this, [this] {
        if (m_list->currentRow() >= 0)
            Q_EMIT tryIt(lessonId(m_list->currentRow()));
    });
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
}

int LessonsPanel::count() const { return m_list->count(); }

QString LessonsPanel::lessonId(int row) const
{
    QListWidgetItem *item = m_list->item(row);
    return item ? item->data(Qt::UserRole).toString() : QString();
}

QString LessonsPanel::lessonHtml(int row) const
{
    const QString id = lessonId(row);
    return id.isEmpty() ? QString() : readResource(QStringLiteral(":/lessons/%1/%2.html").arg(m_language, id));
}

void LessonsPanel::select(int row) { m_list->setCurrentRow(row); }

QString LessonsPanel::currentLessonId() const { return lessonId(m_list->currentRow()); }

} // namespace tk
