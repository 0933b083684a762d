// File formats are units: a made-up format, written here and registered with one line, is a
// format of the app like the built-in ones (its suffix in the dialogs and drops, its files
// claimed by their bytes, its cards and lines in the kitchen, all of them or none), and the
// built-in formats claim each other's files never.
#include "core/files/cardfileformat.h"
#include "core/files/cardfileformats.h"
#include "core/files/loadprogress.h"
#include "core/cards/private/cardfileload.h"
#include "core/files/tensorfiletypes.h"
#include "core/kitchen/workspace.h"
#include "support/testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <torch/torch.h>

using namespace tk;
using tk::testsupport::codeLines;

namespace {

// "TKROWS" then rows of numbers: a card per row (row0, row1, …), each a float64 tensor.
class RowsCards : public CardFileFormat
{
public:
    QString id() const override { return QStringLiteral("rows"); }
    QString label() const override { return QStringLiteral("Row files"); }
    QStringList suffixes() const override { return {QStringLiteral("rows")}; }
    bool claims(const QByteArray &head, const QString &) const override { return head.startsWith("TKROWS\n"); }
    Outcome load(CardFileLoad &load) const override
    {
        QFile f(load.path());
        if (!f.open(QIODevice::ReadOnly))
            return load.cannotOpen(f.errorString());
        const QList<QByteArray> rows = f.readAll().split('\n').mid(1);
        int n = 0;
        for (const QByteArray &row : rows) {
            if (row.isEmpty())
                continue;
            if (load.cancelRequested())
                return load.cancelled();
            std::vector<double> values;
            for (const QByteArray &cell : row.split(' ')) {
                bool ok = false;
                values.push_back(cell.toDouble(&ok));
                if (!ok) // after rows staged already: none of them may reach the kitchen
                    return load.refused(QStringLiteral("%1: row %2 is not numbers").arg(load.file()).arg(n), {});
            }
            auto [t, info] = load.prepare(torch::tensor(values, torch::kFloat64));
            load.stage(QStringLiteral("row%1").arg(n++), std::move(t), std::move(info),
                       [](const QString &name) { return QStringLiteral("%1 = read_row()").arg(name); });
        }
        return load.commit();
    }
};

class Cancelling : public LoadProgress
{
public:
    void advance(qint64, qint64) override { }
    bool cancelRequested() const override { return true; }
};

bool write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCardFileFormats : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theBuiltInFormatsClaimOnlyTheirOwnFiles()
    {
        const QString root = qEnvironmentVariable("TK_SOURCE_DIR");
        const QList<std::pair<QString, QString>> files = {
            {"/fuzz/corpus/pt/state_dict.pt", "pt"},
            {"/fuzz/corpus/pt/legacy.pt", "pt"},
            {"/fuzz/corpus/pt/lightning.ckpt", "pt"},
            {"/fuzz/corpus/torchscript/scripted.pt", "pt"},
            {"/tests/fixtures/safetensors/model.safetensors", "safetensors"},
            {"/tests/fixtures/numpy/matrix.npy", "numpy"},
            {"/tests/fixtures/numpy/pair.npz", "numpy"},
            {"/fuzz/corpus/session/two-cards.tks", "session"},
        };
        QTemporaryDir dir;
        for (const auto &[file, id] : files) {
            // By the bytes: the same file under a name that says nothing is claimed the same.
            const QString renamed = dir.filePath(QStringLiteral("download"));
            QFile::remove(renamed);
            QVERIFY(QFile::copy(root + file, renamed));
            int claimants = 0;
            for (const CardFileFormat *f : CardFileFormats::all()) {
                QFile in(renamed);
                QVERIFY(in.open(QIODevice::ReadOnly));
                claimants += f->claims(in.read(CardFileFormat::kHeadBytes), renamed) ? 1 : 0;
            }
            QVERIFY2(claimants == 1, qPrintable(file));
            QVERIFY2(CardFileFormats::forFile(renamed) == CardFileFormats::byId(id), qPrintable(file));
        }
    }

    void aSessionDroppedAsTensorsIsSentToOpenSession()
    {
        Workspace w;
        QList<int> created;
        const Outcome o
            = w.loadFile(qEnvironmentVariable("TK_SOURCE_DIR") + "/fuzz/corpus/session/two-cards.tks", "cpu", &created);
        QVERIFY(!o.ok());
        QVERIFY2(o.error.message.contains("Open session"), qPrintable(o.error.message));
        QCOMPARE(w.count(), 0);
    }

    void aMadeUpFormatIsOneRegistrationLineAway()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.rows"));
        QVERIFY(write(path, "TKROWS\n1 2 3\n4 5 6\n"));
        QVERIFY(!TensorFileTypes::named(path));
        {
            Workspace w;
            QVERIFY(!w.loadFile(path, "cpu", nullptr).ok()); // no reader for it yet
        }

        QVERIFY(CardFileFormats::add(std::make_unique<RowsCards>())); // the registration line
        QVERIFY(!CardFileFormats::add(std::make_unique<RowsCards>())); // an id is one format's

        QVERIFY(TensorFileTypes::named(path)); // drops on a pane take it
        QVERIFY2(TensorFileTypes::openFilter().contains(";;Row files (*.rows);;"),
                 qPrintable(TensorFileTypes::openFilter()));
        QVERIFY(TensorFileTypes::shortList().endsWith(".rows"));
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(path, "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 2);
        QCOMPARE(w.card(created[0])->name, QStringLiteral("row0"));
        QCOMPARE(w.card(created[1])->shape, (QList<qint64>{3}));
        QCOMPARE(w.card(created[1])->dtype, QStringLiteral("float64"));
        QCOMPARE(w.preview(created[1], 4, 4).cells, (QStringList{"4", "5", "6"}));
        QCOMPARE(codeLines(w), (QStringList{"row0 = read_row()", "row1 = read_row()"}));
        // A taken name is numbered as in every load, and a file named otherwise is claimed by its bytes.
        const QString renamed = dir.filePath(QStringLiteral("m.txt"));
        QVERIFY(QFile::copy(path, renamed));
        QVERIFY(w.loadFile(renamed, "meta", &created).ok());
        QCOMPARE(w.card(created[2])->name, QStringLiteral("row01")); // row0 is taken: the kitchen numbers it
        QCOMPARE(w.card(created[3])->device, QStringLiteral("meta"));
    }

    void aMadeUpFormatsLoadIsAllOrNothing()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.rows"));
        QVERIFY(write(bad, "TKROWS\n1 2\n3 x\n"));
        if (!CardFileFormats::byId(QStringLiteral("rows")))
            CardFileFormats::add(std::make_unique<RowsCards>());
        Workspace w;
        QList<int> created;
        const Outcome refused = w.loadFile(bad, "cpu", &created);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error.message, QStringLiteral("bad.rows: row 1 is not numbers"));
        QCOMPARE(w.count(), 0); // row 0 was staged, never added
        QVERIFY(created.isEmpty());
        QVERIFY(codeLines(w).isEmpty());

        const QString good = dir.filePath(QStringLiteral("good.rows"));
        QVERIFY(write(good, "TKROWS\n1 2\n"));
        Cancelling cancel;
        const Outcome cancelled = w.loadFile(good, "cpu", &created, &cancel);
        QVERIFY(cancelled.cancelled);
        QCOMPARE(w.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCardFileFormats)
#include "tst_cardfileformats.moc"
