#include "bench/loadcommand.h"
#include "core/files/tensorfiletypes.h"
#include "core/kitchen/koreanparticles.h"

#include "core/devices/deviceregistry.h"
#include "core/files/loadprogress.h"
#include "core/kitchen/workspace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tk {

namespace {

// A line of /proc/self/status in bytes ("VmRSS", "VmHWM"), -1 where there is none.
qint64 statusBytes(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').value(0).toLongLong() * 1024;
    return -1;
}

// Resets the peak (VmHWM) to the current RSS, so the peak that follows is the load's alone.
bool resetPeak()
{
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    return f.open(QIODevice::WriteOnly) && f.write("5") == 1;
}

// When the load's reading ended: its progress passes half the work there (the rest is the
// cards' summaries that were not made while reading, and the cards).
class ReadingClock : public LoadProgress
{
public:
    explicit ReadingClock(const QElapsedTimer &clock) : m_clock(clock) { }
    void advance(qint64 done, qint64 total) override
    {
        if (m_readNs < 0 && 2 * done >= total)
            m_readNs = m_clock.nsecsElapsed();
    }
    bool cancelRequested() const override { return false; }
    qint64 readNs() const { return m_readNs; }

private:
    const QElapsedTimer &m_clock;
    qint64 m_readNs = -1;
};

} // namespace

int LoadCommand::run(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(tr("Lists the cards a .pt or .safetensors file makes, as File → Load would."));
    p.addHelpOption();
    QCommandLineOption format(QStringLiteral("format"), tr("json or text (default)."), QStringLiteral("format"),
                              QStringLiteral("text"));
    QCommandLineOption device(QStringLiteral("device"), tr("Where the cards go (default cpu)."),
                              QStringLiteral("device"), QStringLiteral("cpu"));
    QCommandLineOption measure(QStringLiteral("measure"),
                               tr("Also measure the load: its seconds and its peak memory above the "
                                  "process's baseline (bench/load-vs-pytorch.sh compares them with torch.load)."));
    p.addOptions({format, device, measure});
    p.addPositionalArgument(QStringLiteral("file"), TensorFileTypes::listed());
    if (const int rc = parse(p, arguments); rc >= 0)
        return rc;
    const QString fmt = p.value(format);
    if (!formatOk(fmt, {QStringLiteral("json"), QStringLiteral("text")}))
        return 2;
    if (p.positionalArguments().size() != 1)
        return fail(tr("Name one file: tensor-kitchen-bench load FILE."));
    if (m_dryRun)
        return 0;
    const QString file = p.positionalArguments().first();
    DeviceRegistry::applyThreads();
    Workspace w;
    QList<int> created;
    const bool measuring = p.isSet(measure);
    const bool peakReset = measuring && resetPeak();
    const qint64 baseline = measuring ? statusBytes("VmRSS") : -1;
    QElapsedTimer clock;
    ReadingClock reading(clock);
    // Measured as the app loads: the cards first (`seconds`, what the user waits for), then
    // their statistics by the same slices the app's worker makes (`summary_seconds` more).
    w.setDeferredSummaries(measuring);
    clock.start();
    const Outcome o = w.loadFile(file, p.value(device), &created, measuring ? &reading : nullptr);
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    const qint64 cardsPeak = measuring ? statusBytes("VmHWM") : -1;
    clock.restart();
    while (w.hasPendingSummaries())
        w.summarisePending(qint64(32) << 20);
    const double summarySeconds = double(clock.nsecsElapsed()) / 1e9;
    const qint64 peak = measuring ? statusBytes("VmHWM") : -1; // with the statistics made
    if (!o.ok()) {
        m_err << KoreanParticles::resolve(o.error.message) << "\n";
        if (!o.error.details.isEmpty())
            m_err << o.error.details << "\n";
        return 3; // refused: not a bad argument, not a failed measurement
    }
    QJsonArray cards;
    for (int id : std::as_const(created))
        cards.append(cardJson(*w.card(id)));
    if (fmt == QLatin1String("json")) {
        QJsonObject root{{QStringLiteral("file"), file},
                         {QStringLiteral("cards"), cards},
                         {QStringLiteral("notices"), QJsonArray::fromStringList(o.notices)}};
        if (measuring) {
            root.insert(QStringLiteral("seconds"), seconds);
            root.insert(QStringLiteral("read_seconds"), double(reading.readNs()) / 1e9);
            root.insert(QStringLiteral("file_bytes"), QFileInfo(file).size());
            root.insert(QStringLiteral("baseline_rss"), baseline);
            // Without a resettable peak, the peak may be from before the load: not reported.
            root.insert(QStringLiteral("peak_above_baseline"),
                        peakReset && peak >= 0 && baseline >= 0 ? peak - baseline : -1);
            root.insert(QStringLiteral("summary_seconds"), summarySeconds);
            root.insert(QStringLiteral("cards_peak_above_baseline"),
                        peakReset && cardsPeak >= 0 && baseline >= 0 ? cardsPeak - baseline : -1);
        }
        m_out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    for (int id : std::as_const(created)) {
        const CardInfo c = *w.card(id);
        QStringList dims;
        for (qint64 d : c.shape)
            dims << QString::number(d);
        m_out << QStringLiteral("%1  [%2]  %3  %4  ◆%5\n")
                     .arg(c.name, dims.join(QStringLiteral(", ")), c.dtype, c.device)
                     .arg(c.storageId);
    }
    for (const QString &n : o.notices)
        m_out << n << "\n";
    if (measuring) {
        m_out << tr("Loaded in %1 s (reading %2 s), statistics %3 s after")
                     .arg(seconds, 0, 'f', 3)
                     .arg(double(reading.readNs()) / 1e9, 0, 'f', 3)
                     .arg(summarySeconds, 0, 'f', 3);
        if (peakReset && peak >= 0 && baseline >= 0)
            m_out << tr(", peak %1 MiB above the baseline").arg(double(peak - baseline) / 1048576.0, 0, 'f', 1);
        m_out << "\n";
    }
    return 0;
}

} // namespace tk
