#include "core/kitchen/operror.h"

#include "core/devices/buildfacts.h"

#include <QDir>
#include <QFileInfo>

namespace tk {

QString OpError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None:
        return QStringLiteral("none");
    case Kind::DeviceMismatch:
        return QStringLiteral("device-mismatch");
    case Kind::Shape:
        return QStringLiteral("shape");
    case Kind::Dtype:
        return QStringLiteral("dtype");
    case Kind::OutOfMemory:
        return QStringLiteral("out-of-memory");
    case Kind::InvalidInput:
        return QStringLiteral("invalid-input");
    case Kind::File:
        return QStringLiteral("file");
    case Kind::NoGpu:
        return QStringLiteral("no-gpu");
    case Kind::Other:
        return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

OpError OpError::invalid(const QString &message, const QString &codeLine)
{
    OpError e;
    e.kind = Kind::InvalidInput;
    e.message = message;
    e.codeLine = codeLine;
    return e;
}

OpError OpError::fileError(const QString &path, bool writing, const QString &plainWords, const QString &raw)
{
    OpError e;
    e.kind = Kind::File;
    e.file = path;
    e.writing = writing;
    e.message = plainWords;
    e.details = raw;
    return e;
}

OpError OpError::aboutFile(const OpError &error, const QString &path, FileTask task)
{
    // LibTorch's failures on a device (moving loaded tensors to the GPU) are not the file's.
    if ((error.kind != Kind::InvalidInput && error.kind != Kind::Other) || !error.devices.isEmpty())
        return error;
    const bool writing = task == FileTask::SaveSession || task == FileTask::SaveTensors || task == FileTask::ExportCode;
    // A save can be refused before any file is touched ("x is on meta: it has no values to
    // save"); only a text that names the file is about the file.
    if (writing && !error.message.contains(path) && !error.message.contains(QFileInfo(path).fileName()))
        return error;
    const QFileInfo info(path);
    const QString name = info.fileName();
    QString words;
    if (!writing) {
        if (!info.exists())
            words = tr("There is no file %1: it may have been moved, renamed or deleted.").arg(name);
        else if (info.isDir())
            words = tr("%1 is a folder, not a file.").arg(name);
        else if (!info.isReadable())
            words = tr("You are not allowed to read %1.").arg(name);
        else if (task == FileTask::OpenSession)
            words = tr("%1 is not a Tensor Kitchen session, or it is damaged.").arg(name);
        else
            words = tr("Tensor Kitchen cannot read tensors from %1: it is not a file torch.save "
                       "wrote, or it is damaged.")
                        .arg(name);
    } else {
        const QFileInfo folder(info.absolutePath());
        if (info.isDir())
            words = tr("%1 is a folder, not a file.").arg(name);
        else if (!folder.isDir())
            words = tr("%1 cannot be saved: the folder %2 does not exist.")
                        .arg(name, QDir::toNativeSeparators(folder.filePath()));
        else if (info.exists() && !info.isWritable())
            words = tr("%1 is read-only.").arg(name);
        else if (!folder.isWritable())
            words = tr("%1 cannot be saved: you are not allowed to write in the folder %2.")
                        .arg(name, QDir::toNativeSeparators(folder.filePath()));
        else
            words = tr("%1 could not be written: the disk may be full.").arg(name);
    }
    OpError e = fileError(path, writing, words, error.message);
    e.codeLine = error.codeLine;
    return e;
}

QString OpError::unraisedMismatch(const QString &operation, const QStringList &devices, int line)
{
    //: %1 and %2: two devices, "cpu and meta"
    const QString where
        = devices.size() == 2 ? tr("%1 and %2").arg(devices.at(0), devices.at(1)) : devices.join(QLatin1String(", "));
    //: %1: the operation (@, linear, cat), %2: its devices, "cpu and meta"
    const QString text = tr("%1 takes tensors on %2. PyTorch let it through here, but on a GPU this "
                            "line raises the device-mismatch error (\"Expected all tensors to be on "
                            "the same device\").")
                             .arg(operation, where);
    //: %1: the console input's line number, %2: the note
    return line > 0 ? tr("Line %1: %2").arg(line).arg(text) : text;
}

OpError::Kind OpError::classify(const QString &message)
{
    // Only stable fragments: LibTorch rewords the rest between versions.
    // "Expected all tensors to be on the same device, …" (LibTorch), "Tensor on device meta is
    // not on the expected device cpu!" (PyTorch 2.x's Python meta kernels).
    // No GPU to run on, in either of BuildFacts' two cases (its fragments, not ours).
    if (BuildFacts::noGpuReasonOf(message) != NoGpuReason::None)
        return Kind::NoGpu;
    if (message.contains(QLatin1String("same device")) || message.contains(QLatin1String("not on the expected device")))
        return Kind::DeviceMismatch;
    if (message.contains(QLatin1String("out of memory"), Qt::CaseInsensitive))
        return Kind::OutOfMemory;
    if (message.contains(QLatin1String("dtype")) || message.contains(QLatin1String("scalar type"))
        || message.contains(QLatin1String("not implemented for")))
        return Kind::Dtype;
    if (message.contains(QLatin1String("size")) || message.contains(QLatin1String("shape"))
        || message.contains(QLatin1String("cannot be multiplied")) || message.contains(QLatin1String("dimension")))
        return Kind::Shape;
    return Kind::Other;
}

} // namespace tk
