#pragma once

#include <QProcessEnvironment>
#include <QString>

namespace tk {

// Where the Python side of the app is: the tensorkitchen package (the watcher, the DDP
// launcher) and the Python that runs it. One lookup for the watch menu and the DDP lane.
class WatcherPackage
{
public:
    // The folder holding tensorkitchen/: installed beside the app (../share/tensor-kitchen/python),
    // else the source tree's python/ when run from a build folder. Empty when neither is there.
    static QString dir();
    // $TK_PYTHON, else the Python this build was configured with (its torch matches LibTorch).
    static QString python();
    // The environment a Python child gets (a watched script, a replica rank, a race's Python
    // lane): the user's own, with `package` first on PYTHONPATH and without what the app set for
    // itself (ProcessSetup's OpenMP wait policy): the child runs as python3 would.
    static QProcessEnvironment environment(const QString &package);
};

} // namespace tk
