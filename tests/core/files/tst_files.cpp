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
        QCOMPARE(testsupport::codeLines(back), testsupport::codeLines(w));
        QVERIFY(notices.isEmpty());
    }

    // A session file is text anyone can edit: its code-log lines come back as they were, and
    // are exported as comments under a header saying why, so a line planted there never runs.
    void aSessionsCodeLogIsExportedAsComments()
    {
        Workspace w;
        fill(w);
        QString error;
        QByteArray file = w.saveSession(&error);
        QVERIFY2(!file.isEmpty(), qPrintable(error));
        const QByteArray first = w.codeLog().lines().first().code.toUtf8();
        // As long as the line it replaces: the session's JSON sits in a frame of known lengths.
        QByteArray planted = "__import__('os').system('touch planted_ran')  #";
        QVERIFY2(first.size() >= planted.size(), first.constData());
        planted = planted.leftJustified(first.size(), '#');
        // A line changed in the file, framed again: a valid session anyone could have written.
        std::optional<QByteArray> payload = SessionFrame::unwrap(file, &error);
        QVERIFY2(payload && payload->contains(first), qPrintable(error));
        file = SessionFrame::wrap(payload->replace(first, planted));
        Workspace back;
        QStringList notices;
        QVERIFY2(back.loadSession(file, &error, &notices), qPrintable(error));
        QCOMPARE(back.codeLog().lines().first().code, QString::fromUtf8(planted));
        const QString script = back.codeLog().toScript();
        QVERIFY2(script.contains("# The lines read from a session file are comments"), qPrintable(script));
        QVERIFY2(script.contains("# " + QString::fromUtf8(planted)), qPrintable(script));
        for (const CodeLine &line : back.codeLog().lines())
            QVERIFY2(!script.contains('\n' + line.code.section('\n', 0, 0) + '\n'), qPrintable(line.code));
        // Lines made after the session loaded are the kitchen's own, and run.
        back.create(spec("after", TensorSpec::Factory::Ones, "float32", {2}));
        QVERIFY2(back.codeLog().toScript().contains("\nafter = torch.ones("), qPrintable(back.codeLog().toScript()));
        if (m_py.isEmpty())
            return;
        QTemporaryDir dir;
        QFile f(dir.filePath("exported.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script.toUtf8());
        f.close();
        QProcess run;
        run.setWorkingDirectory(dir.path());
        run.start(m_py, {f.fileName()});
        QVERIFY(run.waitForFinished(120000));
        QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
        QVERIFY(!QFile::exists(dir.filePath("planted_ran")));
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
        const Outcome o = w.loadFile(dir.filePath("weights.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 1);
        QCOMPARE(w.card(created.first())->name, QStringLiteral("weights"));
        QCOMPARE(w.card(created.first())->shape, (QList<qint64>{3, 4}));
        QCOMPARE(w.card(created.first())->max, 11.0);
        // To the meta shelf: the shape survives, the values do not.
        QList<int> meta;
        QVERIFY(w.loadFile(dir.filePath("weights.pt"), "meta", &meta).ok());
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
        const Outcome o = w.loadFile(dir.filePath("junk.pt"), "cpu", nullptr);
        QVERIFY(!o.ok());
        QVERIFY(o.error.message.contains("junk.pt"));
        QCOMPARE(w.count(), 0);
        const Outcome missing = w.loadFile(dir.filePath("missing.pt"), "cpu", nullptr);
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
        const Outcome expanded = w.loadFile(dir.filePath("expanded.pt"), "cpu", nullptr);
        QVERIFY(!expanded.ok());
        QCOMPARE(expanded.error.kind, OpError::Kind::OutOfMemory);
        QVERIFY(expanded.error.refusedBeforeAllocation);
        const Outcome copies = w.loadFile(dir.filePath("copies.pt"), "cpu", nullptr);
        QVERIFY(!copies.ok());
        QVERIFY2(copies.error.message.contains(QLatin1String("cannot load"))
                     && copies.error.details.contains(QLatin1String("items in containers")),
                 qPrintable(copies.error.message + " / " + copies.error.details));
        QCOMPARE(w.count(), 0);
    }

    // A torch.jit.save archive whose TorchScript class raises "PAYLOAD RAN" in __setstate__:
    // LibTorch's loaders run that code as they read the archive. Its data.pkl alone gives the
    // module's parameters and buffers, and no line of its code log runs in Python.
    void torchScriptArchivesNeverRunTheirCode()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        QTemporaryDir dir;
        QProcess p;
        p.start(m_py, {testsupport::fixtureWriter("torchscript_payload.py"), dir.path()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QCOMPARE(p.readAllStandardOutput().trimmed(), QByteArray("fc.bias fc.weight steps"));
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(dir.filePath("scripted.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message + " / " + o.error.details));
        QStringList names;
        for (int id : created)
            names << w.card(id)->name;
        QCOMPARE(names, (QStringList{"steps", "fc_weight", "fc_bias"}));
        QCOMPARE(w.card(created.at(0))->shape, (QList<qint64>{4}));
        QCOMPARE(w.card(created.at(0))->max, 3.0); // torch.arange(4)
        QCOMPARE(w.card(created.at(1))->shape, (QList<qint64>{2, 3}));
        QVERIFY2(o.notices.join(' ').contains("TorchScript archive") && !o.notices.join(' ').contains("PAYLOAD"),
                 qPrintable(o.notices.join('\n')));
        // Every line of this load is a comment: torch.jit.load would run the payload.
        const QString script = w.codeLog().toScript();
        for (const CodeLine &line : w.codeLog().lines())
            QVERIFY2(line.display().startsWith("# ") && !line.inert.isEmpty(), qPrintable(line.display()));
        QFile f(dir.filePath("exported.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script.toUtf8() + "print('ran to the end')\n");
        f.close();
        QProcess run;
        run.setWorkingDirectory(dir.path());
        run.start(m_py, {f.fileName()});
        QVERIFY(run.waitForFinished(120000));
        QVERIFY2(run.exitCode() == 0 && !run.readAllStandardOutput().contains("PAYLOAD"),
                 run.readAllStandardError().constData());
    }

    // Records must be stored, as torch.save writes them, and no larger than the file: checked
    // in the zip directory before LibTorch's reader allocates what a record claims.
    void compressedOrOversizedRecordsAreRefusedBeforeAllocation()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        QTemporaryDir dir;
        QProcess p;
        p.start(m_py, {testsupport::fixtureWriter("zip_bombs.py"), dir.path()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        Workspace w;
        const Outcome deflated = w.loadFile(dir.filePath("deflated.pt"), "cpu", nullptr);
        QVERIFY(!deflated.ok());
        QVERIFY2(deflated.error.message.contains("is compressed (method 8)"), qPrintable(deflated.error.message));
        const Outcome claims = w.loadFile(dir.filePath("claims.pt"), "cpu", nullptr);
        QVERIFY(!claims.ok());
        QVERIFY2(claims.error.message.contains("claims 2147483648 bytes"), qPrintable(claims.error.message));
        QCOMPARE(w.count(), 0);
        QVERIFY(w.codeLog().lines().isEmpty());
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
            const Outcome o = w.loadFile(corpus.filePath(file), "cpu", nullptr);
            QVERIFY2(!o.ok(), qPrintable(file));
            // A refusal a user can act on: it names the file and says why in our words, not
            // only LibTorch's.
            QVERIFY2(o.error.message.contains(file), qPrintable(o.error.message));
            QVERIFY2(o.error.message.contains(QLatin1String("is not a tensor file PyTorch or LibTorch wrote"))
                         || o.error.message.contains(QLatin1String("holds no tensors"))
                         || o.error.message.contains(QLatin1String("holds a whole pickled model"))
                         || o.error.message.contains(QLatin1String("holds a pickled Python object"))
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
