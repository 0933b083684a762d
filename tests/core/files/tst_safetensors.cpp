// .safetensors files: the real package's files load with their names, shapes, dtypes and
// values; every way a header can lie refuses the file with its reason and changes nothing; what
// we write loads back here and in the real package.
#include "core/devices/deviceregistry.h"
#include "core/kitchen/workspace.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <cstring>

using namespace tk;

namespace {

QString fixture(const QString &name)
{
    return qEnvironmentVariable("TK_SOURCE_DIR") + QStringLiteral("/tests/fixtures/safetensors/") + name;
}

// A file as the format lays it out: 8 bytes of header length, the header, the data area.
QByteArray fileBytes(const QByteArray &header, const QByteArray &data, qint64 claimedLength = -1)
{
    QByteArray out(8, '\0');
    qToLittleEndian<quint64>(quint64(claimedLength < 0 ? header.size() : claimedLength), out.data());
    return out + header + data;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

template<class T> QByteArray bytesOf(std::initializer_list<T> values)
{
    QByteArray b;
    for (T v : values)
        b.append(reinterpret_cast<const char *>(&v), sizeof v);
    return b;
}

QByteArray sha(const QByteArray &b) { return QCryptographicHash::hash(b, QCryptographicHash::Sha256); }

// Fixture values (tests/fixtures/make_safetensors.py): -1.5, 0, 2.25, 3 in every float type.
const QByteArray kF16 = bytesOf<quint16>({0xBE00, 0x0000, 0x4080, 0x4200});
const QByteArray kBF16 = bytesOf<quint16>({0xBFC0, 0x0000, 0x4010, 0x4040});

// A Python with the real safetensors package, or empty: TK_SAFETENSORS_PYTHON, else TK_PYTHON
// or python3 when it can import it.
QString safetensorsPython()
{
    QStringList candidates{qEnvironmentVariable("TK_SAFETENSORS_PYTHON"), qEnvironmentVariable("TK_PYTHON"),
                           QStandardPaths::findExecutable(QStringLiteral("python3"))};
    for (const QString &exe : candidates) {
        if (exe.isEmpty() || !QFile::exists(exe))
            continue;
        QProcess p;
        p.start(exe, {"-c", "import safetensors.torch"});
        if (p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0)
            return exe;
    }
    return {};
}

// LibTorch 2.3 and later have the unsigned 16- to 64-bit integers and the two OCP 8-bit floats.
bool torchHasWideDtypes()
{
    const QStringList v = DeviceRegistry::knownBuildFacts().torchVersion.split('.');
    const int major = v.value(0).toInt(), minor = v.value(1).toInt();
    return major > 2 || (major == 2 && minor >= 3);
}

} // namespace

class TestSafetensors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void realPackageFilesLoadEveryDtype()
    {
        Workspace w;
        QList<int> created;
        // Through loadFile: File → Load, drops and the bench CLI all go there.
        const Outcome o = w.loadFile(fixture("dtypes.safetensors"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        struct Expect
        {
            const char *name;
            const char *dtype;
            QByteArray bytes;
        };
        const QList<Expect> expected = {
            // File order: the package sorts by element size, then name.
            {"i64", "int64", bytesOf<qint64>({-3, 0, 7, 100})},
            {"f64", "float64", bytesOf<double>({-1.5, 0, 2.25, 3})},
            {"c64", "complex64", bytesOf<float>({1, 2, -0.0f, -0.5f, 3, 0, 0, 0})}, // Python: -0.5j is (-0.0, -0.5)
            {"f32", "float32", bytesOf<float>({-1.5f, 0, 2.25f, 3})},
            {"i32", "int32", bytesOf<qint32>({-3, 0, 7, 100})},
            {"bf16", "bfloat16", kBF16},
            {"f16", "float16", kF16},
            {"i16", "int16", bytesOf<qint16>({-3, 0, 7, 100})},
            {"i8", "int8", bytesOf<qint8>({-3, 0, 7, 100})},
            {"u8", "uint8", bytesOf<quint8>({0, 7, 100, 255})},
            {"bool", "bool", bytesOf<quint8>({1, 0, 0, 1})},
        };
        QCOMPARE(created.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const CardInfo c = *w.card(created[i]);
            QCOMPARE(c.name, QString::fromLatin1(expected[i].name));
            QCOMPARE(c.dtype, QString::fromLatin1(expected[i].dtype));
            QCOMPARE(c.shape, (QList<qint64>{4}));
            QCOMPARE(c.device, QStringLiteral("cpu"));
            QVERIFY2(w.valuesHash(created[i]) == sha(expected[i].bytes), expected[i].name);
        }
        // __metadata__ is said, not lost.
        const QString notices = o.notices.join('\n');
        QVERIFY2(notices.contains("format = pt") && notices.contains("made_by = make_safetensors.py"),
                 qPrintable(notices));
        // The code log reads it as Python would.
        const QStringList log = [&] {
            QStringList l;
            for (const CodeLine &line : w.codeLog().lines())
                l << line.code;
            return l;
        }();
        QVERIFY2(log.contains("import safetensors.torch"), qPrintable(log.join('\n')));
        QVERIFY2(log.contains("loaded = safetensors.torch.load_file(\"dtypes.safetensors\")"),
                 qPrintable(log.join('\n')));
        QVERIFY2(log.contains("f16 = loaded[\"f16\"]"), qPrintable(log.join('\n')));
    }

    void modelNamesAndShapes()
    {
        Workspace w;
        QList<int> created;
        QVERIFY(w.loadFile(fixture("model.safetensors"), "meta", &created).ok());
        QMap<QString, QList<qint64>> shapes;
        for (int id : created) {
            QCOMPARE(w.card(id)->device, QStringLiteral("meta"));
            shapes[w.card(id)->name] = w.card(id)->shape;
        }
        QCOMPARE(shapes.value("model_layers_0_weight"), (QList<qint64>{3, 2}));
        QCOMPARE(shapes.value("model_layers_0_bias"), (QList<qint64>{3}));
        QCOMPARE(shapes.value("lm_head_scale"), QList<qint64>{});
        QVERIFY(shapes.contains("lm_head_scale"));
        QCOMPARE(shapes.value("empty"), (QList<qint64>{0, 4}));
        QCOMPARE(shapes.size(), 4);
        bool keyed = false;
        for (const CodeLine &line : w.codeLog().lines())
            keyed = keyed || line.code == "model_layers_0_weight = loaded[\"model.layers.0.weight\"].to(\"meta\")";
        QVERIFY(keyed);
    }

    void unsignedAndFloat8LoadAndSaveWhereLibTorchHasThem()
    {
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(fixture("wide.safetensors"), "cpu", &created);
        if (!torchHasWideDtypes()) {
            // LibTorch 1.13: every tensor of the file is of a dtype it lacks, and said so.
            QVERIFY(!o.ok());
            QVERIFY2(o.error.message.contains("u16 (U16)") && o.error.message.contains("e4m3 (F8_E4M3)"),
                     qPrintable(o.error.message));
            QCOMPARE(w.count(), 0);
            return;
        }
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QVERIFY2(o.notices.join('\n').indexOf("Not loaded") < 0, qPrintable(o.notices.join('\n')));
        struct Expect
        {
            const char *name;
            const char *dtype;
            QByteArray bytes;
        };
        // As torch 2.14 wrote them (tests/fixtures/make_safetensors.py), in the file's order.
        const QList<Expect> expected = {
            {"u64", "uint64", bytesOf<quint64>({3, (quint64(1) << 63) + 5})},
            {"u32", "uint32", bytesOf<quint32>({2, 4000000000u})},
            {"u16", "uint16", bytesOf<quint16>({1, 65535})},
            {"e4m3", "float8_e4m3fn", bytesOf<quint8>({188, 0, 65, 126})},
            {"e5m2", "float8_e5m2", bytesOf<quint8>({190, 0, 64, 123})},
        };
        QCOMPARE(created.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const CardInfo c = *w.card(created[i]);
            QCOMPARE(c.name, QString::fromLatin1(expected[i].name));
            QCOMPARE(c.dtype, QString::fromLatin1(expected[i].dtype));
            QVERIFY2(w.valuesHash(created[i]) == sha(expected[i].bytes), expected[i].name);
            QVERIFY2(c.hasStats, qPrintable(c.summary));
        }
        QCOMPARE(w.card(w.idOf("u16"))->max, 65535.0);
        QCOMPARE(w.card(w.idOf("e4m3"))->max, 448.0);
        QCOMPARE(w.card(w.idOf("e5m2"))->min, -1.5);
        // Saved and read back: the same dtypes and bytes.
        QTemporaryDir dir;
        QVERIFY(w.saveSafetensors({}, dir.filePath("wide.safetensors")).ok());
        Workspace back;
        QList<int> again;
        QVERIFY(back.loadFile(dir.filePath("wide.safetensors"), "cpu", &again).ok());
        QCOMPARE(again.size(), expected.size());
        for (const Expect &e : expected) {
            const int id = back.idOf(e.name);
            QVERIFY2(id >= 0, e.name);
            QCOMPARE(back.card(id)->dtype, QString::fromLatin1(e.dtype));
            QVERIFY2(back.valuesHash(id) == sha(e.bytes), e.name);
        }
        // The real package reads what we wrote.
        const QString python = safetensorsPython();
        if (python.isEmpty())
            return;
        QProcess p;
        p.start(python,
                {"-c",
                 "import sys, torch, safetensors.torch as st\n"
                 "d = st.load_file(sys.argv[1])\n"
                 "print(sorted((k, str(v.dtype)) for k, v in d.items()))\n"
                 "print(d['u16'].tolist(), d['e4m3'].float().tolist())\n",
                 dir.filePath("wide.safetensors")});
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        if (p.exitCode() != 0 && QString::fromUtf8(p.readAllStandardError()).contains("uint16"))
            return; // that Python's torch is older than 2.3
        QVERIFY2(out.contains("('u64', 'torch.uint64')") && out.contains("('e5m2', 'torch.float8_e5m2')"),
                 qPrintable(out));
        QVERIFY2(out.contains("[1, 65535] [-1.5, 0.0, 2.25, 448.0]"), qPrintable(out));
    }

    void dtypesLibTorchLacksAreNamedAndTheRestLoads()
    {
        if (torchHasWideDtypes()) {
            // U16, U32 and F8_E4M3 load here (above); F4 and F8_E8M0 still do not.
            Workspace w;
            QTemporaryDir dir;
            const QString f4 = dir.filePath("f4.safetensors");
            QVERIFY(writeFile(f4,
                              fileBytes(R"({"w4":{"dtype":"F4","shape":[2],"data_offsets":[0,1]},)"
                                        R"("s":{"dtype":"F8_E8M0","shape":[1],"data_offsets":[1,2]},)"
                                        R"("x":{"dtype":"F32","shape":[1],"data_offsets":[2,6]}})",
                                        QByteArray(2, '\x38') + bytesOf<float>({4}))));
            QList<int> created;
            const Outcome o = w.loadFile(f4, "cpu", &created);
            QVERIFY2(o.ok(), qPrintable(o.error.message));
            QCOMPARE(created.size(), 1);
            const QString notices = o.notices.join('\n');
            QVERIFY2(notices.contains("w4 (F4)") && notices.contains("s (F8_E8M0)"), qPrintable(notices));
            return;
        }
        Workspace w;
        QList<int> created;
        Outcome o = w.loadFile(fixture("unsigned.safetensors"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 1);
        QCOMPARE(w.card(created[0])->name, QStringLiteral("ok"));
        QVERIFY(w.valuesHash(created[0]) == sha(bytesOf<float>({1, 2})));
        const QString notices = o.notices.join('\n');
        QVERIFY2(notices.contains("u16 (U16)") && notices.contains("u32 (U32)"), qPrintable(notices));

        QTemporaryDir dir;
        const QString f8 = dir.filePath("f8.safetensors");
        QVERIFY(writeFile(f8,
                          fileBytes(R"({"w8":{"dtype":"F8_E4M3","shape":[2],"data_offsets":[0,2]},)"
                                    R"("x":{"dtype":"F32","shape":[1],"data_offsets":[2,6]}})",
                                    QByteArray(2, '\x38') + bytesOf<float>({4}))));
        created.clear();
        o = w.loadFile(f8, "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 1);
        QVERIFY(w.valuesHash(created[0]) == sha(bytesOf<float>({4})));
        QVERIFY2(o.notices.join('\n').contains("w8 (F8_E4M3)"), qPrintable(o.notices.join('\n')));
    }

    void lyingHeadersAreRefusedAndNothingChanges_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        const QByteArray f32x2 = bytesOf<float>({1, 2});
        auto one = [](const QByteArray &entry) -> QByteArray { return "{\"a\":" + entry + "}"; };
        QTest::newRow("shorter than the length field") << QByteArray("\x05\0\0", 3) << "starts with 8 bytes";
        QTest::newRow("header length past the end") << fileBytes("{}", {}, 1000) << "only 2 bytes follow";
        QTest::newRow("header over 100 MB") << fileBytes("{}", {}, 100'000'001) << "at most 100 MB";
        QTest::newRow("not UTF-8") << fileBytes("{\"\xff\":1}", {}) << "not UTF-8";
        QTest::newRow("not an object") << fileBytes("[1, 2]", {}) << "does not start with '{'";
        QTest::newRow("not JSON") << fileBytes("{\"a\": nope}", {}) << "not JSON";
        QTest::newRow("entry not an object") << fileBytes(one("3"), {}) << "not a JSON object";
        QTest::newRow("no dtype") << fileBytes(one(R"({"shape":[2],"data_offsets":[0,8]})"), f32x2) << "no dtype";
        QTest::newRow("shape a string") << fileBytes(one(R"({"dtype":"F32","shape":"2","data_offsets":[0,8]})"), f32x2)
                                        << "no shape";
        QTest::newRow("negative size") << fileBytes(one(R"({"dtype":"F32","shape":[-2],"data_offsets":[0,8]})"), f32x2)
                                       << "not a size";
        QTest::newRow("one offset") << fileBytes(one(R"({"dtype":"F32","shape":[2],"data_offsets":[8]})"), f32x2)
                                    << "no data_offsets";
        QTest::newRow("metadata not strings")
            << fileBytes(R"({"__metadata__":{"epoch":3},"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", f32x2)
            << "value epoch is not a string";
        QTest::newRow("unknown dtype") << fileBytes(one(R"({"dtype":"F33","shape":[2],"data_offsets":[0,8]})"), f32x2)
                                       << "\"F33\"";
        QTest::newRow("duplicate names") << fileBytes(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                                                      R"("a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                                                      f32x2)
                                         << "names a twice";
        QTest::newRow("duplicate names, one escaped")
            << fileBytes(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                         R"("\u0061":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                         f32x2)
            << "names a twice";
        QTest::newRow("size not dtype x shape")
            << fileBytes(one(R"({"dtype":"F32","shape":[3],"data_offsets":[0,8]})"), f32x2) << "needs 12 bytes";
        QTest::newRow("shape overflows") << fileBytes(
            one(R"({"dtype":"F32","shape":[4294967296,4294967296,4],"data_offsets":[0,8]})"), f32x2)
                                         << "more than 2⁶³";
        QTest::newRow("end before begin")
            << fileBytes(one(R"({"dtype":"F32","shape":[0],"data_offsets":[8,4]})"), f32x2) << "end before they begin";
        QTest::newRow("offsets past the data")
            << fileBytes(one(R"({"dtype":"F32","shape":[4],"data_offsets":[0,16]})"), f32x2) << "reach past";
        QTest::newRow("overlap") << fileBytes(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                              R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                                              f32x2 + bytesOf<float>({3}))
                                 << "overlap those of a";
        QTest::newRow("gap") << fileBytes(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                                          R"("b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})",
                                          f32x2 + bytesOf<float>({3}))
                             << "Bytes 4 to 8 of the data area belong to no tensor";
        QTest::newRow("bytes left over") << fileBytes(one(R"({"dtype":"F32","shape":[1],"data_offsets":[0,4]})"), f32x2)
                                         << "the rest belongs to no tensor";
        QTest::newRow("no tensors") << fileBytes(R"({"__metadata__":{"format":"pt"}})", {}) << "holds no tensors";
        // F8_E8M0: an 8-bit float no LibTorch here loads (U16 loads on LibTorch >= 2.3).
        QTest::newRow("only dtypes LibTorch lacks")
            << fileBytes(one(R"({"dtype":"F8_E8M0","shape":[8],"data_offsets":[0,8]})"), f32x2) << "a (F8_E8M0)";
    }

    void lyingHeadersAreRefusedAndNothingChanges()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath("lie.safetensors");
        QVERIFY(writeFile(path, bytes));
        Workspace w;
        TensorSpec s;
        s.name = "keep";
        s.shape = {2};
        QVERIFY(w.create(s).ok());
        const int logLines = w.codeLog().lines().size();
        QList<int> created;
        const Outcome o = w.loadFile(path, "cpu", &created);
        QVERIFY(!o.ok());
        QVERIFY2(o.error.message.contains(reason), qPrintable(o.error.message));
        QVERIFY2(o.error.message.contains("lie.safetensors"), qPrintable(o.error.message));
        QVERIFY(created.isEmpty());
        QCOMPARE(w.count(), 1);
        QVERIFY(w.idOf("keep") >= 0);
        QCOMPARE(w.codeLog().lines().size(), logLines);
    }

    void renamedFileIsKnownByItsBytes()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(fixture("model.safetensors"), dir.filePath("model.bin")));
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(dir.filePath("model.bin"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), 4);
    }

