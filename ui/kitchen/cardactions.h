#pragma once

#include "core/kitchen/kitchenengine.h"
#include "core/kitchen/movereport.h"
#include "core/kitchen/operation.h"

#include <QHash>
#include <QObject>
#include <QPoint>
#include <QPointer>
#include <functional>

class QMenu;

namespace tk {

class ErrorDialog;
class KitchenEngine;
class KitchenView;
class ValuesDialog;
struct OpError;

// What the user does to cards: make them, move them, combine them, and the menus and dialogs
// for that (the card menu, the operation menu, rename, values, the error dialog with its
// move-and-retry), and what their answers show: each request says, where it is made, what to do
// with its answer. The flights of the moves are the window's, for every answer alike.
class CardActions : public QObject
{
    Q_OBJECT

public:
    // `window` parents the menus and dialogs, so they belong to it.
    CardActions(KitchenEngine *engine, KitchenView *view, QWidget *window);

    // `then` runs after a move that worked (move-and-retry runs the failed line again there).
    quint64 requestTransfer(int id, const QString &device, TransferMeaning meaning, KitchenEngine::Then then = {});
    quint64 requestCombine(Operation op, int a, int b);
    QMenu *showOperationMenu(int a, int b, const QPoint &globalPos);
    QMenu *operationMenu() const;
    ErrorDialog *errorDialog() const;
    // The one error dialog, replacing any open one. Its move-and-retry buttons move one of the
    // error's two cards, then run again what failed: the error's operation, or its console line.
    void showError(const OpError &error);
    // An answer's follow-up that shows its error, or runs `onOk` when it worked.
    KitchenEngine::Then showingErrors(KitchenEngine::Then onOk = {});
    // What the window knows that the kitchen does not (the lesson on screen): a line for the
    // error dialog, or nothing.
    void setErrorHint(std::function<QString(const OpError &)> hint) { m_errorHint = std::move(hint); }

public Q_SLOTS:
    void newTensor();
    void addModelTrio(); // model, optimizer and loss cards
    void forgetToMoveTheModel(); // model(x) with x moved and the model not: the real error
    void showCardMenu(int id, const QPoint &globalPos);
    void renameCard(int id);
    void showValues(int id);
    void deleteCard(int id);

Q_SIGNALS:
    void statusMessage(const QString &text, int ms = 8000);
    // The error dialog moved a card for a console line: the console runs the line again.
    void consoleRetryRequested(const QString &code);

private:
    KitchenEngine *m_engine = nullptr;
    KitchenView *m_view = nullptr;
    QWidget *m_window = nullptr;
    QHash<quint64, QPointer<ValuesDialog>> m_valueDialogs; // preview request → its dialog
    QPointer<QMenu> m_operationMenu;
    QPointer<ErrorDialog> m_errorDialog;
    std::function<QString(const OpError &)> m_errorHint;
};

} // namespace tk
