#pragma once

// What the watch suites share: a program's tab played from its recording, and the names of the
// cards a pane shows.
#include "core/watch/watchedprogram.h"
#include "ui/kitchen/devicepane.h"
#include "ui/kitchen/tensorcard.h"
#include "ui/watch/programkitchen.h"
#include "ui/watch/watchcontroller.h"
#include "ui/window/mainwindow.h"
#include "support/testsupport.h"

#include <QDir>
#include <QStandardPaths>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

namespace tk::testsupport {

// A watch suite's start: Qt's test mode, and the app's socket in the suite's own folder, so that
// no other kitchen gets its programs. Returns the Python with torch that runs them (empty: none).
inline QString startWatchSuite(const QTemporaryDir &dir)
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("TENSORKITCHEN_SOCKET", QDir(dir.path()).filePath("watch.sock").toUtf8());
    return torchPython();
}

inline QStringList cardNames(DevicePane *pane)
{
    QStringList names;
    if (pane)
        for (TensorCard *c : pane->cards())
            names << c->info().name;
    names.sort();
    return names;
}

// Plays `recording` as fast as it goes into a new tab, until the program has ended.
inline ProgramKitchen *replay(MainWindow &w, const QString &recording)
{
    ProgramKitchen *k = w.watch()->openRecording(recording, 0);
    if (!k
        || !QTest::qWaitFor(
            [k] {
                return k->program() && !k->program()->isRunning()
                    && k->program()->state() != WatchedProgram::State::AwaitingHello;
            },
            20000))
        return nullptr;
    QTest::qWait(ProgramKitchen::kGroupMs + 100); // the last flights leave
    return k;
}

} // namespace tk::testsupport
