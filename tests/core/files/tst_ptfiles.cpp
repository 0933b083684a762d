// .pt files as PyTorch writes them (state dicts, nested containers, checkpoints, views, every
// dtype, legacy and module files) load as cards with their keys, and ours load in PyTorch;
// damaged ones are refused.
#include "core/devices/deviceregistry.h"
#include "core/kitchen/pythoncode.h"
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

using namespace tk;
using tk::testsupport::codeLines;

namespace {

TensorSpec spec(const QString &name, const QString &dtype, QList<qint64> shape)
{
    TensorSpec s;
    s.name = name;
    s.factory = TensorSpec::Factory::Randn;
    s.dtype = dtype;
    s.shape = shape;
    s.seed = 11;
    return s;
}

QStringList cardNames(const Workspace &w, const QList<int> &ids)
{
    QStringList names;
    for (int id : ids)
        names << w.card(id)->name;
    return names;
}

} // namespace

class TestPtFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        DeviceRegistry::applyThreads();
        // Every .pt kind below is written once, here, by real PyTorch.
        m_py = testsupport::torchPython();
        if (m_py.isEmpty())
            return;
        QVERIFY(m_files.isValid());
        QProcess p;
        p.start(m_py, {testsupport::fixtureWriter("pt_files.py"), m_files.path()});
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        m_torchVersion = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    }

    void pythonSavedFilesLoadAndOursLoadInPython()
    {
        const QString py = testsupport::torchPython();
        if (py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        QTemporaryDir dir;
        QProcess p;
        p.start(py, {testsupport::fixtureWriter("line_and_state.py"), dir.path()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        Workspace w;
        QList<int> created;
        QVERIFY2(w.loadFile(dir.filePath("line.pt"), "cpu", &created).ok(), "tensor");
        QCOMPARE(w.card(created.last())->max, 1.0);
        created.clear();
        const Outcome dict = w.loadFile(dir.filePath("state.pt"), "cpu", &created);
        QVERIFY2(dict.ok(), qPrintable(dict.error.message));
        QCOMPARE(created.size(), 2);
        QStringList names{w.card(created[0])->name, w.card(created[1])->name};
        names.sort();
        QCOMPARE(names, (QStringList{"idx", "w"}));
        QCOMPARE(w.card(w.idOf("w"))->dtype, QStringLiteral("float64"));
        // And back: our .pt is read by Python's torch.load.
        QVERIFY(w.savePt(w.idOf("w"), dir.filePath("out.pt")).ok());
        QProcess check;
        check.start(py,
                    {"-c",
                     QStringLiteral("import torch; t = torch.load('%1/out.pt'); "
                                    "assert t.dtype == torch.float64 and t.shape == (2, 3) "
                                    "and bool((t == 1).all()), t; print('ok')")
                         .arg(dir.path())});
        QVERIFY(check.waitForFinished(120000));
        QVERIFY2(check.exitCode() == 0, check.readAllStandardError().constData());
    }

    // --- .pt files as people have them --------------------------------------------------------

    void stateDictsLoadWithTheirKeys()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        // A model's state_dict() is an OrderedDict with `_metadata` set on it by BUILD: it loads.
        Workspace w;
        QList<int> created;
        Outcome o = w.loadFile(m_files.filePath("seq_state.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        // In file order, named after their keys ("0.weight" is no Python name: t0_weight).
        QCOMPARE(cardNames(w, created), (QStringList{"t0_weight", "t0_bias", "t2_weight", "t2_bias"}));
        QCOMPARE(w.card(created[0])->shape, (QList<qint64>{3, 2}));
        QCOMPARE(w.card(created[1])->shape, (QList<qint64>{3}));
        QCOMPARE(w.card(created[2])->shape, (QList<qint64>{2, 3}));
        QCOMPARE(w.card(created[3])->shape, (QList<qint64>{2}));
        QVERIFY2(o.notices.isEmpty(), qPrintable(o.notices.join('\n'))); // _metadata is not a value
        // The code log names each key as it is in the file.
        QCOMPARE(codeLines(w),
                 (QStringList{"loaded = torch.load(\"seq_state.pt\")", "t0_weight = loaded[\"0.weight\"]",
                              "t0_bias = loaded[\"0.bias\"]", "t2_weight = loaded[\"2.weight\"]",
                              "t2_bias = loaded[\"2.bias\"]"}));

        // A model inside a model: model.fc.bias style keys, buffers too.
        created.clear();
        o = w.loadFile(m_files.filePath("nested_state.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created),
                 (QStringList{"model_fc_weight", "model_fc_bias", "model_bn_weight", "model_bn_bias",
                              "model_bn_running_mean", "model_bn_running_var", "model_bn_num_batches_tracked"}));
        const std::optional<CardInfo> batches = w.card(created.last());
        QCOMPARE(batches->dtype, QStringLiteral("int64"));
        QCOMPARE(batches->shape, QList<qint64>{});
        QCOMPARE(w.card(created[5])->max, 1.0); // running_var starts at ones
        QCOMPARE(codeLines(w).at(5), QStringLiteral("loaded = torch.load(\"nested_state.pt\")"));
        QCOMPARE(codeLines(w).at(6), QStringLiteral("model_fc_weight = loaded[\"model.fc.weight\"]"));
    }

    void listsTuplesAndNestingLoadByPath()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        Workspace w;
        QList<int> created;
        QVERIFY(w.loadFile(m_files.filePath("list.pt"), "cpu", &created).ok());
        QVERIFY(w.loadFile(m_files.filePath("tuple.pt"), "cpu", &created).ok());
        QCOMPARE(cardNames(w, created), (QStringList{"list_0", "list_1", "tuple_0", "tuple_1"}));
        QCOMPARE(w.card(created[1])->max, 2.0);
        QCOMPARE(w.card(created[3])->shape, (QList<qint64>{3}));
        QVERIFY(codeLines(w).contains("list_1 = loaded[1]"));
        QCOMPARE(codeLines(w).at(3), QStringLiteral("loaded = torch.load(\"tuple.pt\")"));
        QCOMPARE(codeLines(w).at(4), QStringLiteral("tuple_0 = loaded[0]"));

        created.clear();
        const Outcome o = w.loadFile(m_files.filePath("nested.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created), (QStringList{"a_b_0", "a_b_1_c", "items_0", "items_1_0"}));
        QCOMPARE(w.card(created[1])->shape, (QList<qint64>{2}));
        QCOMPARE(w.card(created[3])->max, 2.0);
        QVERIFY(codeLines(w).contains("a_b_1_c = loaded[\"a\"][\"b\"][1][\"c\"]"));
        QVERIFY(codeLines(w).contains("items_1_0 = loaded[\"items\"][1][0]"));
    }

    void checkpointsLoadTheirTensorsAndListTheRest()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(m_files.filePath("checkpoint.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        // The model's 4 tensors and Adam's step, exp_avg and exp_avg_sq for each of them.
        QCOMPARE(created.size(), 16);
        QCOMPARE(w.card(created[0])->name, QStringLiteral("model_0_weight"));
        QCOMPARE(w.card(created[4])->name, QStringLiteral("optimizer_state_0_step"));
        QCOMPARE(w.card(created[5])->name, QStringLiteral("optimizer_state_0_exp_avg"));
        QCOMPARE(w.card(created[5])->shape, (QList<qint64>{3, 2}));
        QVERIFY(codeLines(w).contains("optimizer_state_0_exp_avg = loaded[\"optimizer\"][\"state\"][0][\"exp_avg\"]"));
        // Every value as Python sums it.
        QFile sums(m_files.filePath("checkpoint.sums"));
        QVERIFY(sums.open(QIODevice::ReadOnly | QIODevice::Text));
        int checked = 0;
        for (const QByteArray &line : sums.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            const QString path = QString::fromUtf8(line.left(line.indexOf(' ')));
            const double sum = line.mid(line.indexOf(' ') + 1).toDouble();
            QString name = path;
            name.replace(QRegularExpression("[^A-Za-z0-9_]+"), "_");
            if (name.endsWith('_'))
                name.chop(1);
            const std::optional<CardInfo> c = w.card(w.idOf(name));
            QVERIFY2(c, qPrintable(name));
            QVERIFY2(
                qAbs(c->mean * double(c->numel) - sum) <= 1e-9 + 1e-9 * qAbs(sum),
                qPrintable(
                    QStringLiteral("%1: %2 here, %3 in Python").arg(name).arg(c->mean * double(c->numel)).arg(sum)));
            ++checked;
        }
        QCOMPARE(checked, 16);
        // Numbers, strings and None are listed in a notice, not refused, not cards.
        QCOMPARE(o.notices.size(), 1);
        const QString notice = o.notices.first();
        for (const char *part : {"checkpoint.pt", "epoch = 3", "loss = 0.25", "name = \"run1\"", "note = None",
                                 "optimizer.param_groups = [{\"lr\": 0.001"})
            QVERIFY2(notice.contains(QLatin1String(part)), qPrintable(notice));
        QCOMPARE(w.idOf("epoch"), -1);
    }

    void viewsOfOneStorageKeepOneMark()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        Workspace w;
        QList<int> created;
        QVERIFY(w.loadFile(m_files.filePath("views.pt"), "cpu", &created).ok());
        const std::optional<CardInfo> a = w.card(w.idOf("a")), b = w.card(w.idOf("b")), c = w.card(w.idOf("c"));
        QCOMPARE(b->storageId, a->storageId); // b = a[2:5]
        QVERIFY(c->storageId != a->storageId);
        QCOMPARE(b->shape, (QList<qint64>{3}));
        QCOMPARE(b->min, 2.0);
        QCOMPARE(b->max, 4.0);
        QCOMPARE(a->max, 9.0);
        // Tied weights: one tensor saved under two keys.
        QVERIFY(w.loadFile(m_files.filePath("tied.pt"), "cpu", &created).ok());
        QCOMPARE(w.card(w.idOf("enc"))->storageId, w.card(w.idOf("dec"))->storageId);
        QVERIFY(w.card(w.idOf("enc"))->storageId != a->storageId);
    }

    void everyDtypeLoads()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(m_files.filePath("dtypes.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        const QList<QPair<QString, int>> expected
            = {{"bool", 1},    {"int8", 1},     {"uint8", 1},   {"int16", 2},   {"int32", 4},     {"int64", 8},
               {"float16", 2}, {"bfloat16", 2}, {"float32", 4}, {"float64", 8}, {"complex64", 8}, {"complex128", 16}};
        QCOMPARE(created.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const std::optional<CardInfo> c = w.card(created[i]);
            QCOMPARE(c->name, expected[i].first);
            QCOMPARE(c->shape, (QList<qint64>{4}));
            QCOMPARE(c->bytes, 4 * qint64(expected[i].second)); // the element size of that dtype
            if (expected[i].first == "bool")
                QCOMPARE(c->mean, 0.75); // 0, 1, 1, 1
            else
                QCOMPARE(c->max, 3.0); // arange(4), the real part for complex
            QCOMPARE(c->dtype, expected[i].first);
        }
        // A session keeps every one of them: saved, opened, same dtypes and values.
        QString error;
        const QByteArray session = w.saveSession(&error);
        QVERIFY2(!session.isEmpty(), qPrintable(error));
        Workspace back;
        QStringList notices;
        QVERIFY2(back.loadSession(session, &error, &notices), qPrintable(error));
        QCOMPARE(back.count(), w.count());
        for (int id : created) {
            const CardInfo before = *w.card(id);
            const int again = back.idOf(before.name);
            QVERIFY2(again >= 0, qPrintable(before.name));
            QCOMPARE(back.card(again)->dtype, before.dtype);
            QCOMPARE(back.valuesHash(again), w.valuesHash(id));
        }
    }

    void tensorsThatRequiredGradLoad()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(m_files.filePath("grad.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created), (QStringList{"w", "p"})); // a tensor and an nn.Parameter
        QCOMPARE(w.card(created[0])->max, 1.0);
        QCOMPARE(w.card(created[1])->max, 1.0);
    }

    void legacyFormatLoads()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        // torch.save(…, _use_new_zipfile_serialization=False): PyTorch's format before 1.6.
        Workspace w;
        QList<int> created;
        Outcome o = w.loadFile(m_files.filePath("legacy.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created), (QStringList{"x", "y"}));
        QCOMPARE(w.card(created[0])->max, 2.0);
        QCOMPARE(w.card(created[1])->shape, (QList<qint64>{2, 2}));
        created.clear();
        o = w.loadFile(m_files.filePath("legacy_tensor.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created), QStringList{"legacy_tensor"});
        QCOMPARE(w.card(created[0])->shape, (QList<qint64>{2})); // arange(3)[1:]
        QCOMPARE(w.card(created[0])->min, 1.0);
        QCOMPARE(w.card(created[0])->max, 2.0);
        QCOMPARE(codeLines(w).last(), QStringLiteral("legacy_tensor = torch.load(\"legacy_tensor.pt\")"));
    }

    // A whole model and another Python object load (tst_pickledobjects has the details): their
    // classes' code is not run, what they hold is shown.
    void pickledObjectsLoadWithANotice()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        Workspace w;
        QList<int> created;
        // A Sequential of Linear and ReLU layers is a model the kitchen makes itself: one model
        // card with the file's weights, which moves as the kitchen's own do.
        Outcome o = w.loadFile(m_files.filePath("module.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created), QStringList{"module"});
        const std::optional<CardInfo> model = w.card(created.first());
        QCOMPARE(model->kind, QStringLiteral("model"));
        QCOMPARE(model->bytes, qint64((2 * 3 + 3 + 3 * 2 + 2) * 4)); // Linear(2, 3), ReLU, Linear(3, 2)
        QVERIFY(codeLines(w).contains("module = loaded"));
        QVERIFY2(o.notices.join('\n').contains("torch.nn.modules.container.Sequential")
                     && o.notices.join('\n').contains("as a model card"),
                 qPrintable(o.notices.join('\n')));
        const double firstMean = model->mean;
        // Its weights are the file's: Python reads the same first layer.
        QProcess py;
        py.setWorkingDirectory(m_files.path());
        py.start(m_py,
                 {"-c",
                  "import torch; m = torch.load('module.pt', weights_only=False) if "
                  "tuple(map(int, torch.__version__.split('.')[:2])) >= (1, 13) else torch.load('module.pt');"
                  " print(repr(m[0].weight.double().mean().item()))"});
        QVERIFY(py.waitForFinished(60000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        QVERIFY(qAbs(QString::fromUtf8(py.readAllStandardOutput()).trimmed().toDouble() - firstMean) < 1e-6);
        // A model card like the kitchen's own: an optimizer takes its parameters.
        QVERIFY(w.createOptimizer(created.first()).ok());
        created.clear();
        o = w.loadFile(m_files.filePath("main_module.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created),
                 (QStringList{"model_fc_weight", "model_fc_bias", "model_bn_weight", "model_bn_bias",
                              "model_bn_running_mean", "model_bn_running_var", "model_bn_num_batches_tracked"}));
        QVERIFY(o.notices.join('\n').contains("__main__.Outer"));
        created.clear();
        o = w.loadFile(m_files.filePath("namespace.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(cardNames(w, created), QStringList{"w"});
        QVERIFY2(o.notices.join('\n').contains("args = argparse.Namespace(lr=0.1)"), qPrintable(o.notices.join('\n')));
    }

    // A load that fails part-way, after its first lines were logged (LibTorch refuses to move
    // the file's model to a GPU this machine does not have), leaves none of its cards and none
    // of its lines: only the error's.
    void aLoadThatFailsPartWayLeavesNothing()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        if (DeviceRegistry::buildFacts().cudaDeviceCount > 0)
            QSKIP("This machine has a GPU: the model's move succeeds.");
        Workspace w;
        const int keep = w.create(spec("keep", "float32", {4})).cardId;
        const QStringList log = codeLines(w);
        QList<int> created;
        const Outcome o = w.loadFile(m_files.filePath("module.pt"), "cuda:0", &created);
        QVERIFY(!o.ok());
        QVERIFY(!o.error.message.isEmpty());
        QVERIFY(created.isEmpty());
        QCOMPARE(w.count(), 1);
        QCOMPARE(w.cards().first().id, keep);
        QCOMPARE(w.codeLog().lines().size(), log.size() + 1);
        QCOMPARE(codeLines(w).mid(0, log.size()), log);
        QCOMPARE(w.codeLog().lines().last().error, o.error.message);
        QVERIFY2(!codeLines(w).join('\n').contains("torch.load"), qPrintable(codeLines(w).join('\n')));
    }

    void pythonObjectsAndDamagedFilesAreRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("expect");
        QTest::newRow("empty") << "empty.pt"
                               << QStringList{"is not a tensor file PyTorch or LibTorch wrote", "it is empty"};
        QTest::newRow("truncated zip") << "truncated.pt"
                                       << QStringList{"is not a tensor file PyTorch or LibTorch wrote",
                                                      "damaged or cut short"};
        QTest::newRow("truncated legacy")
            << "legacy_cut.pt"
            << QStringList{"is not a tensor file PyTorch or LibTorch wrote", "ends before its tensors' values"};
        QTest::newRow("not a zip") << "text.pt"
                                   << QStringList{"is not a tensor file PyTorch or LibTorch wrote", "neither"};
    }

    void pythonObjectsAndDamagedFilesAreRefused()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        QFETCH(QString, file);
        QFETCH(QStringList, expect);
        Workspace w;
        const int keep = w.create(spec("keep", "float32", {4})).cardId;
        const QByteArray hash = w.valuesHash(keep);
        const QStringList log = codeLines(w);
        QList<int> created;
        const Outcome o = w.loadFile(m_files.filePath(file), "cpu", &created);
        QVERIFY(!o.ok());
        QVERIFY2(o.error.message.contains(file), qPrintable(o.error.message));
        for (const QString &part : expect)
            QVERIFY2(o.error.message.contains(part), qPrintable(o.error.message));
        // A file error with these words as its plain words (the dialog's first line), so the UI
        // does not put "not a file torch.save wrote" over them; the raw text waits in details.
        QCOMPARE(o.error.kind, OpError::Kind::File);
        QCOMPARE(o.error.file, m_files.filePath(file));
        QVERIFY(!o.error.details.isEmpty() && o.error.details != o.error.message);
        // Nothing else changes.
        QVERIFY(created.isEmpty());
        QCOMPARE(w.count(), 1);
        QCOMPARE(w.valuesHash(keep), hash);
        QCOMPARE(codeLines(w), log);
    }

    void exportedScriptLoadsEveryKindInPython()
    {
        if (m_py.isEmpty())
            QSKIP("python3-torch is not installed: PyTorch-written files cannot be made here.");
        Workspace w;
        QList<int> created;
        for (const char *file :
             {"line.pt", "seq_state.pt", "nested_state.pt", "list.pt", "tuple.pt", "nested.pt", "checkpoint.pt",
              "views.pt", "grad.pt", "legacy.pt", "legacy_tensor.pt", "keys.pt", "gpu.pt"}) {
            const Outcome o = w.loadFile(m_files.filePath(file), "cpu", &created);
            QVERIFY2(o.ok(), qPrintable(o.error.message));
        }
        QVERIFY(created.size() > 40);
        // Keys that are no Python names, and one named like the holder the log loads into.
        QVERIFY(w.idOf("loaded1") >= 0 && w.idOf("t3") >= 0 && w.idOf("t1_x") >= 0 && w.idOf("None1") >= 0);
        QVERIFY(codeLines(w).contains("loaded1 = loaded[\"loaded\"]"));
        QVERIFY(codeLines(w).contains("t1_x = loaded[(1, \"x\")]"));
        QVERIFY(codeLines(w).contains("None1 = loaded[None]"));
        QVERIFY(codeLines(w).contains("loaded = torch.load(\"gpu.pt\", map_location=\"cpu\")"));
        // The script, then checks that each name holds in PyTorch what the card holds here.
        QString script = w.codeLog().toScript();
        for (int id : created) {
            const std::optional<CardInfo> c = w.card(id);
            const double sum = c->mean * double(c->numel);
            script += QStringLiteral("assert tuple(%1.shape) == %2, %1.shape\n")
                          .arg(c->name, c->shape.isEmpty() ? QStringLiteral("()") : PythonCode::shapeTuple(c->shape));
            script += QStringLiteral("assert abs(%1.double().sum().item() - (%2)) <= 1e-9 + 1e-9 * abs(%2), %1\n")
                          .arg(c->name, QString::number(sum, 'g', 17));
        }
        script += "print('script ran to the end')\n";
        QFile f(m_files.filePath("loads.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script.toUtf8());
        f.close();
        QProcess p;
        p.setWorkingDirectory(m_files.path()); // the script names the files only
        p.start(m_py, {f.fileName()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(p.readAllStandardOutput().contains("script ran to the end"));
    }

private:
    QString m_py;
    QString m_torchVersion;
    QTemporaryDir m_files;
};

QTEST_GUILESS_MAIN(TestPtFiles)
#include "tst_ptfiles.moc"