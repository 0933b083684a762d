#pragma once

// Protocol lines (docs/watch-protocol.md) for the watch suites: a hello, moves, an error, samples,
// a whole recording. Qt Core only.
#include "core/watch/watchedprogram.h"
#include "core/watch/watchparser.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QList>
#include <QString>
#include <QStringList>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace tk::testsupport {

inline QByteArray hello(qint64 pid = 4242, int version = 1)
{
    return QStringLiteral(
               R"({"type":"hello","t":0,"v":%1,"pid":%2,"program":"train.py","argv":["train.py","--epochs","2"],)"
               R"("python":"3.11.2","torch":"2.11.0+cu130","cuda":"13.0","devices":[{"device":"cpu","name":"AMD EPYC 7B13","total":25769803776},)"
               R"({"device":"cuda:0","name":"NVIDIA H200","total":150754820096,"capability":"9.0"}]})")
        .arg(version)
        .arg(pid)
        .toUtf8();
}

inline QByteArray move(qint64 id, const QString &name = QStringLiteral("x"), double t = 1.52,
                       const QString &seconds = QStringLiteral("0.000041"))
{
    return QStringLiteral(
               R"({"type":"move","t":%1,"id":%2,"api":"Tensor.to","kind":"tensor","name":"%3","from":"cpu","to":"cuda:0",)"
               R"("bytes":24,"shape":[2,3],"dtype":"float32","pinned":true,"non_blocking":true,"seconds":%4,"timing":"wall",)"
               R"("step":3,"file":"/home/u/train.py","line":12})")
        .arg(t)
        .arg(id)
        .arg(name, seconds)
        .toUtf8();
}

inline const QByteArray kError
    = R"J({"type":"error","t":3.0,"kind":"device_mismatch","exception":"RuntimeError","message":"Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!","devices":["cuda:0","cpu"],"file":"/home/u/train.py","line":31,"code":"output = model(x)","traceback":[{"file":"/home/u/train.py","line":40,"func":"<module>","code":"main()"},{"file":"/home/u/train.py","line":31,"func":"main","code":"output = model(x)"}],"caught":false})J";

inline const QByteArray kTensors
    = R"({"type":"tensors","t":2.0,"items":[{"name":"x","kind":"tensor","device":"cuda:0","shape":[2,3],"dtype":"float32","bytes":24,"file":"/home/u/train.py","line":14},{"name":"model","kind":"module","class":"Sequential","device":"cuda:0","bytes":37124,"params":9281,"file":"/home/u/train.py","line":14}]})";

inline QByteArray memory(double t, qint64 allocated, qint64 rss)
{
    return QStringLiteral(R"({"type":"memory","t":%1,"devices":[{"device":"cpu","rss":%3},)"
                          R"({"device":"cuda:0","allocated":%2,"reserved":%4,"total":150754820096}]})")
        .arg(t)
        .arg(allocated)
        .arg(rss)
        .arg(allocated * 2)
        .toUtf8();
}

inline QByteArray lines(const QList<QByteArray> &list)
{
    QByteArray all;
    for (const QByteArray &l : list)
        all += l + '\n';
    return all;
}

// A program fed synchronously: everything it batched is sent before the checks.
inline void feedAll(tk::WatchedProgram &p, const QList<QByteArray> &list)
{
    p.feed(lines(list));
    p.flush();
}

// A line with `n` entries in the array field that one limit counts.
inline QByteArray withEntries(const QString &limit, int n)
{
    QStringList entries;
    for (int i = 0; i < n; ++i) {
        if (limit == QLatin1String("shape"))
            entries << QStringLiteral("1");
        else if (limit == QLatin1String("items"))
            entries << QStringLiteral(R"({"name":"t%1","kind":"tensor","device":"cpu","bytes":4})").arg(i);
        else if (limit == QLatin1String("traceback"))
            entries << QStringLiteral(R"J({"file":"/a.py","line":%1,"func":"f","code":"f()"})J").arg(i + 1);
        else if (limit == QLatin1String("memory devices"))
            entries << QStringLiteral(R"({"device":"cuda:%1","allocated":1})").arg(i);
        else if (limit == QLatin1String("error devices"))
            entries << QStringLiteral(R"("cuda:%1")").arg(i);
        else if (limit == QLatin1String("step calls"))
            entries << QStringLiteral(R"({"file":"/a.py","line":%1,"what":"item","n":1,"seconds":0,"device":"cpu"})")
                           .arg(i + 1);
        else
            entries << QStringLiteral(R"({"device":"cuda:%1","name":"g","total":1})").arg(i);
    }
    const QString list = entries.join(QLatin1Char(','));
    if (limit == QLatin1String("shape"))
        return QStringLiteral(R"({"type":"move","t":1,"id":1,"from":"cpu","to":"meta","bytes":4,"shape":[%1]})")
            .arg(list)
            .toUtf8();
    if (limit == QLatin1String("items"))
        return QStringLiteral(R"({"type":"tensors","t":1,"items":[%1]})").arg(list).toUtf8();
    if (limit == QLatin1String("traceback"))
        return QStringLiteral(R"({"type":"error","t":1,"kind":"other","message":"m","traceback":[%1]})")
            .arg(list)
            .toUtf8();
    if (limit == QLatin1String("memory devices"))
        return QStringLiteral(R"({"type":"memory","t":1,"devices":[%1]})").arg(list).toUtf8();
    if (limit == QLatin1String("step calls"))
        return QStringLiteral(R"({"type":"step","t":1,"n":1,"calls":[%1]})").arg(list).toUtf8();
    if (limit == QLatin1String("error devices"))
        return QStringLiteral(R"({"type":"error","t":1,"kind":"other","message":"m","devices":[%1]})")
            .arg(list)
            .toUtf8();
    return QStringLiteral(R"({"type":"hello","t":0,"v":1,"pid":1,"devices":[%1]})").arg(list).toUtf8();
}

// A socket file with nobody behind it, as an app that crashed leaves one.
inline bool makeStaleSocket(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray native = QFile::encodeName(path);
    qstrncpy(addr.sun_path, native.constData(), sizeof addr.sun_path);
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
    ::close(fd); // bound, never listened, closed: the file stays
    return ok && QFileInfo::exists(path);
}

// 0.6 s of a program, its t increasing.
inline QByteArray recording()
{
    QByteArray tensors = kTensors, error = kError;
    tensors.replace("\"t\":2.0", "\"t\":0.22");
    error.replace("\"t\":3.0", "\"t\":0.5");
    return lines(
        {hello(), memory(0.05, 1000, 5000), move(1, "x", 0.1), move(2, "w", 0.15, "null"),
         R"({"type":"move_time","t":0.2,"id":2,"seconds":0.5})", tensors,
         R"({"type":"data_wait","t":0.25,"seconds":0.003,"batch":0,"workers":2,"pin_memory":true,"step":0,"file":"/a.py","line":3})",
         R"({"type":"step","t":0.3,"n":1,"optimizer":"Adam","seconds":0.3,"wait_s":0.003,"copy_s":0.5,"bytes":48,"moves":2})",
         "not json", memory(0.4, 3000, 4000), R"({"type":"dropped","t":0.45,"count":5})", error,
         R"({"type":"bye","t":0.6,"exit_code":1})"});
}

} // namespace tk::testsupport
