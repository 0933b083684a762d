// Cards first, statistics after: a load with deferred summaries makes its cards without reading
// their values, the summaries land later, slice by slice, equal to those of a load that made
// them at once; a card removed, changed or undone meanwhile is handled; the app's worker does it
// by itself after the load's answer. And a .safetensors file's tensors lie over the file's map:
// written in place they change, the file does not, and the file can go or be replaced.
#include "core/files/safetensors/safetensorsfile.h"
#include "core/kitchen/kitchenengine.h"
#include "core/kitchen/workspace.h"

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace tk;

namespace {

constexpr qint64 kMiB = qint64(1) << 20;

// Cards of every kind of summary: a float tensor of 8 MiB (several slices), a small one, a
// bfloat16 and integers (LibTorch's ops, not SummaryPass).
void fillKitchen(Workspace &w)
{
    auto make = [&w](TensorSpec::Factory f, QList<qint64> shape, const QString &dtype, const QString &name) {
        TensorSpec s;
        s.factory = f;
        s.shape = shape;
        s.dtype = dtype;
        s.name = name;
        s.seed = 7;
        QVERIFY2(w.create(s).ok(), qPrintable(name));
    };
    make(TensorSpec::Factory::Randn, {1024, 2048}, "float32", "big");
    make(TensorSpec::Factory::Randn, {3, 4}, "float32", "small");
    make(TensorSpec::Factory::Randn, {64, 48}, "bfloat16", "half");
    make(TensorSpec::Factory::Arange, {1000}, "int64", "steps");
}

void compareSummaries(const CardInfo &a, const CardInfo &b)
{
    QCOMPARE(a.summaryPending, false);
    QCOMPARE(a.summary, b.summary);
    QCOMPARE(a.hasStats, b.hasStats);
    QCOMPARE(a.hasNan, b.hasNan);
    QCOMPARE(a.min, b.min);
    QCOMPARE(a.max, b.max);
    // One stream against fill()'s threads: the same sums in another order.
    QVERIFY2(std::fabs(a.mean - b.mean) <= 1e-9 * std::max(1.0, std::fabs(b.mean)), qPrintable(a.name));
    QVERIFY2(std::isnan(b.std) ? std::isnan(a.std) : std::fabs(a.std - b.std) <= 1e-9 * std::max(1.0, b.std),
             qPrintable(a.name));
    QCOMPARE(a.heatRows, b.heatRows);
    QCOMPARE(a.heatCols, b.heatCols);
    QCOMPARE(a.heat.size(), b.heat.size());
    for (int i = 0; i < a.heat.size(); ++i)
        QVERIFY2(std::fabs(a.heat[i] - b.heat[i]) < 1e-5, qPrintable(QStringLiteral("%1 cell %2").arg(a.name).arg(i)));
}

// Summarises until nothing is pending; the number of calls it took.
int drain(Workspace &w, qint64 budget)
{
    int calls = 0;
    while (w.hasPendingSummaries() && calls < 10000) {
        w.summarisePending(budget);
        ++calls;
    }
    return calls;
}

} // namespace

