#pragma once

#include "core/kitchen/operation.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <optional>

namespace tk {

// A failure the UI can render: what kind it was, LibTorch's own words, where and why.
struct OpError
{
    Q_DECLARE_TR_FUNCTIONS(OpError)

public:
    enum class Kind {
        None,
        DeviceMismatch, // "Expected all tensors to be on the same device…"
        Shape, // sizes that do not fit together
        Dtype, // a dtype the operation does not take
        OutOfMemory, // LibTorch ran out, or we refused before allocating
        InvalidInput, // bad shape text, unknown dtype, a deleted card, a bad name
        File, // a session, .pt or exported file that could not be read or written
        NoGpu, // a GPU asked for where there is none ("Torch not compiled with CUDA enabled")
        Other,
    };
    // What a file request was doing: it picks the plain words of its error.
    enum class FileTask { OpenSession, SaveSession, LoadTensors, SaveTensors, ExportCode };

    Kind kind = Kind::None;
    QString message; // LibTorch's exact text (first line), or ours for refusals; plain words for File
    QStringList devices; // devices involved, e.g. {"cpu", "meta"}
    QString codeLine; // the Python line that raised it
    QList<int> cards; // the workspace cards it involved (operands), for fix-it buttons
    // What move-and-retry runs again once an operand has moved: the kitchen operation on
    // `cards` that raised, or (consoleLine) `codeLine` typed in the console.
    std::optional<Operation> operation;
    bool consoleLine = false;
    bool refusedBeforeAllocation = false;
    QString file; // Kind::File: the file's path
    QString
        details; // Kind::File: the raw text behind `message` (LibTorch's or the system's); a watched error or a console line's: its traceback
    bool writing = false; // Kind::File: writing the file failed, not reading it

    // --- An error a watched program raised (app/core/watch/): `message`, `devices` and
    // `codeLine` as above; `details` holds its traceback as Python prints it.
    QString exceptionType; // "RuntimeError"
    QString sourceFile; // the user's file and line that raised it (`file` stays Kind::File's)
    int sourceLine = 0;
    int sourceCell = 0; // a notebook cell's execution count when sourceFile is that cell
    bool caught = false; // the program caught it; false: it ended the program

    bool isError() const { return kind != Kind::None; }
    static QString kindName(Kind kind);
    static OpError invalid(const QString &message, const QString &codeLine = {});
    // A file error: `plainWords` say what is wrong with `path` for anyone; `raw` is the text
    // LibTorch or the system gave, kept for the Details.
    static OpError fileError(const QString &path, bool writing, const QString &plainWords, const QString &raw);
    // The error of a failed file request told as a file error: the plain words come from the
    // file's state (missing, a folder, not permitted) or else from the task (not a session,
    // not a torch.save file, not writable); `error`'s text becomes the details. Errors of
    // their own kind (memory, devices, shapes, dtypes), errors on a device, file errors
    // already, and a write's errors that do not name the file (a card that cannot be saved)
    // are returned unchanged.
    static OpError aboutFile(const OpError &error, const QString &path, FileTask task);
    // Classifies a LibTorch exception text; the exception's C++ type is handled by the caller.
    static Kind classify(const QString &message);
    // The note beside a result whose operation took tensors on two devices and did not raise
    // (meta kernels let `cpu @ meta` through; a GPU would not): the kitchen's and the console's
    // one wording. `line` > 0 names the console input's line.
    static QString unraisedMismatch(const QString &operation, const QStringList &devices, int line = 0);
};

} // namespace tk

Q_DECLARE_METATYPE(tk::OpError)
