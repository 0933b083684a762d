#include "ui/kitchen/cardactions.h"
#include "core/files/tensorfiletypes.h"
#include "core/kitchen/koreanparticles.h"

#include "ui/kitchen/errordialog.h"
#include "core/kitchen/kitchenengine.h"
#include "ui/kitchen/kitchenview.h"
#include "ui/kitchen/newtensordialog.h"
#include "ui/kitchen/tensorcard.h"
#include "ui/kitchen/valuesdialog.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>

namespace tk {

CardActions::CardActions(KitchenEngine *engine, KitchenView *view, QWidget *window)
    : QObject(window), m_engine(engine), m_view(view), m_window(window)
{
    connect(m_engine, &KitchenEngine::previewReady, this, [this](quint64 request, const TensorPreview &p) {
        if (auto dlg = m_valueDialogs.take(request))
            dlg->setPreview(p);
    });
}

QMenu *CardActions::operationMenu() const { return m_operationMenu.data(); }
ErrorDialog *CardActions::errorDialog() const { return m_errorDialog.data(); }

KitchenEngine::Then CardActions::showingErrors(KitchenEngine::Then onOk)
{
    return [this, onOk = std::move(onOk)](const Outcome &o) {
        if (!o.ok())
            showError(o.error);
        else if (onOk)
            onOk(o);
    };
}

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
        m_engine->submit(request::Create{dlg->spec()}, showingErrors([this](const Outcome &o) {
                             if (auto c = m_engine->card(o.cardId)) {
                                 Q_EMIT statusMessage(tr("Created %1 on %2.").arg(c->name, c->device));
                                 if (TensorCard *w = m_view->cardWidget(c->id))
                                     w->setFocus();
                             }
                         }));
        Q_EMIT statusMessage(tr("Creating %1…").arg(dlg->spec().name), 3000);
    });
    dlg->open();
}

void CardActions::addModelTrio()
{
    m_engine->submit(request::CreateModel{64, 2}, showingErrors([this](const Outcome &o) {
                         // The optimizer is built over the model's parameters; the loss stands alone.
                         m_engine->submit(request::CreateOptimizer{o.cardId}, showingErrors());
                         m_engine->submit(request::CreateLoss{}, showingErrors());
                         Q_EMIT statusMessage(
                             tr("model, optimizer and loss_fn: drag the model to a device — only it needs .to()."));
                     }));
}

void CardActions::forgetToMoveTheModel() { m_engine->submit(request::ForgetToMoveTheModel{}, showingErrors()); }

quint64 CardActions::requestTransfer(int id, const QString &device, TransferMeaning meaning, KitchenEngine::Then then)
{
    return m_engine->submit(request::Transfer{id, device, meaning, {}}, showingErrors(std::move(then)));
}

quint64 CardActions::requestCombine(Operation op, int a, int b)
{
    return m_engine->submit(request::Combine{op, a, b, {}}, showingErrors([this](const Outcome &o) {
                                if (auto c = m_engine->card(o.cardId))
                                    Q_EMIT statusMessage(tr("%1 is on %2.").arg(c->name, c->device));
                            }));
}

QMenu *CardActions::showOperationMenu(int a, int b, const QPoint &globalPos)
{
    const auto ca = m_engine->card(a), cb = m_engine->card(b);
    if (!ca || !cb)
        return nullptr;
    auto *menu = new QMenu(m_window);
    menu->setObjectName(QStringLiteral("operationMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(KoreanParticles::resolve(tr("Combine %1 with %2").arg(ca->name, cb->name)));
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

void CardActions::showError(const OpError &error)
{
    const int a = error.cards.size() == 2 ? error.cards.at(0) : -1;
    const int b = error.cards.size() == 2 ? error.cards.at(1) : -1;
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
    // After the dialog's move, what failed runs again: the operation the error carries, or the
    // console line, in the console.
    connect(dlg, &ErrorDialog::moveAndRetry, this, [this, error, a, b](int id, const QString &device) {
        requestTransfer(id, device, TransferMeaning::Reassign, [this, error, a, b](const Outcome &) {
            if (error.consoleLine)
                Q_EMIT consoleRetryRequested(error.codeLine);
            else if (error.operation)
                requestCombine(*error.operation, a, b);
        });
    });
    connect(dlg, &ErrorDialog::emptyCacheRequested, m_engine, &KitchenEngine::emptyCache);
    if (m_errorHint)
        dlg->addHint(m_errorHint(error));
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
        const QString arg = dev == QLatin1String("cuda") ? QStringLiteral("device") : QStringLiteral("\"%1\"").arg(dev);
        const QString x = info->name;
        sub->addAction(QStringLiteral("%1 = %1.to(%2)").arg(x, arg), this,
                       [this, id, dev] { requestTransfer(id, dev, TransferMeaning::Reassign); });
        sub->addAction(QStringLiteral("%1_%2 = %1.to(%3)").arg(x, QString(dev).remove(':'), arg), this,
                       [this, id, dev] { requestTransfer(id, dev, TransferMeaning::NewName); });
        sub->addAction(tr("%1.to(%2)  — result discarded").arg(x, arg), this,
                       [this, id, dev] { requestTransfer(id, dev, TransferMeaning::Discard); });
    }
    menu->addAction(tr("Show &values"), this, [this, id] { showValues(id); });
    if (info->kind == QLatin1String("tensor"))
        menu->addAction(tr("Save as .&pt…"), this, [this, id, info] {
            const QString path
                = QFileDialog::getSaveFileName(m_window, tr("Save tensor"), info->name + QStringLiteral(".pt"),
                                               TensorFileTypes::filter(QStringLiteral("pt"), true));
            if (path.isEmpty())
                return;
            // A file's error names the file and says in plain words what is wrong with it.
            m_engine->submit(request::SavePt{id, path}, [this, path](const Outcome &o) {
                if (!o.ok())
                    showError(OpError::aboutFile(o.error, path, OpError::FileTask::SaveTensors));
            });
        });
    if (info->kind == QLatin1String("tensor"))
        menu->addAction(tr("Save as .&safetensors…"), this, [this, id, info] {
            const QString path
                = QFileDialog::getSaveFileName(m_window, tr("Save tensor"), info->name + QStringLiteral(".safetensors"),
                                               TensorFileTypes::filter(QStringLiteral("safetensors"), true));
            if (path.isEmpty())
                return;
            m_engine->submit(request::SaveSafetensors{{id}, path}, [this, path](const Outcome &o) {
                if (!o.ok())
                    showError(OpError::aboutFile(o.error, path, OpError::FileTask::SaveTensors));
            });
        });
    menu->addSeparator();
    QAction *rename = menu->addAction(tr("&Rename…"), this, [this, id] { renameCard(id); });
    rename->setShortcut(Qt::Key_F2);
    menu->addAction(tr("&Clone"), this, [this, id] { m_engine->submit(request::Clone{id, {}}, showingErrors()); });
    QAction *del = menu->addAction(tr("&Delete"), this, [this, id] { deleteCard(id); });
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
        m_engine->submit(request::Rename{id, name}, showingErrors());
}

void CardActions::showValues(int id)
{
    auto *dlg = new ValuesDialog(m_window);
    m_valueDialogs.insert(m_engine->preview(id), dlg);
    dlg->show();
}

void CardActions::deleteCard(int id) { m_engine->submit(request::Remove{id}, showingErrors()); }

} // namespace tk
