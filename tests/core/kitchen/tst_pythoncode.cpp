// The Python lines the code log shows, checked as exact text: PythonCode is plain Qt, so this
// test needs no LibTorch and no device. The exported script runs these lines under real
// PyTorch (tst_codelog); a change here is a change in what users copy into their notebooks.
#include "core/kitchen/pythoncode.h"

#include <QTest>
#include <limits>

using tk::Operation;
using tk::PythonCode;
using tk::TensorSpec;
using tk::TransferMeaning;

namespace {

TensorSpec spec(TensorSpec::Factory factory, QList<qint64> shape, const QString &device = "cpu",
                const QString &dtype = "float32")
{
    TensorSpec s;
    s.factory = factory;
    s.shape = std::move(shape);
    s.device = device;
    s.dtype = dtype;
    return s;
}

} // namespace

class TestPythonCode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stringLiterals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("literal");
        QTest::newRow("plain") << "data.pt"
                               << "\"data.pt\"";
        QTest::newRow("quote") << "my \"best\".pt"
                               << "\"my \\\"best\\\".pt\"";
        QTest::newRow("backslash") << "a\\b.pt"
                                   << "\"a\\\\b.pt\"";
        QTest::newRow("newline") << "a\nb"
                                 << "\"a\\nb\"";
        QTest::newRow("tab-cr") << "a\tb\r"
                                << "\"a\\tb\\r\"";
        QTest::newRow("control") << QString(QChar(0x01)) << "\"\\x01\"";
        QTest::newRow("unicode") << "가중치.pt"
                                 << "\"가중치.pt\"";
        QTest::newRow("single-quote") << "it's"
                                      << "\"it's\"";
        QTest::newRow("empty") << ""
                               << "\"\"";
    }

    void stringLiterals()
    {
        QFETCH(QString, text);
        QFETCH(QString, literal);
        QCOMPARE(PythonCode::string(text), literal);
    }

    void pieces()
    {
        QCOMPARE(PythonCode::device("cuda:0"), QStringLiteral("\"cuda:0\""));
        QCOMPARE(PythonCode::deviceArg("cuda", "cpu"), QStringLiteral("device"));
        QCOMPARE(PythonCode::deviceArg(" cuda ", "cuda:0"), QStringLiteral("device"));
        QCOMPARE(PythonCode::deviceArg("cuda:0", "cuda:0"), QStringLiteral("\"cuda:0\""));
        QCOMPARE(PythonCode::deviceArg("meta", "meta"), QStringLiteral("\"meta\""));
        QCOMPARE(PythonCode::dtype("bfloat16"), QStringLiteral("torch.bfloat16"));
        QCOMPARE(PythonCode::shapeArgs({2, 3}), QStringLiteral("2, 3"));
        QCOMPARE(PythonCode::shapeTuple({5}), QStringLiteral("(5,)"));
        QCOMPARE(PythonCode::shapeTuple({2, 3, 4}), QStringLiteral("(2, 3, 4)"));
    }

    void floatLiterals_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("literal");
        QTest::newRow("integer") << 3.0 << "3.0"; // 3 would make an int64 tensor
        QTest::newRow("zero") << 0.0 << "0.0";
        QTest::newRow("negative") << -2.0 << "-2.0";
        QTest::newRow("half") << 0.5 << "0.5";
        QTest::newRow("tenth") << 0.1 << "0.10000000000000001"; // round-trips exactly
        QTest::newRow("large") << 1e20 << "1e+20";
        QTest::newRow("inf") << std::numeric_limits<double>::infinity() << "float(\"inf\")";
        QTest::newRow("-inf") << -std::numeric_limits<double>::infinity() << "float(\"-inf\")";
        QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << "float(\"nan\")";
    }

    void floatLiterals()
    {
        QFETCH(double, value);
        QFETCH(QString, literal);
        QCOMPARE(PythonCode::floatLiteral(value), literal);
    }

    void identifiers()
    {
        QCOMPARE(PythonCode::identifier("weights"), QStringLiteral("weights"));
        QCOMPARE(PythonCode::identifier("my-data.v2"), QStringLiteral("my_data_v2"));
        QCOMPARE(PythonCode::identifier("2024"), QStringLiteral("t2024"));
        QCOMPARE(PythonCode::identifier(""), QStringLiteral("t"));
    }

    void factories_data()
    {
        using F = TensorSpec::Factory;
        QTest::addColumn<TensorSpec>("spec");
        QTest::addColumn<QString>("device"); // the resolved id
        QTest::addColumn<QString>("code");
        QTest::newRow("ones") << spec(F::Ones, {2, 3}) << "cpu"
                              << "x = torch.ones(2, 3)";
        QTest::newRow("zeros-1d") << spec(F::Zeros, {5}) << "cpu"
                                  << "x = torch.zeros(5)";
        QTest::newRow("zeros-dtype") << spec(F::Zeros, {2}, "cpu", "float64") << "cpu"
                                     << "x = torch.zeros(2, dtype=torch.float64)";
        QTest::newRow("ones-meta") << spec(F::Ones, {2, 3}, "meta") << "meta"
                                   << "x = torch.ones(2, 3, device=\"meta\")";
        QTest::newRow("ones-idiom-cpu") << spec(F::Ones, {2}, "cuda") << "cpu"
                                        << "x = torch.ones(2, device=device)";
        QTest::newRow("ones-gpu-dtype") << spec(F::Ones, {2}, "cuda:1", "int64") << "cuda:1"
                                        << "x = torch.ones(2, dtype=torch.int64, device=\"cuda:1\")";
        TensorSpec full = spec(F::Full, {5});
        full.fillValue = 3;
        QTest::newRow("full-1d") << full << "cpu"
                                 << "x = torch.full((5,), 3.0)";
        full.shape = {2, 2};
        full.fillValue = -0.25;
        QTest::newRow("full-2d") << full << "cpu"
                                 << "x = torch.full((2, 2), -0.25)";
        full.fillValue = std::numeric_limits<double>::infinity();
        full.device = "meta";
        QTest::newRow("full-inf-meta") << full << "meta"
                                       << "x = torch.full((2, 2), float(\"inf\"), device=\"meta\")";
        QTest::newRow("arange-1d") << spec(F::Arange, {6}) << "cpu"
                                   << "x = torch.arange(6, dtype=torch.float32)";
        QTest::newRow("arange-3d") << spec(F::Arange, {2, 3, 4}, "cpu", "int64") << "cpu"
                                   << "x = torch.arange(24, dtype=torch.int64).reshape(2, 3, 4)";
        QTest::newRow("arange-meta") << spec(F::Arange, {2, 3}, "meta") << "meta"
                                     << "x = torch.arange(6, dtype=torch.float32, device=\"meta\").reshape(2, 3)";
        TensorSpec randn = spec(F::Randn, {2, 3});
        randn.seed = 7;
        QTest::newRow("randn") << randn << "cpu"
                               << "x = torch.randn(2, 3, generator=torch.Generator().manual_seed(7))";
        randn.device = "meta";
        QTest::newRow("randn-meta") << randn << "meta"
                                    << "x = torch.randn(2, 3, generator=torch.Generator().manual_seed(7)).to(\"meta\")";
        randn.device = "cuda";
        randn.dtype = "float16";
        QTest::newRow("randn-idiom-f16") << randn << "cpu"
                                         << "x = torch.randn(2, 3, generator=torch.Generator().manual_seed(7), "
                                            "dtype=torch.float16).to(device)";
        TensorSpec rand = spec(F::Rand, {4}, "cuda:0");
        rand.seed = 18446744073709551615ull; // printed as the unsigned 64-bit number it is
        QTest::newRow("rand-gpu")
            << rand << "cuda:0"
            << "x = torch.rand(4, generator=torch.Generator().manual_seed(18446744073709551615)).to(\"cuda:0\")";
    }

    void factories()
    {
        QFETCH(TensorSpec, spec);
        QFETCH(QString, device);
        QFETCH(QString, code);
        QCOMPARE(PythonCode::create(spec, "x", device), code);
    }

    void transfers_data()
    {
        QTest::addColumn<QString>("requested");
        QTest::addColumn<QString>("device");
        QTest::addColumn<TransferMeaning>("meaning");
        QTest::addColumn<QString>("code");
        QTest::newRow("reassign-idiom") << "cuda"
                                        << "cpu" << TransferMeaning::Reassign << "x = x.to(device)";
        QTest::newRow("reassign-gpu") << "cuda:0"
                                      << "cuda:0" << TransferMeaning::Reassign << "x = x.to(\"cuda:0\")";
        QTest::newRow("new-name-meta") << "meta"
                                       << "meta" << TransferMeaning::NewName << "y = x.to(\"meta\")";
        QTest::newRow("new-name-idiom") << "cuda"
                                        << "cuda:0" << TransferMeaning::NewName << "y = x.to(device)";
        QTest::newRow("discard-meta") << "meta"
                                      << "meta" << TransferMeaning::Discard << "x.to(\"meta\")";
        QTest::newRow("discard-cpu") << "cpu"
                                     << "cpu" << TransferMeaning::Discard << "x.to(\"cpu\")";
    }

    void transfers()
    {
        QFETCH(QString, requested);
        QFETCH(QString, device);
        QFETCH(TransferMeaning, meaning);
        QFETCH(QString, code);
        const QString result = meaning == TransferMeaning::Reassign ? "x" : "y";
        QCOMPARE(PythonCode::transfer("x", requested, device, meaning, result), code);
    }

    void models()
    {
        QCOMPARE(PythonCode::moveModel("model", "cuda", "cpu"), QStringLiteral("model.to(device)"));
        QCOMPARE(PythonCode::moveModel("model", "meta", "meta"), QStringLiteral("model.to(\"meta\")"));
        QCOMPARE(PythonCode::mlp("model", 16, 1, 0),
                 QStringLiteral("torch.manual_seed(0); model = torch.nn.Sequential("
                                "torch.nn.Linear(2, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))"));
        QCOMPARE(PythonCode::mlp("net", 8, 2, 42),
                 QStringLiteral("torch.manual_seed(42); net = torch.nn.Sequential("
                                "torch.nn.Linear(2, 8), torch.nn.ReLU(), "
                                "torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))"));
        QCOMPARE(PythonCode::optimizer("opt", "sgd", "model", 0.01),
                 QStringLiteral("opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)"));
        QCOMPARE(PythonCode::optimizer("optimizer", "adam", "model", 0.01),
                 QStringLiteral("optimizer = torch.optim.Adam(model.parameters(), lr=0.01)"));
        QCOMPARE(PythonCode::loss("loss_fn"), QStringLiteral("loss_fn = torch.nn.CrossEntropyLoss()"));
    }

    void cardActions()
    {
        QCOMPARE(PythonCode::combine("z", Operation::Add, "x", "y"), QStringLiteral("z = x + y"));
        QCOMPARE(PythonCode::combine("z", Operation::Mul, "x", "y"), QStringLiteral("z = x * y"));
        QCOMPARE(PythonCode::combine("z", Operation::Matmul, "x", "y"), QStringLiteral("z = x @ y"));
        QCOMPARE(PythonCode::combine("c", Operation::Cat, "x", "y"), QStringLiteral("c = torch.cat([x, y])"));
        QCOMPARE(PythonCode::combine("out", Operation::Forward, "model", "x"), QStringLiteral("out = model(x)"));
        QCOMPARE(PythonCode::rename("weights", "x"), QStringLiteral("weights = x; del x"));
        QCOMPARE(PythonCode::clone("x_copy", "x"), QStringLiteral("x_copy = x.clone()"));
        QCOMPARE(PythonCode::remove("w"), QStringLiteral("del w"));
    }

    void ptFiles()
    {
        // Only the file name goes into the script: the path is this machine's.
        QCOMPARE(PythonCode::load("line", "/home/me/data/line.pt"), QStringLiteral("line = torch.load(\"line.pt\")"));
        QCOMPARE(PythonCode::save("x", "/tmp/out.pt"), QStringLiteral("torch.save(x, \"out.pt\")"));
        QCOMPARE(PythonCode::save("x", "/tmp/say \"hi\".pt"), QStringLiteral("torch.save(x, \"say \\\"hi\\\".pt\")"));
        QCOMPARE(PythonCode::load("loaded", "/tmp/back\\slash.pt"),
                 QStringLiteral("loaded = torch.load(\"back\\\\slash.pt\")"));
        QCOMPARE(PythonCode::loadItem("w", "loaded", "w"), QStringLiteral("w = loaded[\"w\"]"));
        QCOMPARE(PythonCode::loadItem("a_b", "loaded", "a\"b"), QStringLiteral("a_b = loaded[\"a\\\"b\"]"));
        QCOMPARE(PythonCode::toCall("cuda:0"), QStringLiteral(".to(\"cuda:0\")"));
        QCOMPARE(PythonCode::load("x", "x.pt") + PythonCode::toCall("meta"),
                 QStringLiteral("x = torch.load(\"x.pt\").to(\"meta\")"));
    }
};

QTEST_GUILESS_MAIN(TestPythonCode)
#include "tst_pythoncode.moc"
