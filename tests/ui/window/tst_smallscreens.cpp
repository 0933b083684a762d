// Every tab at a small laptop's size (1024×640) and at 1366×768, with the code log open: no
// visible input squashed below what it needs to show itself, and no two laid-out widgets on top
// of each other. Forms scroll instead of squashing.
#include "ui/races/matmulracepanel.h"
#include "ui/races/trainingracepanel.h"
#include "support/kitchentest.h"
#include "ui/window/mainwindow.h"
#include "core/devices/torchthread.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLayout>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTranslator>
#include <qcustomplot.h>
#include <QTest>

using namespace tk;

class TestSmallScreens : public QObject
{
    Q_OBJECT

private:
    static bool isInput(QWidget *w)
    {
        return qobject_cast<QAbstractButton *>(w) || qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w)
            || qobject_cast<QLineEdit *>(w) || qobject_cast<QAbstractSlider *>(w);
    }

    // Qt's own parts (a dock's title buttons, a spin box's line edit) are Qt's business.
    static bool isQtInternal(QWidget *w)
    {
        for (QWidget *p = w; p; p = p->parentWidget()) {
            if (p->objectName().startsWith(QLatin1String("qt_"))
                && p->objectName() != QLatin1String("qt_tabwidget_stackedwidget")
                && p->objectName() != QLatin1String("qt_scrollarea_viewport"))
                return true;
            if (p != w && (qobject_cast<QAbstractSpinBox *>(p) || qobject_cast<QComboBox *>(p)))
                return true;
        }
        return false;
    }

    static QString where(QWidget *w)
    {
        QStringList path;
        for (QWidget *p = w; p; p = p->parentWidget())
            path.prepend(p->objectName().isEmpty() ? QString::fromLatin1(p->metaObject()->className())
                                                   : p->objectName());
        QString text;
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            text = b->text();
        return path.join('/') + (text.isEmpty() ? QString() : QStringLiteral(" “%1”").arg(text));
    }

    // Problems on what is visible now: squashed inputs, overlapping laid-out siblings.
    static QStringList problems(QWidget *root)
    {
        QStringList found;
        const QList<QWidget *> all = root->findChildren<QWidget *>();
        for (QWidget *w : all) {
            if (!w->isVisible() || w->isWindow() || isQtInternal(w))
                continue;
            if (isInput(w)) {
                const QSize hint = w->minimumSizeHint();
                if (hint.isValid() && (w->height() < hint.height() || w->width() < qMin(hint.width(), 40)))
                    found << QStringLiteral("%1 is %2×%3, needs %4×%5")
                                 .arg(where(w))
                                 .arg(w->width())
                                 .arg(w->height())
                                 .arg(hint.width())
                                 .arg(hint.height());
            }
            QLayout *layout = w->layout();
            if (!layout)
                continue;
            QList<QWidget *> laidOut;
            for (QWidget *c : w->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly))
                if (c->isVisible() && !c->isWindow() && layout->indexOf(c) >= 0)
                    laidOut << c;
            for (int i = 0; i < laidOut.size(); ++i)
                for (int j = i + 1; j < laidOut.size(); ++j)
                    if (laidOut[i]->geometry().intersects(laidOut[j]->geometry()))
                        found << QStringLiteral("%1 overlaps %2").arg(where(laidOut[i]), where(laidOut[j]));
        }
        return found;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void cleanupTestCase() { QCOMPARE(TorchThread::violations(), 0); }

    void everyTabFits_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x640") << QSize(1024, 640);
        QTest::newRow("1366x768") << QSize(1366, 768);
    }

    void everyTabFits()
    {
        QFETCH(QSize, size);
        MainWindow w;
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *log = w.codeLogDock();
        QVERIFY(log);
        QVERIFY(log->isVisible());
        QStringList all;
        for (int t = 0; t < w.tabs()->count(); ++t) {
            w.tabs()->setCurrentIndex(t);
            QTest::qWait(50);
            for (const QString &p : problems(&w))
                all << QStringLiteral("[%1] %2").arg(w.tabs()->tabText(t), p);
            // The code log stays readable beside every tab: at least four lines.
            const int lines = log->widget()->height() / log->widget()->fontMetrics().lineSpacing();
            if (lines < 4)
                all << QStringLiteral("[%1] the code log shows %2 lines").arg(w.tabs()->tabText(t)).arg(lines);
        }
        all.removeDuplicates();
        for (const QString &p : all)
            qWarning().noquote() << p;
        QVERIFY2(all.isEmpty(), qPrintable(QStringLiteral("%1 problems, listed above").arg(all.size())));
    }

    // The race charts with the code log and the console open below them, in both languages:
    // each keeps a plot area of 160 px (the tab scrolls instead), its value axis's labels stay
    // apart, and its legend lies inside the chart.
    void raceChartsKeepTheirPlotAreas_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("korean");
        for (const QSize size : {QSize(1366, 768), QSize(1024, 640)})
            for (const bool korean : {false, true})
                QTest::addRow("%dx%d %s", size.width(), size.height(), korean ? "ko" : "en") << size << korean;
    }

    void raceChartsKeepTheirPlotAreas()
    {
        QFETCH(QSize, size);
        QFETCH(bool, korean);
        const testsupport::KoreanUi ko(korean);
        QCOMPARE(ko.installed(), korean);
        {
            MainWindow w;
            w.resize(size);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.consoleDock()->toggleViewAction()->trigger(); // as View → PyTorch console does
            QVERIFY(w.consoleDock()->isVisible());
            QStringList all;
            for (QWidget *tab : {static_cast<QWidget *>(w.matmulRace()), static_cast<QWidget *>(w.trainingRace())}) {
                w.tabs()->setCurrentWidget(tab);
                QTest::qWait(100);
                const QList<QCustomPlot *> plots = tab->findChildren<QCustomPlot *>();
                QVERIFY(plots.size() >= 3);
                for (QCustomPlot *plot : plots) {
                    if (!plot->isVisible())
                        continue; // another tab of the training charts
                    plot->replot();
                    QTest::qWait(20); // a minimum grown by the layout settles
                    plot->replot();
                    const QString name = plot->plotLayout()->elementCount() > 0
                        ? qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0))->text()
                        : QString();
                    if (plot->axisRect()->height() < 160)
                        all << QStringLiteral("%1: plot area %2 px high").arg(name).arg(plot->axisRect()->height());
                    const QVector<double> ticks = plot->yAxis->tickVector();
                    const int line = QFontMetrics(plot->yAxis->tickLabelFont()).height();
                    for (int i = 1; i < ticks.size(); ++i)
                        if (plot->yAxis->range().contains(ticks[i]) && plot->yAxis->range().contains(ticks[i - 1])
                            && std::abs(plot->yAxis->coordToPixel(ticks[i]) - plot->yAxis->coordToPixel(ticks[i - 1]))
                                < line)
                            all << QStringLiteral("%1: y labels %2 and %3 overlap")
                                       .arg(name, plot->yAxis->tickVectorLabels().value(i - 1),
                                            plot->yAxis->tickVectorLabels().value(i));
                    if (plot->legend->visible() && !plot->viewport().contains(plot->legend->outerRect()))
                        all << QStringLiteral("%1: legend outside the chart").arg(name);
                }
            }
            for (const QString &p : all)
                qWarning().noquote() << p;
            QVERIFY2(all.isEmpty(), qPrintable(QStringLiteral("%1 problems, listed above").arg(all.size())));
        }
    }
};

QTEST_MAIN(TestSmallScreens)
#include "tst_smallscreens.moc"