    void savedFilesLoadBackAndAreLaidOutAsTheSpecSays()
    {
        QTemporaryDir dir;
        Workspace w;
        QStringList names;
        for (const char *dtype : {"float32", "float64", "int64", "bool", "bfloat16", "float16"}) {
            TensorSpec s;
            s.name = QStringLiteral("t_%1").arg(dtype);
            s.dtype = dtype;
            s.shape = {2, 3};
            s.factory = QByteArray(dtype) == "bool" ? TensorSpec::Factory::Ones : TensorSpec::Factory::Arange;
            QVERIFY2(w.create(s).ok(), dtype);
            names << s.name;
        }
        TensorSpec m;
        m.name = "on_meta";
        m.shape = {2};
        m.device = "meta";
        QVERIFY(w.create(m).ok());
        const QString path = dir.filePath("kitchen.safetensors");
        // The whole kitchen: the meta card has no values, so it is left out and said so.
        const Outcome saved = w.saveSafetensors({}, path);
        QVERIFY2(saved.ok(), qPrintable(saved.error.message));
        QVERIFY2(saved.notices.join(' ').contains("on_meta"), qPrintable(saved.notices.join(' ')));

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const quint64 n = qFromLittleEndian<quint64>(bytes.constData());
        QCOMPARE(n % 8, quint64(0)); // padded with spaces, so the data area starts aligned
        const QByteArray header = bytes.mid(8, int(n));
        QVERIFY2(header.startsWith(R"({"__metadata__":{"format":"pt"},"t_float64":{"dtype":"F64","shape":[2,3],)"
                                   R"("data_offsets":[0,48]},"t_int64")"),
                 header.constData());
        QVERIFY(header.endsWith("}") || header.endsWith(" "));

        Workspace back;
        QList<int> created;
        QVERIFY(back.loadFile(path, "cpu", &created).ok());
        QCOMPARE(created.size(), names.size());
        for (const QString &name : names) {
            const int a = w.idOf(name), b = back.idOf(name);
            QVERIFY2(b >= 0, qPrintable(name));
            QCOMPARE(back.card(b)->dtype, w.card(a)->dtype);
            QCOMPARE(back.card(b)->shape, w.card(a)->shape);
            QVERIFY2(back.valuesHash(b) == w.valuesHash(a), qPrintable(name));
        }
        // One card; a card with no values, asked by name, refuses the save.
        QVERIFY(w.saveSafetensors({w.idOf("t_float32")}, dir.filePath("one.safetensors")).ok());
        Workspace single;
        QVERIFY(single.loadFile(dir.filePath("one.safetensors"), "cpu", &created).ok());
        QCOMPARE(single.count(), 1);
        const Outcome meta = w.saveSafetensors({w.idOf("on_meta")}, dir.filePath("meta.safetensors"));
        QVERIFY(!meta.ok());
        QVERIFY2(meta.error.message.contains("no values"), qPrintable(meta.error.message));
        QVERIFY(!QFile::exists(dir.filePath("meta.safetensors")));
    }

