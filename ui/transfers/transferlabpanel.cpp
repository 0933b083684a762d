#include "ui/transfers/transferlabpanel.h"

#include "ui/common/chartfactory.h"
#include "core/devices/deviceregistry.h"
#include "ui/common/devicestyle.h"
#include "ui/common/formscrollarea.h"
#include "core/transfers/transferlab.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace tk {

TransferLabPanel::TransferLabPanel(QWidget *parent) : QWidget(parent), m_lab(new TransferLab(this))
{
    setObjectName(QStringLiteral("transferLabPanel"));
    for (const DeviceInfo &d : DeviceRegistry::knownDevices())
        m_hasGpu = m_hasGpu || d.isCuda();
    m_from = new QComboBox;
    m_to = new QComboBox;
    const QLocale l;
    for (qint64 b = 1024; b <= (qint64(1) << 30); b *= 4) {
        m_from->addItem(l.formattedDataSize(b), b);
        m_to->addItem(l.formattedDataSize(b), b);
    }
    m_from->setCurrentIndex(0);
    m_to->setCurrentIndex(m_to->count() - 2); // 256 MiB: 1 GiB is there when wanted
    m_pinned = new QCheckBox(tr("pinned host memory"));
    m_nonBlocking = new QCheckBox(tr("non_blocking=True"));
    for (QCheckBox *c : {m_pinned, m_nonBlocking}) {
        c->setChecked(m_hasGpu);
        c->setEnabled(m_hasGpu);
    }
    m_run = new QPushButton(tr("Mea&sure"));
    m_run->setObjectName(QStringLiteral("runTransfers"));
    m_cancel = new QPushButton(tr("&Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_status = new QLabel;
    m_status->setWordWrap(true);
    auto *note = new QLabel(m_hasGpu ? tr("Moving ingredients to the workbench costs time: every copy pays a fixed "
                                          "latency (the flat left end), then the link's bandwidth (the right end). "
                                          "Pinned (page-locked) host memory lets the GPU copy directly, without an "
                                          "extra staging copy.")
                                     : tr("No GPU here, so this measures host memory copies (memcpy bandwidth). A GPU "
                                          "would add a PCIe or NVLink hop with a latency of microseconds per copy, "
                                          "and pinned memory would matter: pageable memory is staged through a "
                                          "pinned buffer first."));
    note->setWordWrap(true);
    note->setObjectName(QStringLiteral("transferNote"));

    auto *form = new QFormLayout;
    form->addRow(tr("From:"), m_from);
    form->addRow(tr("To:"), m_to);
    auto *controls = new QWidget;
    controls->setMaximumWidth(320);
    auto *cl = new QVBoxLayout(controls);
    auto *title = new QLabel(tr("<h3>The transfer lab</h3>How fast do ingredients move?"));
    cl->addWidget(title);
    cl->addLayout(form);
    cl->addWidget(m_pinned);
    cl->addWidget(m_nonBlocking);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    cl->addLayout(buttons);
    cl->addWidget(m_progress);
    cl->addWidget(m_status);
    cl->addWidget(note);
    cl->addStretch();

    m_plot = ChartFactory::make(tr("Copy bandwidth"), tr("bytes per copy"), tr("GB/s"), true, false);
    // Byte sizes as people read them, at powers of 4: the sizes a run measures.
    ChartFactory::setLogTicks(m_plot->xAxis, 4, [](double b) { return QLocale().formattedDataSize(qint64(b), 0); });
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(new FormScrollArea(controls));
    layout->addWidget(m_plot, 1);

    connect(m_run, &QPushButton::clicked, this, [this] { start(settingsFromControls()); });
    connect(m_cancel, &QPushButton::clicked, m_lab, &TransferLab::cancel);
    connect(m_lab, &TransferLab::resultReady, this, &TransferLabPanel::onResult);
    connect(m_lab, &TransferLab::progress, this, [this](int done, int total) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
    });
    connect(m_lab, &TransferLab::finished, this, [this](bool cancelled, const QString &error) {
        m_run->setEnabled(true);
        m_cancel->setEnabled(false);
        m_status->setText(!error.isEmpty() ? error : cancelled ? tr("Cancelled.") : tr("Done."));
    });

    // Before any run the chart shows the sizes the settings describe.
    showPlan(settingsFromControls());
    for (QComboBox *box : {m_from, m_to})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (m_plot->graphCount() == 0) // no run drawn yet
                showPlan(settingsFromControls());
        });
}

TransferSettings TransferLabPanel::settingsFromControls() const
{
    TransferSettings s;
    for (qint64 b = m_from->currentData().toLongLong(); b <= m_to->currentData().toLongLong(); b *= 4)
        s.sizes << b;
    for (const DeviceInfo &d : DeviceRegistry::knownDevices())
        if (d.isCuda())
            s.devices << d.id;
    s.pinned = m_pinned->isChecked();
    s.nonBlocking = m_nonBlocking->isChecked();
    return s;
}

void TransferLabPanel::showPlan(const TransferSettings &settings)
{
    if (settings.sizes.isEmpty())
        return;
    // Half a step of 4 beyond either end, so the first and last points sit inside the frame.
    m_plot->xAxis->setRange(settings.sizes.first() / 2.0, settings.sizes.last() * 2.0);
    m_plot->yAxis->setRange(0, 10);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool TransferLabPanel::start(const TransferSettings &settings)
{
    QString error;
    if (!m_lab->start(settings, &error)) {
        m_status->setText(QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return false;
    }
    m_plot->clearPlottables();
    m_graphs.clear();
    showPlan(settings);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Measuring…"));
    return true;
}

void TransferLabPanel::onResult(const TransferResult &r)
{
    const QString key = r.label();
    auto it = m_graphs.find(key);
    if (it == m_graphs.end()) {
        QCPGraph *g = m_plot->addGraph();
        g->setName(key);
        QColor c = DeviceStyle::color(r.device);
        if (r.direction == QLatin1String("d2h"))
            c = c.darker(150);
        // Each curve its own line style and marker, in the order they first appear.
        ChartFactory::applyLaneStyle(g, m_plot->graphCount() - 1, c);
        it = m_graphs.insert(key, m_plot->graphCount() - 1);
    }
    m_plot->graph(*it)->addData(double(r.bytes), r.gbps());
    // The size axis keeps the planned sizes; the bandwidth axis fits what was measured.
    m_plot->yAxis->rescale();
    m_plot->yAxis->setRange(0, m_plot->yAxis->range().upper * 1.15);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    m_status->setText(tr("%1, %2: %3 GB/s (%4 µs per copy)")
                          .arg(key, QLocale().formattedDataSize(r.bytes))
                          .arg(r.gbps(), 0, 'f', 2)
                          .arg(r.medianS * 1e6, 0, 'f', 2));
}

QString TransferLabPanel::statusText() const { return m_status->text(); }

} // namespace tk
