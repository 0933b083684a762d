// The parts a Workspace is made of, each on its own: the cards and their storage marks
// (CardTable), and the code log's answers (ActionLog). A load that fails part-way relies on
// both to leave no card and no line behind.
#include "core/cards/private/actionlog.h"
#include "core/cards/private/cardtable.h"

#include <QTest>

using namespace tk;

class TestWorkspaceParts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cardsAreNamedMarkedAndRemoved()
    {
        CardTable cards;
        const at::Tensor base = at::arange(6, at::kFloat);
        const int x = cards.add(QStringLiteral("x"), base);
        const int v = cards.add(QStringLiteral("v"), base.slice(0, 2, 4)); // a view: one storage
        const int y = cards.add(QStringLiteral("y"), at::ones({2}));
        QCOMPARE(cards.idOf(QStringLiteral("v")), v);
        QCOMPARE(cards.find(x)->info.storageId, cards.find(v)->info.storageId);
        QVERIFY(cards.find(y)->info.storageId != cards.find(x)->info.storageId);
        QVERIFY(cards.storageSharedByOthers(StorageIdentity::keyOf(*cards.find(x)), x));
        // Names: taken ones are refused, free ones found as the kitchen finds them.
        QVERIFY(cards.checkNewName(QStringLiteral("x")).has_value());
        QVERIFY(cards.checkNewName(QStringLiteral("x"), x) == std::nullopt); // renaming x to x
        QVERIFY(cards.checkNewName(QStringLiteral("class")).has_value()); // a Python keyword
        QCOMPARE(cards.freeName({}), QStringLiteral("w"));
        QCOMPARE(cards.freeName(QStringLiteral("x")), QStringLiteral("x1"));
        // What a failed load takes back: its cards, and with them the storage they shared.
        cards.remove({v, y});
        QCOMPARE(int(cards.entries.size()), 1);
        QCOMPARE(cards.idOf(QStringLiteral("v")), -1);
        QVERIFY(!cards.storageSharedByOthers(StorageIdentity::keyOf(*cards.find(x)), x));
        QCOMPARE(cards.freeName({}), QStringLiteral("y"));
    }

    void answersLeaveTheirLines()
    {
        CodeLog log;
        ActionLog actions(log);
        actions.ok(QStringLiteral("x = torch.ones(2)"));
        const qsizetype mark = actions.mark();
        actions.ok(QStringLiteral("loaded = torch.load(\"a.pt\")"));
        actions.ok(QStringLiteral("w = loaded[\"w\"]"));
        actions.undoTo(mark); // the load failed part-way: neither line stays
        QCOMPARE(log.lines().size(), qsizetype(1));
        QCOMPARE(log.lines().first().code, QStringLiteral("x = torch.ones(2)"));
        // A user's typo is not a line of Python; a refusal of a line is logged against it.
        OpError typo = OpError::invalid(QStringLiteral("Enter a shape such as 2, 3."));
        QVERIFY(!actions.fail(typo, false).ok());
        QCOMPARE(log.lines().size(), qsizetype(1));
        OpError refused = OpError::invalid(QStringLiteral("would not fit"));
        refused.codeLine = QStringLiteral("big = torch.ones(10**12)");
        QVERIFY(!actions.fail(refused).ok());
        QCOMPARE(log.lines().last().code, refused.codeLine);
        QCOMPARE(log.lines().last().error, QStringLiteral("would not fit"));
        // LibTorch's own error, with the Python exception it would be.
        Outcome o;
        try {
            (void)at::matmul(at::ones({2, 3}), at::ones({2, 3}));
        } catch (...) {
            o = actions.failTorch(std::current_exception(), {QStringLiteral("cpu")}, QStringLiteral("z = x @ y"));
        }
        QVERIFY(!o.ok());
        QCOMPARE(log.lines().last().code, QStringLiteral("z = x @ y"));
        QCOMPARE(log.lines().last().errorType, QStringLiteral("RuntimeError"));
        QVERIFY2(log.lines().last().error.contains("cannot be multiplied"), qPrintable(log.lines().last().error));
    }
};

QTEST_GUILESS_MAIN(TestWorkspaceParts)
#include "tst_workspaceparts.moc"