    void theRealPackageReadsOurFiles()
    {
        const QString python = safetensorsPython();
        if (python.isEmpty())
            QSKIP("no Python with the safetensors package (pip install safetensors; or set TK_SAFETENSORS_PYTHON)");
        QTemporaryDir dir;
        Workspace w;
        for (const char *dtype : {"float32", "int64", "bfloat16", "bool"}) {
            TensorSpec s;
            s.name = QStringLiteral("t_%1").arg(dtype);
            s.dtype = dtype;
            s.shape = {3, 2};
            s.factory = QByteArray(dtype) == "bool" ? TensorSpec::Factory::Ones : TensorSpec::Factory::Arange;
            QVERIFY(w.create(s).ok());
        }
        const QString path = dir.filePath("ours.safetensors");
        QVERIFY(w.saveSafetensors({}, path).ok());
        QProcess p;
        p.start(python,
                {"-c",
                 "import sys, safetensors, safetensors.torch as st\n"
                 "d = st.load_file(sys.argv[1])\n"
                 "from safetensors import safe_open\n"
                 "with safe_open(sys.argv[1], 'pt') as f: meta = f.metadata()\n"
                 "for k in sorted(d): print(k, str(d[k].dtype), list(d[k].shape), d[k].double().sum().item())\n"
                 "print('meta', meta)\n",
                 path});
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(out + p.readAllStandardError()));
        QVERIFY2(out.contains("t_float32 torch.float32 [3, 2] 15.0"), qPrintable(out));
        QVERIFY2(out.contains("t_int64 torch.int64 [3, 2] 15.0"), qPrintable(out));
        QVERIFY2(out.contains("t_bfloat16 torch.bfloat16 [3, 2] 15.0"), qPrintable(out));
        QVERIFY2(out.contains("t_bool torch.bool [3, 2] 6.0"), qPrintable(out));
        QVERIFY2(out.contains("meta {'format': 'pt'}"), qPrintable(out));
    }
};

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
