#pragma once

#include "core/kitchen/cardinfo.h"
#include "core/kitchen/codelog.h"
#include "core/kitchen/operation.h"
#include "core/kitchen/outcome.h"
#include "core/kitchen/tensorpreview.h"
#include "core/kitchen/tensorspec.h"
#include "core/kitchen/movereport.h"

#include <QCoreApplication>
#include <QList>
#include <memory>
#include <optional>

namespace tk {

class CardTable;
class LoadProgress;
class MemoryGuard;

// The named tensors on the kitchen's counters (the cards), and every action on them.
// Synchronous and not thread-safe: in the app it lives on KitchenWorker's thread; tests and
// the bench CLI drive it directly. Every request returns an Outcome and, when it fails,
// leaves the workspace exactly as it was.
class Workspace
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)

public:
    // Enough to take a lesson's worth of steps back to an empty kitchen. Old tensors stay alive
    // while a snapshot holds them, so this is not unlimited.
    static constexpr int kHistoryDepth = 100;

    Workspace();
    ~Workspace();
    Workspace(const Workspace &) = delete;
    Workspace &operator=(const Workspace &) = delete;

    Outcome create(const TensorSpec &spec);
    Outcome transfer(int id, const QString &device, TransferMeaning meaning, const QString &newName = {});
    Outcome combine(Operation op, int a, int b, const QString &resultName = {});
    Outcome rename(int id, const QString &newName);
    Outcome clone(int id, const QString &newName = {});
    Outcome remove(int id);

    // The rest of a training setup: an MLP (2 → width × depth → 2), an optimizer over a
    // model's parameters, and a cross-entropy loss. A model moves in place; the other two
    // need no .to().
    Outcome createModel(int width, int depth, const QString &name = {}, quint64 seed = 0);
    Outcome createOptimizer(int modelId, const QString &kind = QStringLiteral("adam"), const QString &name = {});
    Outcome createLoss(const QString &name = {});
    // Identities of a model's parameter tensors (not their data): equal before and after
    // model.to(), as in PyTorch.
    QList<quintptr> parameterKeys(int id) const;
    // The classic mistake of PyTorch device guides: data moved to another device, the model
    // not. Creates a model if there is none, puts a batch x elsewhere and runs model(x);
    // returns its error.
    Outcome forgetToMoveTheModel();
    // The free-memory check before every allocation is on by default; turning it off lets a
    // test (or a curious user) see LibTorch's own OutOfMemoryError.
    void setMemoryPrecheck(bool on);

    // Sessions: every card (values, names, devices) and the code log in one versioned file.
    // Loading replaces the workspace only when the whole file was read and checked; otherwise
    // it returns false with a clear message and changes nothing. GPU cards land on the CPU
    // when this machine has no such GPU (one notice each).
    QByteArray saveSession(QString *error) const;
    bool loadSession(const QByteArray &data, QString *error, QStringList *notices);

    // A session file (.tks) opened: its cards and log replace the workspace's, as loadSession.
    Outcome openSession(const QString &path);
    // Files as cards, in any format CardFileFormats lists that adds cards, chosen by the file's
    // bytes, else by its suffix: torch.save's .pt (a tensor, or a dict/list of tensors, written
    // by PyTorch's torch.save or LibTorch's torch::save), .safetensors (each tensor named after
    // its key, its __metadata__ a notice), numpy's .npy and .npz. Cards are created on `device`,
    // all of them or none. `progress` (may be null) hears the file's bytes read and then the
    // cards' summaries, and may stop the load between storages or tensors: the answer is then
    // `cancelled` and nothing changed.
    Outcome loadFile(const QString &path, const QString &device, QList<int> *created, LoadProgress *progress = nullptr);
    // Cards written as format `formatId` (CardFileFormats::byId) so that Python reads them back:
    // `ids`, or every card the format can hold when empty.
    Outcome saveFile(const QString &formatId, const QList<int> &ids, const QString &path);
    // A card's tensor as torch.save writes it.
    Outcome savePt(int id, const QString &path) { return saveFile(QStringLiteral("pt"), {id}, path); }
    // Cards first, statistics after: with this on (KitchenWorker turns it on), loadFile adds
    // its cards with summaries pending (CardInfo::summaryPending: shape,
    // dtype, device and name known, no values read), and summarisePending() makes them a slice
    // at a time. Off (the default), a load answers with every card summarised.
    void setDeferredSummaries(bool on);
    bool hasPendingSummaries() const;
    // Reads about `byteBudget` bytes of pending cards' values (a big tensor over several calls)
    // and returns the cards whose summaries landed. A card removed meanwhile is not there to
    // summarise; one whose tensor changed was summarised again by that change, and a summary
    // half made of the old values is dropped.
    QList<CardInfo> summarisePending(qint64 byteBudget);
    // The tensor cards `ids` (every tensor card when empty) in one file, keyed by card name, as
    // safetensors.torch.save_file lays it out, so that load_file reads it back.
    Outcome saveSafetensors(const QList<int> &ids, const QString &path)
    {
        return saveFile(QStringLiteral("safetensors"), ids, path);
    }
    // Undo and redo, one action at a time, up to kHistoryDepth actions back (the UI's undo
    // stack keeps the same limit, so the two never disagree). The caller brackets each action
    // with beginAction() and endAction(changed); only actions that changed something are kept.
    void beginAction();
    bool endAction(bool changed); // true when the action went onto the undo history
    bool undo();
    bool redo();
    int undoDepth() const;
    int redoDepth() const;
    void clearHistory();

    // SHA-256 of a tensor card's values (host copy, contiguous): equal hashes, equal values.
    QByteArray valuesHash(int id) const;

    // Values for the table: at most maxRows × maxCols, from the top-left of the 2-D view.
    TensorPreview preview(int id, int maxRows = 100, int maxCols = 50) const;

    QList<CardInfo> cards() const; // by id
    std::optional<CardInfo> card(int id) const;
    int idOf(const QString &name) const; // -1 when no card has that name
    int count() const;
    qint64 bytesOn(const QString &device) const; // distinct storages, so views count once
    QString freeName(const QString &base) const;
    const CodeLog &codeLog() const;

    // For the core's parts that keep cards of their own (the PyTorch console binds each card to
    // a Python variable): the cards and the memory check, through their own classes. Their
    // headers include torch, so a widget cannot use them.
    CardTable &cardTable();
    const CardTable &cardTable() const;
    const MemoryGuard &memoryGuard() const;
    // A line of Python the console ran, logged among the kitchen's own.
    void logCode(const CodeLine &line);

private:
    struct Private;

    std::unique_ptr<Private> d;
};

} // namespace tk
