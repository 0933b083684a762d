#pragma once

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
};

} // namespace tk
