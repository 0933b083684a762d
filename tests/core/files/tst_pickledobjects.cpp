// Files PyTorch programs save that hold more than tensors in containers: a whole pickled model
// (torch.save(model), as pytorch/examples' word_language_model does), numpy arrays and scalars
// (numpy 1.x under Debian's torch, 2.x under the wheel's), an optimizer's state, a Hugging
// Face–style pytorch_model.bin with tied embeddings, an object with tensor attributes. Each is
// written here by the real packages, and its cards must equal what Python reads from the same
// file: model.state_dict() for a model, torch.from_numpy for an array. Nothing of the files'
// classes is run; the code log, run in Python, gives back every card's values.
#include "core/devices/deviceregistry.h"
#include "core/kitchen/pythoncode.h"
#include "core/kitchen/workspace.h"
#include "support/testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tk;
using tk::testsupport::codeLines;

namespace {

QJsonArray expected(const QString &dir, const QString &name)
{
    QFile f(dir + QLatin1Char('/') + name + QStringLiteral(".json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).array();
}

} // namespace

class TestPickledObjects : public QObject
{
    Q_OBJECT

    QString m_py;
    QString m_numpy;
    bool m_made = false;
    QTemporaryDir m_files;

    // The file's cards against Python's tensors: the same names in the same order, shapes,
    // dtypes, sums, and the same sharing of storage.
    void compareWithPython(const QString &file, const QString &json, QList<int> *ids = nullptr)
    {
        compareRows(m_files.filePath(file), expected(m_files.path(), json), ids);
    }

    static void compareRows(const QString &path, const QJsonArray &rows, QList<int> *ids = nullptr)
    {
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(path, "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QVERIFY(!rows.isEmpty());
        QCOMPARE(created.size(), rows.size());
        QHash<int, int> storageOf; // Python's storage number → ours
        for (int i = 0; i < rows.size(); ++i) {
            const QJsonArray r = rows.at(i).toArray();
            const std::optional<CardInfo> c = w.card(created.at(i));
            QVERIFY(c);
            QCOMPARE(c->name, PythonCode::identifier(r.at(0).toString()));
            QList<qint64> shape;
            for (const QJsonValue &d : r.at(1).toArray())
                shape << qint64(d.toDouble());
            QCOMPARE(c->shape, shape);
            QCOMPARE(c->dtype, r.at(2).toString());
            const double sum = r.at(3).isString() ? r.at(3).toString().toDouble() : r.at(3).toDouble(); // "inf"
            if (std::isinf(sum)) // the card's statistics are of its finite values; it says ±inf
                QVERIFY2(sum > 0 ? c->hasPosInf : c->hasNegInf, qPrintable(c->name));
            else if (c->numel > 0)
                QVERIFY2(qAbs(c->mean * double(c->numel) - sum) <= 1e-6 + 1e-6 * qAbs(sum),
                         qPrintable(QStringLiteral("%1: %2 here, %3 in Python")
                                        .arg(c->name)
                                        .arg(c->mean * double(c->numel))
                                        .arg(sum)));
            const int storage = r.at(4).toInt();
            if (storageOf.contains(storage))
                QCOMPARE(c->storageId, storageOf.value(storage));
            else {
                for (int other : std::as_const(storageOf))
                    QVERIFY2(c->storageId != other, qPrintable(c->name));
                storageOf.insert(storage, c->storageId);
            }
        }
        if (ids)
            *ids = created;
    }

private Q_SLOTS:
    void initTestCase()
    {
        DeviceRegistry::applyThreads();
        m_py = testsupport::torchPython();
        if (m_py.isEmpty())
            return; // the files written here are skipped; the committed ones still load
        QVERIFY(m_files.isValid());
        QProcess p;
        p.start(m_py, {testsupport::fixtureWriter("pickled_files.py"), m_files.path()});
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        m_numpy = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
        qInfo("numpy %s", qPrintable(m_numpy));
        m_made = true;
    }

    // torch.save(model): every tensor of model.state_dict(), named as it names them (tied
    // weights one storage, a non-persistent buffer left out), in both of torch.save's formats;
    // a notice names the classes not run and the modules, and the state_dict() line.
    void aWholeModelLoadsAsItsStateDict()
    {
        if (!m_made)
            QSKIP("no Python with torch here: these files are written by the real packages");
        compareWithPython("rnn_model.pt", "rnn_model");
        compareWithPython("rnn_legacy.pt", "rnn_model");
        Workspace w;
        QList<int> unused;
        const Outcome o = w.loadFile(m_files.filePath("rnn_model.pt"), "cpu", &unused);
        QVERIFY(o.ok());
        QCOMPARE(w.idOf("scratch"), -1);
        const QString notice = o.notices.join('\n');
        for (const char *part : {"rnn_model.pt holds a whole pickled model", "__main__.RNNModel",
                                 "encoder: torch.nn.modules.sparse.Embedding", "rnn: torch.nn.modules.rnn.LSTM",
                                 "torch.save(model.state_dict(), \"rnn_model_state.pt\")"})
            QVERIFY2(notice.contains(QLatin1String(part)), qPrintable(notice));
        QVERIFY(codeLines(w).contains("loaded = torch.load(\"rnn_model.pt\", weights_only=False)"));
        QVERIFY(codeLines(w).contains("encoder_weight = loaded.state_dict()[\"encoder.weight\"]"));
        QVERIFY(codeLines(w).contains("decoder_weight = loaded.state_dict()[\"decoder.weight\"]"));
    }

    // numpy arrays (C and Fortran order, big-endian, float16, bool, complex, empty) and
    // scalars are what torch.from_numpy and torch.tensor make of them; a dtype and an array of
    // strings are listed, not cards.
    void numpyArraysAreWhatFromNumpyGives()
    {
        if (!m_made)
            QSKIP("no Python with torch here: these files are written by the real packages");
        compareWithPython("numpy.pt", "numpy");
        Workspace w;
        QList<int> unused;
        const Outcome o = w.loadFile(m_files.filePath("numpy.pt"), "cpu", &unused);
        QVERIFY(o.ok());
        QVERIFY(codeLines(w).contains("loaded = torch.load(\"numpy.pt\", weights_only=False)"));
        QVERIFY(codeLines(w).contains("fortran = torch.from_numpy(loaded[\"fortran\"])"));
        QVERIFY(codeLines(w).contains("scalar = torch.tensor(loaded[\"scalar\"])"));
        QVERIFY(codeLines(w).contains("t = loaded[\"t\"]"));
        const QString notice = o.notices.join('\n');
        QVERIFY2(notice.contains("dt = numpy.dtype(\"float16\")"), qPrintable(notice));
        QVERIFY2(notice.contains("words = numpy.ndarray(shape=(2,), dtype=<U2)"), qPrintable(notice));
        // Fortran order is only a layout: the values read across as in C.
        const std::optional<CardInfo> f = w.card(w.idOf("fortran"));
        QCOMPARE(f->shape, (QList<qint64>{2, 3}));
        QCOMPARE(f->min, 0.0);
        QCOMPARE(f->max, 5.0);
        // A file that is one array.
        Workspace one;
        QList<int> created;
        QVERIFY(one.loadFile(m_files.filePath("ndarray.pt"), "cpu", &created).ok());
        QCOMPARE(created.size(), 1);
        QCOMPARE(one.card(created.first())->shape, (QList<qint64>{3, 4}));
        QVERIFY(codeLines(one).contains("ndarray = torch.from_numpy(loaded)"));
    }

    // What trainers save: an optimizer's state_dict(), a pytorch_model.bin with its lm_head
    // tied to the embeddings, and a run's argparse.Namespace holding a tensor beside numbers.
    void checkpointsAsTrainersWriteThem()
    {
        if (!m_made)
            QSKIP("no Python with torch here: these files are written by the real packages");
        compareWithPython("adam.pt", "adam");
        compareWithPython("pytorch_model.bin", "pytorch_model");
        compareWithPython("namespace.pt", "namespace");
        Workspace w;
        QList<int> unused;
        const Outcome o = w.loadFile(m_files.filePath("namespace.pt"), "cpu", &unused);
        QVERIFY(o.ok());
        QVERIFY(codeLines(w).contains("args_mask = loaded[\"args\"].mask"));
        QVERIFY(codeLines(w).contains("extra_bias = loaded[\"extra\"][\"bias\"]"));
        const QString notice = o.notices.join('\n');
        QVERIFY2(notice.contains("argparse.Namespace"), qPrintable(notice));
        // argparse.Namespace is outside what torch.load may meet safely; the builtins' types are not.
        QVERIFY2(notice.contains("would import and run argparse.Namespace, named in namespace.pt"), qPrintable(notice));
        QVERIFY2(notice.contains("args.lr = 0.1") && notice.contains("args.name = \"run1\""), qPrintable(notice));
        // A dict subclass whose code is not run, shown with its items.
        QVERIFY2(notice.contains("counts = collections.defaultdict({\"a\": 1})"), qPrintable(notice));
    }

    // A checkpoint as Lightning writes it (tests/fixtures/lightning: written by lightning 2.6
    // from PyPI with make_ckpt.py there, beside what Python read from it): the model's and
    // Adam's tensors and a callback's (under a key made of its settings) are cards; the
    // hyper-parameters, the schedulers, loops and versions are listed.
    void aLightningCheckpointOpens()
    {
        const QString dir = qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/tests/fixtures/lightning/");
        QFile f(dir + QStringLiteral("tiny.ckpt.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject python = QJsonDocument::fromJson(f.readAll()).object();
        compareRows(dir + QStringLiteral("tiny.ckpt"), python.value("tensors").toArray());
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(dir + QStringLiteral("tiny.ckpt"), "cpu", &created);
        QVERIFY(o.ok());
        QVERIFY(w.idOf("callbacks_ModelCheckpoint_kth_value") >= 0);
        const QString notice = o.notices.join('\n');
        for (const char *part : {"epoch = 2", "global_step = 4", "pytorch-lightning_version = \"2.6.6\"",
                                 "hyper_parameters = {\"hidden\": 4, \"lr\": 0.01",
                                 "lr_schedulers = [{\"step_size\": 1", "hparams_name = \"kwargs\""})
            QVERIFY2(notice.contains(QLatin1String(part)), qPrintable(notice));
        // Only plain data and tensors: torch.load's default (weights_only=True from torch 2.6) reads it.
        QVERIFY(codeLines(w).contains("loaded = torch.load(\"tiny.ckpt\")"));
        QVERIFY(codeLines(w).contains("state_dict_net_0_weight = loaded[\"state_dict\"][\"net.0.weight\"]"));
    }

    // A pickle naming posix.system and builtins.eval beside a tensor: the tensor is a card,
    // nothing runs, and neither the code log nor the exported script would run the payload.
    void aPayloadIsNeverExportedRunnable()
    {
        if (!m_made)
            QSKIP("no Python with torch here: these files are written by the real packages");
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(m_files.filePath("payload.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 1);
        QCOMPARE(w.card(created.first())->name, QStringLiteral("w"));
        const QString notice = o.notices.join('\n');
        QVERIFY2(notice.contains("posix.system, __builtin__.eval") && notice.contains("Nothing of theirs was run"),
                 qPrintable(notice));
        const QString script = w.codeLog().toScript();
        QVERIFY2(!script.contains("\nloaded = torch.load("), qPrintable(script));
        QVERIFY2(script.contains("# loaded = torch.load(\"payload.pt\", weights_only=False)  # not run: "
                                 "torch.load(weights_only=False) would import and run posix.system, __builtin__.eval"),
                 qPrintable(script));
        QVERIFY2(script.contains("# w = loaded[\"w\"]  # not run"), qPrintable(script));
        QTemporaryDir dir;
        QFile::copy(m_files.filePath("payload.pt"), dir.filePath("payload.pt"));
        QFile f(dir.filePath("exported.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script.toUtf8() + "print('script ran to the end')\n");
        f.close();
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(m_py, {f.fileName()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(p.readAllStandardOutput().contains("script ran to the end"));
        QVERIFY(!QFile::exists(dir.filePath("payload_ran")));
        // The file does what it says when Python loads it as the line would: the test's proof.
        QProcess load;
        load.setWorkingDirectory(dir.path());
        load.start(m_py, {"-c", "import torch; torch.load('payload.pt', weights_only=False)"});
        QVERIFY(load.waitForFinished(120000));
        QVERIFY(QFile::exists(dir.filePath("payload_ran")));
    }

    // A file whose modules share children at every level (a few KB, 2^40 paths): refused once
    // the walk has visited as much as any file may ask, in moments, not after hours.
    void aModuleSharedAtEveryLevelIsBounded()
    {
        if (!m_made)
            QSKIP("no Python with torch here: these files are written by the real packages");
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(m_files.filePath("shared_twice.pt"), "cpu", &created);
        QVERIFY(!o.ok());
        QVERIFY2(o.error.message.contains("more than"), qPrintable(o.error.message));
        QVERIFY(created.isEmpty());
        QCOMPARE(w.count(), 0);
    }

    // The code log of every file above, run in Python (with the script's model classes, which
    // unpickling a model needs): each name holds what its card holds.
    void theCodeLogReadsTheSameInPython()
    {
        if (!m_made)
            QSKIP("no Python with torch here: these files are written by the real packages");
        Workspace w;
        QList<int> created;
        for (const char *file : {"rnn_model.pt", "rnn_legacy.pt", "numpy.pt", "ndarray.pt", "adam.pt",
                                 "pytorch_model.bin", "namespace.pt"}) {
            const Outcome o = w.loadFile(m_files.filePath(file), "cpu", &created);
            QVERIFY2(o.ok(), qPrintable(o.error.message));
        }
        QFile models(testsupport::fixtureWriter("pickled_models.py")); // the classes, as in __main__
        QVERIFY(models.open(QIODevice::ReadOnly));
        // The files naming __main__'s classes or argparse.Namespace are exported as comments
        // (torch.load(weights_only=False) would import them): uncommented here, as a user who
        // trusts the files would, to check what those lines read.
        QString exported = w.codeLog().toScript();
        int commented = 0;
        for (const CodeLine &line : w.codeLog().lines()) {
            if (line.inert.isEmpty())
                continue;
            QVERIFY(exported.contains(line.display()));
            exported.replace(line.display(), line.code);
            ++commented;
        }
        QCOMPARE(commented, 30); // rnn_model.pt and rnn_legacy.pt: 13 lines each; namespace.pt: 4
        QString script = QString::fromUtf8(models.readAll()) + exported;
        for (int id : created) {
            const std::optional<CardInfo> c = w.card(id);
            script += QStringLiteral("assert tuple(%1.shape) == %2, %1.shape\n")
                          .arg(c->name, c->shape.isEmpty() ? QStringLiteral("()") : PythonCode::shapeTuple(c->shape));
            script += QStringLiteral("assert str(%1.dtype) == 'torch.%2', %1.dtype\n").arg(c->name, c->dtype);
            if (c->numel > 0)
                script += QStringLiteral("assert abs(%1.double().sum().item() - (%2)) <= 1e-6 + 1e-6 * abs(%2), %1\n")
                              .arg(c->name, QString::number(c->mean * double(c->numel), 'g', 17));
        }
        script += "print('script ran to the end')\n";
        QFile f(m_files.filePath("loads.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script.toUtf8());
        f.close();
        QProcess p;
        p.setWorkingDirectory(m_files.path());
        p.start(m_py, {f.fileName()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(p.readAllStandardOutput().contains("script ran to the end"));
    }
};

QTEST_GUILESS_MAIN(TestPickledObjects)
#include "tst_pickledobjects.moc"
