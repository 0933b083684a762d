#include "core/kitchen/tensorspec.h"

#include <QTest>

using tk::TensorSpec;

class TestTensorSpec : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseShape_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QList<qint64>>("shape");
        QTest::newRow("comma") << "2, 3" << true << QList<qint64>{2, 3};
        QTest::newRow("x") << "2x3x4" << true << QList<qint64>{2, 3, 4};
        QTest::newRow("tuple") << "(2, 3)" << true << QList<qint64>{2, 3};
        QTest::newRow("one-tuple") << "(5,)" << true << QList<qint64>{5};
        QTest::newRow("list") << "[4]" << true << QList<qint64>{4};
        QTest::newRow("spaces") << "  7   8 " << true << QList<qint64>{7, 8};
        QTest::newRow("letter") << "2,x" << false << QList<qint64>{};
        QTest::newRow("negative") << "-1" << false << QList<qint64>{};
        QTest::newRow("zero") << "0" << false << QList<qint64>{};
        QTest::newRow("empty") << "" << false << QList<qint64>{};
        QTest::newRow("empty-tuple") << "()" << false << QList<qint64>{};
        QTest::newRow("float") << "2.5, 3" << false << QList<qint64>{};
        QTest::newRow("overflow") << "100000000000, 100000000000" << false << QList<qint64>{};
        QTest::newRow("too-many-dims") << "1,1,1,1,1,1,1,1,1" << false << QList<qint64>{};
    }

    void parseShape()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QList<qint64>, shape);
        QString error;
        const auto parsed = TensorSpec::parseShape(text, &error);
        QCOMPARE(parsed.has_value(), ok);
        if (ok) {
            QCOMPARE(*parsed, shape);
            QVERIFY(error.isEmpty());
        } else {
            QVERIFY2(!error.isEmpty(), "a rejected shape must say why");
        }
    }

    void names()
    {
        QVERIFY(TensorSpec::isValidName("x"));
        QVERIFY(TensorSpec::isValidName("x_cuda0"));
        QVERIFY(TensorSpec::isValidName("_t2"));
        QVERIFY(!TensorSpec::isValidName("2x"));
        QVERIFY(!TensorSpec::isValidName("lambda"));
        QVERIFY(!TensorSpec::isValidName("torch")); // would shadow the module in the script
        QVERIFY(!TensorSpec::isValidName("a b"));
        QVERIFY(!TensorSpec::isValidName(""));
    }

    void dtypes()
    {
        QCOMPARE(TensorSpec::dtypeNames().size(), 6);
        QCOMPARE(TensorSpec::elementSize("float32"), 4);
        QCOMPARE(TensorSpec::elementSize("bfloat16"), 2);
        QCOMPARE(TensorSpec::elementSize("bool"), 1);
        QCOMPARE(TensorSpec::elementSize("complex64"), -1);
        QCOMPARE(TensorSpec::factoryFromName("RANDN"), TensorSpec::Factory::Randn);
        QVERIFY(!TensorSpec::factoryFromName("eye"));
    }
};

QTEST_GUILESS_MAIN(TestTensorSpec)
#include "tst_tensorspec.moc"
