#pragma once

#include "kitchen/movereport.h"
#include "kitchen/operation.h"
#include "kitchen/pendingrequests.h"

#include <QHash>
#include <QObject>
#include <QPoint>
#include <QPointer>

class QMenu;

namespace tk {

class ErrorDialog;
class KitchenEngine;
class KitchenView;
class ValuesDialog;
struct OpError;

// What the user does to cards: make them, move them, combine them, and the menus and dialogs
// for that (the card menu, the operation menu, rename, values, the error dialog with its
// move-and-retry), and what their answers show. Requests go to the engine and wait in the
// shared pending list; whoever owns that list hands each answer back to showOutcome().
class CardActions : public QObject
{
    Q_OBJECT

public:
    // `window` parents the menus and dialogs, so they belong to it.
    CardActions(KitchenEngine *engine, PendingRequests *pending, KitchenView *view, QWidget *window);

    quint64 requestTransfer(int id, const QString &device, TransferMeaning meaning);
    quint64 requestCombine(Operation op, int a, int b);
    QMenu *showOperationMenu(int a, int b, const QPoint &globalPos);
    QMenu *operationMenu() const;
    ErrorDialog *errorDialog() const;
    // The answer to request `p`, after the undo history and p.then have had it: the error
    // explained, or the card flown, named or focused.
    void showOutcome(const PendingRequests::Pending &p, const Outcome &outcome);
    // The one error dialog, replacing any open one; a, b: the operands when known, for the
    // move-and-retry buttons. `retryCode`: the console line that failed, run again after the
    // move instead of an operation.
    void showError(const OpError &error, int a = -1, int b = -1, const QString &retryCode = {});

public Q_SLOTS:
    void newTensor();
    void addModelTrio();         // model, optimizer and loss cards
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
    PendingRequests *m_pending = nullptr;
    KitchenView *m_view = nullptr;
    QWidget *m_window = nullptr;
    QHash<quint64, QPointer<ValuesDialog>> m_valueDialogs; // preview request → its dialog
    QPointer<QMenu> m_operationMenu;
    QPointer<ErrorDialog> m_errorDialog;
};

} // namespace tk
