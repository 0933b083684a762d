// Large checkpoints: values and summaries of a file real PyTorch wrote, the load's progress,
// and a cancelled load that leaves the kitchen as it was.
#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"
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

// Every call, and a cancel after `cancelAfter` calls (-1: never).
class RecordingProgress : public LoadProgress
{
public:
    explicit RecordingProgress(int cancelAfter = -1, bool inSummaries = false)
        : m_cancelAfter(cancelAfter), m_inSummaries(inSummaries)
    { }
    void advance(qint64 done, qint64 total) override { calls.append({done, total}); }
    bool cancelRequested() const override
    {
        if (m_cancelAfter < 0)
            return false;
        if (m_inSummaries) // once reading is over: half the work done
            return !calls.isEmpty() && calls.last().first * 2 >= calls.last().second;
        return calls.size() >= m_cancelAfter;
    }
    QList<QPair<qint64, qint64>> calls;

private:
    int m_cancelAfter;
    bool m_inSummaries;
};

} // namespace

class TestLargeLoad : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        DeviceRegistry::applyThreads();
        m_py = testsupport::torchPython();
        if (m_py.isEmpty())
            QSKIP("no Python with torch here: no PyTorch-written checkpoint");
        QVERIFY(m_dir.isValid());
        QProcess p;
        p.start(m_py, {testsupport::fixtureWriter("large_checkpoint.py"), m_dir.path()});
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QFile f(m_dir.filePath("big.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_expect = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(!m_expect.isEmpty());
    }

    void valuesAndSummariesOfATorchCheckpointAreIntact()
    {
        Workspace w;
        QList<int> created;
        const Outcome o = w.loadFile(m_dir.filePath("big.pt"), "cpu", &created);
        QVERIFY2(o.ok(), qPrintable(o.error.message));
        QCOMPARE(created.size(), m_expect.size());
        for (const QString &key : m_expect.keys()) {
            const int id = w.idOf(QString(key).replace('.', '_')); // "layers.3.bias": layers_3_bias
            QVERIFY2(id >= 0, qPrintable(key));
            const CardInfo c = *w.card(id);
            const QJsonObject e = m_expect.value(key).toObject();
            QCOMPARE(QString::fromLatin1(w.valuesHash(id).toHex()), e.value("sha256").toString()); // bit for bit
            if (!e.contains("min"))
                continue;
            QVERIFY2(c.hasStats, qPrintable(key));
            const double scale = std::max(1.0, std::fabs(e.value("max").toDouble()));
            QCOMPARE(c.min, e.value("min").toDouble());
            QCOMPARE(c.max, e.value("max").toDouble());
            QVERIFY2(
                std::fabs(c.mean - e.value("mean").toDouble()) <= 1e-6 * scale,
                qPrintable(QStringLiteral("%1 mean %2 vs %3").arg(key).arg(c.mean).arg(e.value("mean").toDouble())));
            if (e.value("std").isNull())
                QVERIFY(std::isnan(c.std));
            else
                QVERIFY2(
                    std::fabs(c.std - e.value("std").toDouble()) <= 1e-5 * std::max(1.0, e.value("std").toDouble()),
                    qPrintable(QStringLiteral("%1 std %2 vs %3").arg(key).arg(c.std).arg(e.value("std").toDouble())));
            QCOMPARE(c.heatRows, e.value("rows").toInt());
            QCOMPARE(c.heatCols, e.value("cols").toInt());
            const QJsonArray heat = e.value("heat").toArray();
            QCOMPARE(c.heat.size(), heat.size());
            for (int i = 0; i < heat.size(); ++i) {
                if (heat[i].isNull())
                    QVERIFY2(std::isnan(c.heat[i]), qPrintable(QStringLiteral("%1 cell %2").arg(key).arg(i)));
                else
                    QVERIFY2(std::fabs(c.heat[i] - heat[i].toDouble()) < 1e-4,
                             qPrintable(QStringLiteral("%1 cell %2: %3 vs %4")
                                            .arg(key)
                                            .arg(i)
                                            .arg(c.heat[i])
                                            .arg(heat[i].toDouble())));
            }
        }
        const CardInfo bad = *w.card(w.idOf("bad"));
        QVERIFY(bad.hasNan && bad.hasPosInf && bad.hasNegInf);
        QVERIFY(bad.summary.contains("NaN!"));
        QVERIFY(!w.card(w.idOf("odd"))->hasNan);
        // The view still shares the embedding's storage: one mark.
        QCOMPARE(w.card(w.idOf("view"))->storageId, w.card(w.idOf("embed_weight"))->storageId);
    }

    void progressRisesToTheWhole()
    {
        Workspace w;
        RecordingProgress progress;
        QVERIFY(w.loadFile(m_dir.filePath("big.pt"), "cpu", nullptr, &progress).ok());
        // Reading reports each storage, summarising each tensor: many calls, not two.
        QVERIFY2(progress.calls.size() > m_expect.size(), qPrintable(QString::number(progress.calls.size())));
        const qint64 total = progress.calls.first().second;
        QVERIFY(total > 0);
        qint64 last = 0;
        for (const auto &[done, t] : std::as_const(progress.calls)) {
            QCOMPARE(t, total);
            QVERIFY2(done >= last, "progress went back");
            QVERIFY(done <= total);
            last = done;
        }
        QCOMPARE(last, total);
    }

    void cancelledLoadChangesNothing_data()
    {
        QTest::addColumn<int>("after");
        QTest::addColumn<bool>("inSummaries");
        QTest::newRow("before the first storage") << 0 << false;
        QTest::newRow("after one storage") << 1 << false;
        QTest::newRow("after ten storages") << 10 << false;
        QTest::newRow("while summarising") << 0 << true;
    }

    void cancelledLoadChangesNothing()
    {
        QFETCH(int, after);
        QFETCH(bool, inSummaries);
        Workspace w;
        TensorSpec keep;
        keep.name = "keep";
        keep.shape = {3, 4};
        keep.factory = TensorSpec::Factory::Randn;
        w.beginAction();
        const int k = w.create(keep).cardId;
        w.endAction(true);
        const QByteArray hash = w.valuesHash(k);
        const QStringList lines = codeLines(w);
        const int undo = w.undoDepth();

        RecordingProgress progress(after, inSummaries);
        QList<int> created;
        const Outcome o = w.loadFile(m_dir.filePath("big.pt"), "cpu", &created, &progress);
        QVERIFY(o.cancelled);
        QVERIFY(!o.ok());
        QVERIFY(!o.error.isError()); // not an error: the user asked
        QCOMPARE(o.notices.size(), 1);
        QVERIFY2(o.notices.first().contains("cancelled") && o.notices.first().contains("big.pt"),
                 qPrintable(o.notices.first()));
        QVERIFY(created.isEmpty());
        QCOMPARE(w.count(), 1);
        QCOMPARE(w.valuesHash(k), hash);
        QCOMPARE(codeLines(w), lines);
        QCOMPARE(w.undoDepth(), undo);
        // And the same workspace loads the file afterwards.
        QVERIFY(w.loadFile(m_dir.filePath("big.pt"), "cpu", &created).ok());
        QCOMPARE(created.size(), m_expect.size());
    }

private:
    QString m_py;
    QTemporaryDir m_dir;
    QJsonObject m_expect;
};

QTEST_GUILESS_MAIN(TestLargeLoad)
#include "tst_largeload.moc"
