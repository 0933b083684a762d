#include "ui/watch/pythonchooser.h"

#include "core/kitchen/koreanparticles.h"
#include "core/watch/pythonprobe.h"
#include "core/watch/watcherpackage.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace tk {

PythonChooser::PythonChooser(const QString &script, const QString &preferred, QWidget *parent)
    : QDialog(parent), m_probe(new PythonProbe(this))
{
    setObjectName(QStringLiteral("pythonChooser"));
    setWindowTitle(tr("Which Python?"));
    auto *intro = new QLabel(KoreanParticles::resolve(
        tr("The Python to run %1 with: its own torch is the one watched.").arg(QFileInfo(script).fileName())));
    intro->setWordWrap(true);
    m_list = new QComboBox;
    m_list->setObjectName(QStringLiteral("pythonList"));
    m_list->setMinimumContentsLength(72);
    m_list->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    auto *browse = new QPushButton(tr("&Browse…"));
    browse->setObjectName(QStringLiteral("browsePython"));
    m_state = new QLabel;
    m_state->setObjectName(QStringLiteral("pythonState"));
    m_state->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("&Run"));

    auto *row = new QHBoxLayout;
    row->addWidget(m_list, 1);
    row->addWidget(browse);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(row);
    layout->addWidget(m_state);
    layout->addWidget(buttons);

    connect(m_probe, &PythonProbe::answered, this, [this](const QString &python, const PythonProbe::Answer &a) {
        m_answers.insert(python, Known{a.ok, a.python, a.torch, a.error});
        for (int i = 0; i < m_list->count(); ++i)
            if (m_list->itemData(i).toString() == python)
                m_list->setItemText(i, describe(i));
        refresh();
    });
    connect(m_list, &QComboBox::currentIndexChanged, this, &PythonChooser::refresh);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Choose a Python interpreter"), QFileInfo(python()).absolutePath());
        if (!path.isEmpty())
            choose(path);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // The last choice first, then what was found for this script.
    if (QFileInfo(preferred).isExecutable())
        add({QFileInfo(preferred).absoluteFilePath(), tr("your last choice")});
    for (const PythonCandidates::Candidate &c :
         PythonCandidates::find(QFileInfo(script).absolutePath(), WatcherPackage::python()))
        add(c);
    m_list->setCurrentIndex(0);
    refresh();
    // Wide enough for a path with its origin and versions; tall enough for the state's two
    // lines, which wrap after the dialog has its width.
    m_state->setMinimumHeight(fontMetrics().lineSpacing() * 3);
    resize(std::max(sizeHint().width(), 760), sizeHint().height());
}

void PythonChooser::add(const PythonCandidates::Candidate &c)
{
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->itemData(i).toString() == c.path)
            return;
    m_list->addItem(QString(), c.path);
    m_list->setItemData(m_list->count() - 1, c.origin, Qt::UserRole + 1);
    m_list->setItemText(m_list->count() - 1, describe(m_list->count() - 1));
    m_probe->probe(c.path);
}

void PythonChooser::choose(const QString &path)
{
    add({QFileInfo(path).absoluteFilePath(), tr("chosen")});
    m_list->setCurrentIndex(m_list->findData(QFileInfo(path).absoluteFilePath()));
}

QString PythonChooser::describe(int row) const
{
    const QString path = QDir::toNativeSeparators(m_list->itemData(row).toString());
    const QString origin = m_list->itemData(row, Qt::UserRole + 1).toString();
    const auto known = m_answers.constFind(m_list->itemData(row).toString());
    if (known == m_answers.constEnd())
        return tr("%1 — %2 · asking…").arg(path, origin);
    if (!known->ok)
        return tr("%1 — %2 · does not run").arg(path, origin);
    return known->torch.isEmpty() ? tr("%1 — %2 · Python %3, no torch").arg(path, origin, known->python)
                                  : tr("%1 — %2 · Python %3, torch %4").arg(path, origin, known->python, known->torch);
}

void PythonChooser::refresh()
{
    const QString path = python();
    const auto known = m_answers.constFind(path);
    if (path.isEmpty()) {
        m_state->setText(tr("No Python was found: choose one with Browse…"));
        m_ok->setEnabled(false);
    } else if (known == m_answers.constEnd()) {
        m_state->setText(tr("Asking %1 for its versions…").arg(QDir::toNativeSeparators(path)));
        m_ok->setEnabled(true); // it may still answer; the run says so if it cannot
    } else if (!known->ok) {
        m_state->setText(tr("%1 does not run as a Python: %2").arg(QDir::toNativeSeparators(path), known->error));
        m_ok->setEnabled(false);
    } else if (known->torch.isEmpty()) {
        m_state->setText(tr("This Python has no torch: the script would fail at import torch. Install torch "
                            "there, or choose another."));
        m_ok->setEnabled(false);
    } else {
        m_state->setText(tr("Python %1 with torch %2: the watcher package is put on its path for this run "
                            "only; nothing is installed.")
                             .arg(known->python, known->torch));
        m_ok->setEnabled(true);
    }
}

QString PythonChooser::python() const { return m_list->currentData().toString(); }

int PythonChooser::count() const { return m_list->count(); }

QString PythonChooser::itemText(int row) const { return m_list->itemText(row); }

} // namespace tk