class TestPendingSummaries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        Workspace w;
        fillKitchen(w);
        QVERIFY(w.saveSafetensors({}, path("kitchen.safetensors")).ok());
        QVERIFY(w.savePt(w.idOf("big"), path("big.pt")).ok());
    }

    void cardsComeBeforeTheirStatistics_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("safetensors") << "kitchen.safetensors";
        QTest::newRow("pt") << "big.pt";
    }

    void cardsComeBeforeTheirStatistics()
    {
        QFETCH(QString, file);
        Workspace now, later;
        later.setDeferredSummaries(true);
        QList<int> made, pending;
        QVERIFY(now.loadFile(path(file), "cpu", &made).ok());
        QVERIFY(later.loadFile(path(file), "cpu", &pending).ok());
        QCOMPARE(pending.size(), made.size());
        QVERIFY(!now.hasPendingSummaries());
        QVERIFY(later.hasPendingSummaries());
        for (int i = 0; i < made.size(); ++i) {
            const CardInfo a = *later.card(pending[i]), b = *now.card(made[i]);
            // What needs no values is there at once; the statistics are not.
            QCOMPARE(a.name, b.name);
            QCOMPARE(a.shape, b.shape);
            QCOMPARE(a.dtype, b.dtype);
            QCOMPARE(a.device, b.device);
            QCOMPARE(a.bytes, b.bytes);
            QCOMPARE(a.storageId > 0, true);
            QCOMPARE(a.summaryPending, a.numel > 0);
            if (a.numel > 0) {
                QVERIFY(!a.hasStats);
                QVERIFY(a.heat.isEmpty());
                QVERIFY2(a.summary.contains(QStringLiteral("…")), qPrintable(a.summary));
            }
        }
        // The statistics land, slice by slice (8 MiB in 1 MiB slices: at least 8 calls), the
        // same as those made at once.
        QVERIFY(drain(later, kMiB) >= 8);
        for (int i = 0; i < made.size(); ++i)
            compareSummaries(*later.card(pending[i]), *now.card(made[i]));
    }

    void aSliceStopsWithinABigTensor()
    {
        Workspace w;
        w.setDeferredSummaries(true);
        QVERIFY(w.loadFile(path("kitchen.safetensors"), "cpu", nullptr).ok());
        // The file's order (8-byte elements first, then by name): steps, big, small, half.
        const int big = w.idOf("big");
        const QList<CardInfo> first = w.summarisePending(2 * kMiB);
        QCOMPARE(first.size(), 1);
        QCOMPARE(first.first().name, QStringLiteral("steps"));
        QVERIFY(w.card(big)->summaryPending);
        int slices = 1;
        while (w.card(big)->summaryPending) {
            const QList<CardInfo> landed = w.summarisePending(2 * kMiB);
            ++slices;
            // Nothing lands until "big" is whole; the slice that ends it may go on to the next.
            QVERIFY(w.card(big)->summaryPending ? landed.isEmpty() : landed.first().id == big);
        }
        QVERIFY2(slices >= 4, qPrintable(QString::number(slices))); // 8 MiB in slices of 2
        QVERIFY(w.card(big)->hasStats);
    }

    void aCardRemovedOrChangedWhilePendingIsSkipped()
    {
        Workspace w;
        w.setDeferredSummaries(true);
        QList<int> ids;
        QVERIFY(w.loadFile(path("kitchen.safetensors"), "cpu", &ids).ok());
        const int big = w.idOf("big"), small = w.idOf("small");
        // Part of "big" read, then it goes: nothing of it lands, the rest does.
        const QList<CardInfo> first = w.summarisePending(kMiB);
        for (const CardInfo &c : first)
            QVERIFY(c.id != big);
        QVERIFY(w.remove(big).ok());
        QVERIFY(w.rename(small, "tiny").ok()); // not a new tensor: still pending, and lands
        QList<int> landed;
        while (w.hasPendingSummaries())
            for (const CardInfo &c : w.summarisePending(kMiB))
                landed << c.id;
        QVERIFY(!landed.contains(big));
        QVERIFY(!w.card(big));
        QVERIFY(w.card(small)->hasStats);
        QCOMPARE(w.card(small)->name, QStringLiteral("tiny"));
        QCOMPARE(w.count(), ids.size() - 1);
    }

    void undoAndRedoOfAPendingLoad()
    {
        Workspace w;
        w.setDeferredSummaries(true);
        w.beginAction();
        QList<int> ids;
        QVERIFY(w.loadFile(path("kitchen.safetensors"), "cpu", &ids).ok());
        QVERIFY(w.endAction(true));
        w.summarisePending(kMiB); // part-way through
        QVERIFY(w.undo());
        QCOMPARE(w.count(), 0);
        QVERIFY(!w.hasPendingSummaries());
        QVERIFY(w.summarisePending(64 * kMiB).isEmpty());
        QVERIFY(w.redo());
        QCOMPARE(w.count(), ids.size());
        drain(w, 4 * kMiB);
        Workspace now;
        QList<int> made;
        QVERIFY(now.loadFile(path("kitchen.safetensors"), "cpu", &made).ok());
        for (const CardInfo &c : now.cards())
            compareSummaries(*w.card(w.idOf(c.name)), c);
        // Saving a kitchen whose statistics are pending writes the values all the same.
        Workspace again;
        again.setDeferredSummaries(true);
        QVERIFY(again.loadFile(path("kitchen.safetensors"), "cpu", nullptr).ok());
        QVERIFY(again.hasPendingSummaries());
        QVERIFY(again.saveSafetensors({}, path("again.safetensors")).ok());
        QCOMPARE(sha(path("again.safetensors")), sha(path("kitchen.safetensors")));
    }

    void theWorkerSummarisesAfterTheCardsAppear()
    {
        KitchenEngine engine;
        QSignalSpy added(&engine, &KitchenEngine::cardAdded);
        QSignalSpy updated(&engine, &KitchenEngine::cardUpdated);
        QSignalSpy finished(&engine, &KitchenEngine::finished);
        engine.submit(request::LoadFile{path("kitchen.safetensors")});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QCOMPARE(added.size(), 4);
        for (const QList<QVariant> &a : added)
            QVERIFY(a.at(0).value<CardInfo>().summaryPending);
        // Every pending card is updated once its statistics land, with no request asked.
        QTRY_COMPARE_WITH_TIMEOUT(updated.size(), 4, 60000);
        for (const QList<QVariant> &u : updated) {
            const CardInfo c = u.at(0).value<CardInfo>();
            QVERIFY(!c.summaryPending);
            QVERIFY2(c.hasStats, qPrintable(c.name));
        }
        // A request right after a load is answered while the statistics are still to come.
        updated.clear();
        finished.clear();
        engine.submit(request::LoadFile{path("kitchen.safetensors")});
        TensorSpec s;
        s.shape = {2};
        engine.submit(request::Create{s});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(updated.size(), 4, 60000);
    }

    void mappedTensorsChangeInPlaceAndTheFileDoesNot()
    {
        const QString file = path("mapped.safetensors");
        QVERIFY(QFile::copy(path("kitchen.safetensors"), file));
        const QByteArray before = sha(file);
        std::vector<std::pair<QString, at::Tensor>> tensors;
        {
            SafetensorsFile st(file);
            tensors = st.load();
        } // the map outlives its SafetensorsFile: the tensors hold it
        at::Tensor big;
        for (auto &[name, t] : tensors)
            if (name == QLatin1String("big"))
                big = t;
        QVERIFY(big.defined());
        const at::Tensor copy = big.clone();
        big.mul_(2); // as x.mul_(2) in the console: the page is copied, the file stays
        QVERIFY(at::equal(big, copy * 2));
        QCOMPARE(sha(file), before);
        // The file removed and another put in its place (as QSaveFile or a download replaces
        // it): the map still shows the old file, so the values stay.
        QVERIFY(QFile::remove(file));
        QVERIFY(QFile::copy(path("big.pt"), file));
        QVERIFY(at::equal(big, copy * 2));
        tensors.clear();
        big.reset(); // the last tensor over the map: it is unmapped (ASan would see a leak)
    }

    // Once its statistics have landed a card's tensor is its own: the file cut to nothing and
    // rewritten with other bytes (as save_file or torch.save over the same name do) leaves every
    // value as it was. Reading a lost page of a map is SIGBUS, so the reading runs in a child.
    void aTruncatedFileNoLongerReachesSummarisedCards()
    {
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TK_PENDING_CHILD"), QStringLiteral("1"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("childReadsAfterTruncation")});
        QVERIFY(child.waitForFinished(120000));
        const QByteArray out = child.readAll();
        QVERIFY2(child.exitStatus() == QProcess::NormalExit, out.constData()); // SIGBUS: a crash
        QVERIFY2(child.exitCode() == 0, out.constData());
        QVERIFY2(out.contains("PASS   : TestPendingSummaries::childReadsAfterTruncation"), out.constData());
    }

    void childReadsAfterTruncation()
    {
        if (qEnvironmentVariableIsEmpty("TK_PENDING_CHILD"))
            QSKIP("run by aTruncatedFileNoLongerReachesSummarisedCards in a child process");
        const QString file = path("cut.safetensors");
        QVERIFY(QFile::copy(path("kitchen.safetensors"), file));
        Workspace reference, w;
        w.setDeferredSummaries(true);
        QList<int> original, loaded;
        QVERIFY(reference.loadFile(path("kitchen.safetensors"), "cpu", &original).ok());
        QVERIFY(w.loadFile(file, "cpu", &loaded).ok());
        QCOMPARE(loaded.size(), original.size());
        // Tensors over the map written in place before their copy keep what was written.
        at::Tensor written;
        {
            SafetensorsFile st(file);
            for (auto &[name, t] : st.load())
                if (name == QLatin1String("big"))
                    written = t;
        }
        const at::Tensor twice = written.clone() * 2;
        written.mul_(2);
        QVERIFY(SafetensorsFile::isMapped(written));
        QVERIFY(SafetensorsFile::ownBytes(written));
        QVERIFY(!SafetensorsFile::isMapped(written));
        drain(w, kMiB);
        QVERIFY(!w.hasPendingSummaries());
        {
            QFile f(file);
            QVERIFY(f.resize(0));
            for (int i = 0; i < loaded.size(); ++i) // every page of the map lost: SIGBUS if read
                QCOMPARE(w.valuesHash(loaded[i]), reference.valuesHash(original[i]));
            QVERIFY(at::equal(written, twice));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QFile other(path("big.pt"));
            QVERIFY(other.open(QIODevice::ReadOnly));
            QVERIFY(f.write(other.readAll()) > 0);
        }
        for (int i = 0; i < loaded.size(); ++i) {
            QCOMPARE(w.valuesHash(loaded[i]), reference.valuesHash(original[i]));
            compareSummaries(*w.card(loaded[i]), *reference.card(original[i]));
        }
        QVERIFY(at::equal(written, twice));
        QCOMPARE(written.sum().item<double>(), twice.sum().item<double>());
    }

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    static QByteArray sha(const QString &file)
    {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
                                           : QByteArray();
    }
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestPendingSummaries)
#include "tst_pendingsummaries.moc"
