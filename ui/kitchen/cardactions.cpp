#include "kitchen/cardactions.h"

#include "kitchen/errordialog.h"
#include "kitchen/kitchenengine.h"
#include "kitchen/kitchenview.h"
#include "kitchen/newtensordialog.h"
#include "kitchen/tensorcard.h"
#include "kitchen/valuesdialog.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>

namespace tk {

using Pending = PendingRequests::Pending;

namespace {
constexpr qsizetype kConsoleFlights = 8; // ghosts at once for one console input, at most
}

CardActions::CardActions(KitchenEngine *engine, PendingRequests *pending, KitchenView *view, QWidget *window)
    : QObject(window), m_engine(engine), m_pending(pending), m_view(view), m_window(window)
{
    connect(m_engine, &KitchenEngine::previewReady, this,
            [this](quint64 request, const TensorPreview &p) {
                if (auto dlg = m_valueDialogs.take(request))
                    dlg->setPreview(p);
            });
}

QMenu *CardActions::operationMenu() const { return m_operationMenu.data(); }
ErrorDialog *CardActions::errorDialog() const { return m_errorDialog.data(); }

void CardActions::newTensor()
{
    const QStringList names = m_view->cardNames();
    QString suggested;
    for (const char *n : {"x", "y", "w", "a", "b", "c", "u", "v"})
        if (!names.contains(QLatin1String(n))) {
            suggested = QLatin1String(n);
            break;
        }
    if (suggested.isEmpty())
        suggested = QStringLiteral("t%1").arg(names.size() + 1);
    QStringList devices = {QStringLiteral("cpu")};
    for (const QString &d : m_view->moveTargets())
        if (d != QLatin1String("cpu"))
            devices << d;
    auto *dlg = new NewTensorDialog(devices, names, suggested, m_window);
    dlg->setObjectName(QStringLiteral("newTensorDialog"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    connect(dlg, &QDialog::accepted, this, [this, dlg] {
        Pending p;
        p.kind = Pending::Kind::Create;
        m_pending->insert(m_engine->submit(request::Create{dlg->spec()}), p);
        Q_EMIT statusMessage(tr("Creating %1…").arg(dlg->spec().name), 3000);
    });
    dlg->open();
}

void CardActions::addModelTrio()
{
    Pending p;
    p.kind = Pending::Kind::ModelTrio;
    m_pending->insert(m_engine->submit(request::CreateModel{64, 2}), p);
}

void CardActions::forgetToMoveTheModel()
{
    Pending p;
    p.kind = Pending::Kind::Combine;
    p.op = Operation::Forward;
    m_pending->insert(m_engine->submit(request::ForgetToMoveTheModel{}), p);
}

quint64 CardActions::requestTransfer(int id, const QString &device, TransferMeaning meaning)
{
    Pending p;
    p.kind = Pending::Kind::Transfer;
    m_view->grabCard(id, &p.pixmap, &p.from); // taken now: the card changes once moved
    const quint64 request = m_engine->submit(request::Transfer{id, device, meaning});
    m_pending->insert(request, p);
    return request;
}

quint64 CardActions::requestCombine(Operation op, int a, int b)
{
    Pending p;
    p.kind = Pending::Kind::Combine;
    p.op = op;
    p.a = a;
    p.b = b;
    const quint64 request = m_engine->submit(request::Combine{op, a, b});
    m_pending->insert(request, p);
    return request;
}

void CardActions::showOutcome(const Pending &p, const Outcome &outcome)
{
    if (p.kind == Pending::Kind::Console) {
        // The console's moves fly as drags do, those before a failed statement too. A loop
        // may move thousands of times: the first few fly, and the last, whose sentence stays
        // in the status bar.
        const QList<MoveReport> &moves = outcome.console.moves;
        for (qsizetype i = 0; i < moves.size(); ++i)
            if (moves.at(i).sourceId >= 0 && (i < kConsoleFlights || i == moves.size() - 1))
                m_view->animateMove(moves.at(i));
    }
    if (!outcome.ok()) {
        // A file request's error names the file and says in plain words what is wrong with it.
        showError(p.file.isEmpty() ? outcome.error : OpError::aboutFile(outcome.error, p.file, p.fileTask),
                  p.a, p.b, p.kind == Pending::Kind::Console ? outcome.error.codeLine : QString());
        return;
    }
    switch (p.kind) {
    case Pending::Kind::Transfer:
        m_view->animateTransfer(outcome.transfer, p.pixmap, p.from);
        if (p.retryAfter && !p.retryCode.isEmpty())
            Q_EMIT consoleRetryRequested(p.retryCode);
        else if (p.retryAfter)
            requestCombine(p.op, p.a, p.b);
        break;
    case Pending::Kind::Combine:
        if (auto c = m_engine->card(outcome.cardId))
            Q_EMIT statusMessage(tr("%1 is on %2.").arg(c->name, c->device));
        break;
    case Pending::Kind::Create:
        if (auto c = m_engine->card(outcome.cardId)) {
            Q_EMIT statusMessage(tr("Created %1 on %2.").arg(c->name, c->device));
            if (TensorCard *w = m_view->cardWidget(c->id))
                w->setFocus();
        }
        break;
    case Pending::Kind::ModelTrio:
        // The optimizer is built over the model's parameters; the loss stands alone.
        m_pending->insert(m_engine->submit(request::CreateOptimizer{outcome.cardId}), Pending{});
        m_pending->insert(m_engine->submit(request::CreateLoss{}), Pending{});
        Q_EMIT statusMessage(tr("model, optimizer and loss_fn: drag the model to a device — only it needs .to()."));
        break;
    case Pending::Kind::Console: // the console pane shows its own answer
    case Pending::Kind::Other:
        break;
    }
}

QMenu *CardActions::showOperationMenu(int a, int b, const QPoint &globalPos)
{
    const auto ca = m_engine->card(a), cb = m_engine->card(b);
    if (!ca || !cb)
        return nullptr;
    auto *menu = new QMenu(m_window);
    menu->setObjectName(QStringLiteral("operationMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(tr("Combine %1 with %2").arg(ca->name, cb->name));
    QList<Operation> ops;
    if (ca->kind == QLatin1String("model") && cb->kind == QLatin1String("tensor")) {
        ops = {Operation::Forward};
    } else if (ca->kind == QLatin1String("tensor") && cb->kind == QLatin1String("model")) {
        std::swap(a, b);
        ops = {Operation::Forward};
    } else if (ca->kind == QLatin1String("tensor") && cb->kind == QLatin1String("tensor")) {
        ops = {Operation::Add, Operation::Mul, Operation::Matmul, Operation::Cat};
    } else {
        Q_EMIT statusMessage(tr("Only tensors combine, and a model takes a tensor: model(x)."));
        menu->deleteLater();
        return nullptr;
    }
    const auto na = m_engine->card(a)->name, nb = m_engine->card(b)->name;
    for (Operation op : ops) {
        QAction *act = menu->addAction(QStringLiteral("%1 = %2").arg(
            op == Operation::Forward ? QStringLiteral("out") : QStringLiteral("z"), operationCode(op, na, nb)));
        act->setObjectName(operationName(op));
        connect(act, &QAction::triggered, this, [this, op, a, b] { requestCombine(op, a, b); });
    }
    m_operationMenu = menu;
    menu->popup(globalPos);
    return menu;
}

void CardActions::showError(const OpError &error, int a, int b, const QString &retryCode)
{
    if (a < 0 && error.cards.size() == 2) {
        a = error.cards.at(0);
        b = error.cards.at(1);
    }
    Q_EMIT statusMessage(error.message, 12000);
    auto operand = [this](int id) {
        ErrorDialog::Operand o;
        if (auto c = m_engine->card(id)) {
            o.id = id;
            o.name = c->name;
            o.device = c->device;
            o.kind = c->kind;
        }
        return o;
    };
    if (m_errorDialog)
        m_errorDialog->close();
    auto *dlg = new ErrorDialog(error, operand(a), operand(b), m_window);
    // The operation to run again once the dialog's move is done, read from the failed line.
    const bool forward = m_engine->card(a) && m_engine->card(a)->kind == QLatin1String("model");
    const Operation op = forward ? Operation::Forward
                         : error.codeLine.contains(QLatin1String(" @ ")) ? Operation::Matmul
                         : error.codeLine.contains(QLatin1String(" * ")) ? Operation::Mul
                         : error.codeLine.contains(QLatin1String("torch.cat")) ? Operation::Cat
                                                                                : Operation::Add;
    connect(dlg, &ErrorDialog::moveAndRetry, this, [this, op, a, b, retryCode](int id, const QString &device) {
        const quint64 request = requestTransfer(id, device, TransferMeaning::Reassign);
        Pending &p = (*m_pending)[request];
        p.retryAfter = true;
        p.retryCode = retryCode;
        p.op = op;
        p.a = a;
        p.b = b;
    });
    connect(dlg, &ErrorDialog::emptyCacheRequested, m_engine, &KitchenEngine::emptyCache);
    m_errorDialog = dlg;
    dlg->open();
}

void CardActions::showCardMenu(int id, const QPoint &globalPos)
{
    const auto info = m_engine->card(id);
    if (!info)
        return;
    auto *menu = new QMenu(m_window);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QMenu *move = menu->addMenu(tr("&Move to"));
    for (const QString &dev : m_view->moveTargets()) {
        QMenu *sub = move->addMenu(dev == QLatin1String("cuda") ? tr("device (no GPU: cpu)") : dev);
        const QString arg = dev == QLatin1String("cuda") ? QStringLiteral("device")
                                                         : QStringLiteral("\"%1\"").arg(dev);
        const QString x = info->name;
        sub->addAction(QStringLiteral("%1 = %1.to(%2)").arg(x, arg), this,
                       [=] { requestTransfer(id, dev, TransferMeaning::Reassign); });
        sub->addAction(QStringLiteral("%1_%2 = %1.to(%3)").arg(x, QString(dev).remove(':'), arg), this,
                       [=] { requestTransfer(id, dev, TransferMeaning::NewName); });
        sub->addAction(tr("%1.to(%2)  — result discarded").arg(x, arg), this,
                       [=] { requestTransfer(id, dev, TransferMeaning::Discard); });
    }
    menu->addAction(tr("Show &values"), this, [=] { showValues(id); });
    if (info->kind == QLatin1String("tensor"))
        menu->addAction(tr("Save as .&pt…"), this, [=] {
            const QString path = QFileDialog::getSaveFileName(m_window, tr("Save tensor"),
                                                              info->name + QStringLiteral(".pt"),
                                                              tr("PyTorch files (*.pt)"));
            if (path.isEmpty())
                return;
            Pending p;
            p.file = path;
            p.fileTask = OpError::FileTask::SaveTensors;
            m_pending->insert(m_engine->submit(request::SavePt{id, path}), p);
        });
    menu->addSeparator();
    QAction *rename = menu->addAction(tr("&Rename…"), this, [=] { renameCard(id); });
    rename->setShortcut(Qt::Key_F2);
    menu->addAction(tr("&Clone"), this,
                    [=] { m_pending->insert(m_engine->submit(request::Clone{id}), Pending{}); });
    QAction *del = menu->addAction(tr("&Delete"), this, [=] { deleteCard(id); });
    del->setShortcut(QKeySequence::Delete);
    menu->popup(globalPos);
}

void CardActions::renameCard(int id)
{
    const auto info = m_engine->card(id);
    if (!info)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(m_window, tr("Rename"), tr("New name for %1:").arg(info->name),
                                               QLineEdit::Normal, info->name, &ok);
    if (ok && !name.isEmpty())
        m_pending->insert(m_engine->submit(request::Rename{id, name}), Pending{});
}

void CardActions::showValues(int id)
{
    auto *dlg = new ValuesDialog(m_window);
    m_valueDialogs.insert(m_engine->preview(id), dlg);
    dlg->show();
}

void CardActions::deleteCard(int id)
{
    m_pending->insert(m_engine->submit(request::Remove{id}), Pending{});
}

} // namespace tk
