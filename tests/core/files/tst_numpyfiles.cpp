// numpy's own files: arrays np.save and np.savez wrote (tests/fixtures/make_numpy.py, real
// numpy) load as cards with numpy's shapes, dtypes and values, in C order whatever order or
// byte order the file has, each with the line of Python that loads it; what cannot be a tensor
// (Python objects, strings, records, a compressed archive, a cut file) is refused with its
// reason, and the kitchen is unchanged.
#include "core/files/tensorfiletypes.h"
#include "core/kitchen/workspace.h"
#include "support/testsupport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tk;
using tk::testsupport::codeLines;

namespace {

QString fixture(const QString &name)
{
    return qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/tests/fixtures/numpy/") + name;
}

template<class T> QByteArray sha(std::initializer_list<T> values)
{
    QByteArray b;
    for (T v : values)
        b.append(reinterpret_cast<const char *>(&v), sizeof v);
    return QCryptographicHash::hash(b, QCryptographicHash::Sha256);
}

} // namespace

class TestNumpyFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void anArrayIsOneCardNamedAfterItsFile()
    {
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(fixture("matrix.npy"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 1);
        const CardInfo c = *w.card(created[0]);
        QCOMPARE(c.name, QStringLiteral("matrix"));
        QCOMPARE(c.dtype, QStringLiteral("float32"));
        QCOMPARE(c.shape, (QList<qint64>{2, 3}));
        QCOMPARE(w.valuesHash(created[0]), sha<float>({0, 0.5f, 1, 1.5f, 2, 2.5f}));
        const QStringList lines = codeLines(w);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0], QStringLiteral("import numpy as np"));
        QCOMPARE(lines[1], QStringLiteral("matrix = torch.from_numpy(np.load(\"%1\"))").arg(fixture("matrix.npy")));
    }

    void orderAndByteOrderComeOutAsNumpyShowsThem_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addColumn<QByteArray>("values");
        QTest::newRow("Fortran order") << "fortran.npy"
                                       << "int64" << QList<qint64>{2, 3} << sha<qint64>({1, 2, 3, 4, 5, 6});
        QTest::newRow("big-endian") << "bigendian.npy"
                                    << "float64" << QList<qint64>{3} << sha<double>({1.5, -2, 3.25});
        QTest::newRow("bool") << "flags.npy"
                              << "bool" << QList<qint64>{3} << sha<quint8>({1, 0, 1});
        QTest::newRow("0-d") << "scalar.npy"
                             << "float64" << QList<qint64>{} << sha<double>({7});
        QTest::newRow("format 2.0") << "version2.npy"
                                    << "int16" << QList<qint64>{2, 2} << sha<qint16>({1, -2, 3, -4});
    }
    void orderAndByteOrderComeOutAsNumpyShowsThem()
    {
        QFETCH(QString, file);
        QFETCH(QString, dtype);
        QFETCH(QList<qint64>, shape);
        QFETCH(QByteArray, values);
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(fixture(file), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 1);
        QCOMPARE(w.card(created[0])->dtype, dtype);
        QCOMPARE(w.card(created[0])->shape, shape);
        QCOMPARE(w.valuesHash(created[0]), values);
    }

    void anArchiveIsACardPerArrayInItsOrder()
    {
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(fixture("pair.npz"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 2);
        QCOMPARE(w.card(created[0])->name, QStringLiteral("weight")); // np.savez's order, not sorted
        QCOMPARE(w.card(created[1])->name, QStringLiteral("bias"));
        QCOMPARE(w.valuesHash(created[0]), sha<float>({1, 1, 1, 1}));
        QCOMPARE(w.valuesHash(created[1]), sha<float>({0.5f, -0.5f}));
        QCOMPARE(codeLines(w),
                 (QStringList{"import numpy as np", QStringLiteral("loaded = np.load(\"%1\")").arg(fixture("pair.npz")),
                              "weight = torch.from_numpy(loaded[\"weight\"])",
                              "bias = torch.from_numpy(loaded[\"bias\"])"}));
    }

    void cardsGoToTheDeviceAsked()
    {
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(fixture("pair.npz"), "meta", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(w.card(created[0])->device, QStringLiteral("meta"));
        QVERIFY(codeLines(w).last().endsWith(".to(\"meta\")"));
    }

    void whatIsNoTensorIsRefusedWithItsReason_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("says");
        QTest::newRow("objects") << "objects.npy"
                                 << "dtype=object";
        QTest::newRow("strings") << "text.npy"
                                 << "<U2";
        QTest::newRow("records") << "structured.npy"
                                 << "structured array";
        QTest::newRow("compressed") << "compressed.npz"
                                    << "np.savez_compressed";
    }
    void whatIsNoTensorIsRefusedWithItsReason()
    {
        QFETCH(QString, file);
        QFETCH(QString, says);
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(fixture(file), "cpu", &created);
        QVERIFY(!o.ok());
        QVERIFY2(o.error.message.contains(says), qPrintable(o.error.message));
        QVERIFY2(o.error.message.contains(file), qPrintable(o.error.message));
        QVERIFY(created.isEmpty());
        QCOMPARE(w.count(), 0);
        QVERIFY(codeLines(w).isEmpty());
    }

    void aCutFileIsRefusedAndChangesNothing()
    {
        QTemporaryDir dir;
        QFile in(fixture("pair.npz"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray whole = in.readAll();
        QFile in2(fixture("matrix.npy"));
        QVERIFY(in2.open(QIODevice::ReadOnly));
        const QByteArray array = in2.readAll();
        Workspace w;
        QVERIFY(w.loadFile(fixture("matrix.npy"), "cpu", nullptr).ok());
        const QStringList before = codeLines(w);
        // Every cut of the array (its header, its data) and of the archive's last record.
        for (const auto &[bytes, name] :
             {std::pair{array, QStringLiteral("cut.npy")}, {whole, QStringLiteral("cut.npz")}})
            for (qsizetype keep : {qsizetype(8), qsizetype(40), bytes.size() - 3}) {
                const QString path = dir.filePath(name);
                QFile out(path);
                QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
                out.write(bytes.left(keep));
                out.close();
                const Outcome o = w.loadFile(path, "cpu", nullptr);
                QVERIFY2(!o.ok(), qPrintable(QStringLiteral("%1 cut at %2").arg(name).arg(keep)));
                QVERIFY2(!o.error.message.isEmpty(), qPrintable(name));
                QCOMPARE(w.count(), 1);
                QCOMPARE(codeLines(w), before);
            }
    }

    void theirNamesAreAmongTheFilesTheAppTakes()
    {
        QVERIFY(TensorFileTypes::named("/data/embeddings.NPY") && TensorFileTypes::named("arrays.npz"));
        QVERIFY(TensorFileTypes::openFilter().contains("(*.npy *.npz)"));
        QVERIFY(TensorFileTypes::shortList().contains(".npy"));
    }
};

QTEST_GUILESS_MAIN(TestNumpyFiles)
#include "tst_numpyfiles.moc"
