// Sessions that round-trip exactly, and files that must be refused without changing anything:
// damaged sessions and archives (the fuzzers' finds among them), garbage, and sizes beyond memory.
#include "core/devices/deviceregistry.h"
#include "core/kitchen/pythoncode.h"
#include "core/files/sessionframe.h"
#include "support/testsupport.h"
#include "core/kitchen/workspace.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <torch/torch.h>

using namespace tk;

namespace {

TensorSpec spec(const QString &name, TensorSpec::Factory f, const QString &dtype, QList<qint64> shape,
                const QString &device = QStringLiteral("cpu"))
{
    TensorSpec s;
    s.name = name;
    s.factory = f;
    s.dtype = dtype;
    s.shape = shape;
    s.device = device;
    s.seed = 11;
    s.fillValue = 2.5;
    return s;
}

// A kitchen with one of everything a session must keep.
void fill(Workspace &w)
{
    w.create(spec("a", TensorSpec::Factory::Randn, "float32", {3, 4}));
    w.create(spec("b", TensorSpec::Factory::Randn, "float64", {5}));
    w.create(spec("h", TensorSpec::Factory::Randn, "bfloat16", {2, 2}));
    w.create(spec("i", TensorSpec::Factory::Arange, "int64", {6}));
    w.create(spec("flag", TensorSpec::Factory::Ones, "bool", {3}));
    w.create(spec("m", TensorSpec::Factory::Ones, "float32", {2, 3}, "meta"));
    w.transfer(w.idOf("a"), "cpu", TransferMeaning::NewName, "a_same"); // same storage
    const int model = w.createModel(8, 2).cardId;
    w.createOptimizer(model, "sgd");
    w.createLoss();
}

} // namespace

class TestFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        DeviceRegistry::applyThreads();
        m_py = testsupport::torchPython();
    }

    void sessionRoundTripsExactly()
    {
        Workspace w;
        fill(w);
        QString error;
        const QByteArray file = w.saveSession(&error);
        QVERIFY2(!file.isEmpty(), qPrintable(error));
        Workspace back;
        QStringList notices;
        QVERIFY2(back.loadSession(file, &error, &notices), qPrintable(error));
        QCOMPARE(back.count(), w.count());
        const QList<CardInfo> before = w.cards(), after = back.cards();
        for (int i = 0; i < before.size(); ++i) {
            QCOMPARE(after[i].name, before[i].name);
            QCOMPARE(after[i].kind, before[i].kind);
            QCOMPARE(after[i].device, before[i].device);
            QCOMPARE(after[i].dtype, before[i].dtype);
            QCOMPARE(after[i].shape, before[i].shape);
            QCOMPARE(after[i].summary, before[i].summary);
            QCOMPARE(back.valuesHash(after[i].id), w.valuesHash(before[i].id)); // bit for bit
        }
        // a and a_same are still one storage; the optimizer still follows the model.
        QCOMPARE(back.card(back.idOf("a"))->storageId, back.card(back.idOf("a_same"))->storageId);
        QCOMPARE(back.card(back.idOf("optimizer"))->device, QStringLiteral("cpu"));
        QCOMPARE(back.codeLog().toScript().section('\n', 2), w.codeLog().toScript().section('\n', 2));
        QVERIFY(notices.isEmpty());
    }

    void damagedFilesAreRefusedAndNothingChanges_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("expect");
        QTest::newRow("empty") << "empty"
                               << "not a Tensor Kitchen session";
        QTest::newRow("other file") << "other"
                                    << "not a Tensor Kitchen session";
        QTest::newRow("header cut") << "header"
                                    << "truncated";
        QTest::newRow("truncated") << "truncate"
                                   << "truncated";
        QTest::newRow("flipped byte") << "flip"
                                      << "corrupt";
        QTest::newRow("future version") << "version"
                                        << "version";
    }

    void damagedFilesAreRefusedAndNothingChanges()
    {
        QFETCH(QString, damage);
        QFETCH(QString, expect);
        Workspace w;
        fill(w);
        QString error;
        QByteArray file = w.saveSession(&error);
        if (damage == "empty")
            file.clear();
        else if (damage == "other")
            file = "PK\x03\x04 not a session";
        else if (damage == "header")
            file = file.left(12);
        else if (damage == "truncate")
            file.chop(file.size() / 3);
        else if (damage == "flip")
            file[file.size() - 10] = char(file[file.size() - 10] ^ 0x5a);
        else if (damage == "version")
            file[SessionFrame::magic().size() + 3] = char(99);
        Workspace current;
        TensorSpec keep = spec("keep", TensorSpec::Factory::Randn, "float32", {4});
        const int k = current.create(keep).cardId;
        const QByteArray hash = current.valuesHash(k);
        QVERIFY(!current.loadSession(file, &error, nullptr));
        QVERIFY2(error.contains(expect), qPrintable(error));
        QCOMPARE(current.count(), 1);
        QCOMPARE(current.valuesHash(k), hash);
    }

    void libtorchSavedTensorLoads()
    {
        QTemporaryDir dir;
        const at::Tensor t = torch::arange(12, torch::kFloat32).reshape({3, 4});
        torch::save(t, dir.filePath("weights.pt").toStdString());
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadPt(dir.filePath("weights.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 1);
        QCOMPARE(w.card(created.first())->name, QStringLiteral("weights"));
        QCOMPARE(w.card(created.first())->shape, (QList<qint64>{3, 4}));
        QCOMPARE(w.card(created.first())->max, 11.0);
        // To the meta shelf: the shape survives, the values do not.
        QList<int> meta;
        QVERIFY(w.loadPt(dir.filePath("weights.pt"), "meta", &meta).ok());
        QCOMPARE(w.card(meta.first())->device, QStringLiteral("meta"));
    }

    void garbageIsRefused()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("junk.pt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("definitely not a pickle");
        f.close();
        Workspace w;
        const Outcome o = w.loadPt(dir.filePath("junk.pt"), "cpu", nullptr);
        QVERIFY(!o.ok());
        QVERIFY(o.error.message.contains("junk.pt"));
        QCOMPARE(w.count(), 0);
        const Outcome missing = w.loadPt(dir.filePath("missing.pt"), "cpu", nullptr);
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error.message.startsWith(QLatin1String("Cannot open"))
                     && missing.error.message.contains("missing.pt"),
                 qPrintable(missing.error.message));
    }

    void filesThatClaimMoreThanMemoryAreRefusedNotAllocated()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        QTemporaryDir dir;
        QProcess p;
        // An expand()ed tensor and a pickle that copies one list 200 times (see the writer).
        p.start(m_py, {testsupport::fixtureWriter("hostile_pickles.py"), dir.path()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        Workspace w;
        const Outcome expanded = w.loadPt(dir.filePath("expanded.pt"), "cpu", nullptr);
        QVERIFY(!expanded.ok());
        QCOMPARE(expanded.error.kind, OpError::Kind::OutOfMemory);
        QVERIFY(expanded.error.refusedBeforeAllocation);
        const Outcome copies = w.loadPt(dir.filePath("copies.pt"), "cpu", nullptr);
        QVERIFY(!copies.ok());
        QVERIFY2(copies.error.message.contains(QLatin1String("cannot load"))
                     && copies.error.details.contains(QLatin1String("items in containers")),
                 qPrintable(copies.error.message + " / " + copies.error.details));
        QCOMPARE(w.count(), 0);
    }

    void malformedArchivesFromTheFuzzerAreRefused()
    {
        // Found by fuzz_pt: a damaged zip directory makes LibTorch's in-memory reader read past
        // the buffer. Every regression input in the corpus must be refused cleanly.
        const QDir corpus(qEnvironmentVariable("TK_SOURCE_DIR") + "/fuzz/corpus/pt");
        const QStringList regressions = corpus.entryList({"regression-*"}, QDir::Files);
        QVERIFY(!regressions.isEmpty());
        for (const QString &file : regressions) {
            Workspace w;
            const Outcome o = w.loadPt(corpus.filePath(file), "cpu", nullptr);
            QVERIFY2(!o.ok(), qPrintable(file));
            // A refusal a user can act on: it names the file and says why in our words, not
            // only LibTorch's.
            QVERIFY2(o.error.message.contains(file), qPrintable(o.error.message));
            QVERIFY2(o.error.message.contains(QLatin1String("is not a tensor file PyTorch or LibTorch wrote"))
                         || o.error.message.contains(QLatin1String("holds no tensors"))
                         || o.error.message.contains(QLatin1String("holds a whole pickled model"))
                         || o.error.message.contains(QLatin1String("holds a pickled Python object"))
                         || o.error.message.contains(QLatin1String("holds a TorchScript model"))
                         || o.error.message.contains(QLatin1String("holds something Tensor Kitchen cannot load")),
                     qPrintable(o.error.message));
            QCOMPARE(w.count(), 0);
        }
    }

    void damagedSessionsFromTheFuzzerAreSafe()
    {
        // Found by fuzz_session: an empty tensor in a session has no buffer to copy values into.
        // Inputs whose first byte is odd get a valid header around them, as in the fuzzer.
        const QDir corpus(qEnvironmentVariable("TK_SOURCE_DIR") + "/fuzz/corpus/session");
        const QStringList files = corpus.entryList({"regression-*"}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString &name : files) {
            QFile f(corpus.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QByteArray bytes = f.readAll();
            if (!bytes.isEmpty() && (bytes.at(0) & 1))
                bytes = SessionFrame::wrap(bytes.mid(1));
            Workspace w;
            QString error;
            if (!w.loadSession(bytes, &error, nullptr))
                QVERIFY2(!error.isEmpty(), qPrintable(name));
        }
    }

private:
    QString m_py;
};

QTEST_GUILESS_MAIN(TestFiles)
#include "tst_files.moc"
