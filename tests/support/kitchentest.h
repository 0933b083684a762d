#pragma once

// What the UI suites do to a kitchen again and again, in one place: wait for the engine, make a
// card, drop a card as a drag does, and where the README pictures go.
#include "core/kitchen/cardinfo.h"
#include "ui/kitchen/cardmime.h"
#include "core/kitchen/kitchenengine.h"
#include "core/kitchen/tensorspec.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QDropEvent>
#include <QMimeData>
#include <QTest>
#include <QTranslator>
#include <memory>
#include <optional>

namespace tk::testsupport {

// Until the engine has answered everything asked of it, then one turn of the event loop for
// the answers' follow-ups.
inline bool waitIdle(KitchenEngine *engine, int ms = 20000)
{
    const bool idle = QTest::qWaitFor([engine] { return !engine->busy(); }, ms);
    QCoreApplication::processEvents();
    return idle;
}

// Until no card waits for its statistics (a load's follow up on the kitchen's worker).
inline bool waitSummaries(KitchenEngine *engine, int ms = 20000)
{
    return QTest::qWaitFor(
        [engine] {
            for (const CardInfo &c : engine->cards())
                if (c.summaryPending)
                    return false;
            return true;
        },
        ms);
}

// A seeded randn tensor: the cards the suites make most.
inline TensorSpec spec(const QString &name, const QString &device = QStringLiteral("cpu"),
                       const QList<qint64> &shape = {2, 3})
{
    TensorSpec s;
    s.name = name;
    s.device = device;
    s.shape = shape;
    s.factory = TensorSpec::Factory::Randn;
    s.seed = 1;
    return s;
}

inline std::optional<CardInfo> named(const KitchenEngine *engine, const QString &name)
{
    for (const CardInfo &c : engine->cards())
        if (c.name == name)
            return c;
    return std::nullopt;
}

// Makes `s` and waits for it; the new card's id, or -1.
inline int create(KitchenEngine *engine, const TensorSpec &s)
{
    engine->submit(request::Create{s});
    waitIdle(engine);
    const auto c = named(engine, s.name);
    return c ? c->id : -1;
}

// What Qt's own drag-and-drop tests do: send the events, skip QDrag::exec() (it blocks).
// True when the target took both the enter and the drop.
inline bool drop(QWidget *target, int id, const QString &from, Qt::KeyboardModifiers mods = {})
{
    std::unique_ptr<QMimeData> mime(CardMime::encode(id, from));
    const QPoint pos = target->rect().center();
    QDragEnterEvent enter(pos, Qt::MoveAction, mime.get(), Qt::LeftButton, mods);
    QApplication::sendEvent(target, &enter);
    QDropEvent dropEvent(QPointF(pos), Qt::MoveAction, mime.get(), Qt::LeftButton, mods);
    QApplication::sendEvent(target, &dropEvent);
    return enter.isAccepted() && dropEvent.isAccepted();
}

// The app's Korean translation installed for a scope, when `on` (a data row's language).
class KoreanUi
{
public:
    explicit KoreanUi(bool on)
    {
        if (on
            && m_ko.load(QLocale(QLocale::Korean), QStringLiteral("tensorkitchen"), QStringLiteral("_"),
                         QStringLiteral(":/i18n")))
            m_installed = QCoreApplication::installTranslator(&m_ko);
    }
    ~KoreanUi()
    {
        if (m_installed)
            QCoreApplication::removeTranslator(&m_ko);
    }
    KoreanUi(const KoreanUi &) = delete;
    KoreanUi &operator=(const KoreanUi &) = delete;
    bool installed() const { return m_installed; }

private:
    QTranslator m_ko;
    bool m_installed = false;
};

// A suite's screenshots() makes the README pictures only when its _screenshots test runs it
// (TK_SCREENSHOTS set, label screenshots); the behaviour run skips it.
#define TK_SCREENSHOTS_ONLY()                                                                                          \
    if (!qEnvironmentVariableIsSet("TK_SCREENSHOTS"))                                                                  \
    QSKIP("pictures for the README: made by the _screenshots test (label screenshots)")

// A window as a 1366×768 laptop shows it: sized, shown and on screen.
inline bool showAsLaptop(QWidget &window)
{
    window.resize(1366, 768);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

// The README pictures' folder, next to the test binaries, made when missing.
inline QString screenshotDir()
{
    const QString dir = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../screenshots"));
    QDir().mkpath(dir);
    return QDir(dir).absolutePath();
}

} // namespace tk::testsupport
