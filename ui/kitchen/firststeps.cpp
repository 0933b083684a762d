#include "ui/kitchen/firststeps.h"

#include "core/files/tensorfiletypes.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace tk {

FirstSteps::FirstSteps(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("firstSteps"));
    auto *title = new QLabel(tr("<b>The kitchen is empty.</b> Start with one of these:"));
    title->setWordWrap(true);
    auto button = [this](const QString &objectName, const QString &text, const QString &tip) {
        auto *b = new QPushButton(text);
        b->setObjectName(objectName);
        b->setToolTip(tip);
        return b;
    };
    QPushButton *make = button(QStringLiteral("firstStepNewTensor"), tr("Make a tensor…"),
                               tr("torch.randn, torch.ones, … on the device you choose"));
    QPushButton *lesson = button(QStringLiteral("firstStepLesson"), tr("Open the first lesson"),
                                 tr("Where a tensor lives, and how .to() moves it"));
    QPushButton *load
        = button(QStringLiteral("firstStepLoadPt"), tr("Load a tensor file (%1)…").arg(TensorFileTypes::shortList()),
                 tr("Tensors or a state_dict saved by torch.save"));
    connect(make, &QPushButton::clicked, this, &FirstSteps::newTensorRequested);
    connect(lesson, &QPushButton::clicked, this, &FirstSteps::firstLessonRequested);
    connect(load, &QPushButton::clicked, this, &FirstSteps::loadFileRequested);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 8, 24, 8);
    layout->addWidget(title);
    for (QPushButton *b : {make, lesson, load})
        layout->addWidget(b);
}

} // namespace tk
