#pragma once

#include <QList>

namespace tk {

// Every other entry dropped, in place: a kept series that is full covers the whole run at half
// the resolution, instead of losing its start.
template<typename T> void thin(QList<T> &list)
{
    qsizetype kept = 0;
    for (qsizetype i = 0; i < list.size(); i += 2)
        list[kept++] = list[i];
    list.resize(kept);
}

} // namespace tk
