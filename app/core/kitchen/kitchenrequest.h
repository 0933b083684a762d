#pragma once

#include "core/kitchen/movereport.h"
#include "core/kitchen/operation.h"
#include "core/kitchen/tensorspec.h"

#include <QList>
#include <QString>
#include <variant>

namespace tk {

// Every action on the kitchen as a value: the UI builds one, KitchenEngine::submit() queues it,
// the worker hands it to RequestHandler, which runs it on the Workspace and answers with one
// Outcome. To add an action: a struct here (and in KitchenRequest), its handler in
// requesthandler.cpp, and its trigger in the UI.
namespace request {

struct Create
{
    TensorSpec spec;
};
struct Transfer
{
    int id = -1;
    QString device;
    TransferMeaning meaning = TransferMeaning::Reassign;
    QString newName;
};
struct Combine
{
    Operation op = Operation::Add;
    int a = -1;
    int b = -1;
    QString resultName;
};
struct Rename
{
    int id = -1;
    QString name;
};
struct Clone
{
    int id = -1;
    QString name;
};
struct Remove
{
    int id = -1;
};
struct CreateModel
{
    int width = 64;
    int depth = 2;
};
struct CreateOptimizer
{
    int modelId = -1;
    QString kind = QStringLiteral("adam");
};
struct CreateLoss
{
};
struct ForgetToMoveTheModel
{
};
struct Undo
{
};
struct Redo
{
};
struct OpenSession
{
    QString path;
};
struct SaveSession
{
    QString path;
};
// A file of any format that adds cards (.pt, .safetensors, .npy, …: Workspace::loadFile).
struct LoadFile
{
    QString path;
    QString device = QStringLiteral("cpu");
};
struct SavePt
{
    int id = -1;
    QString path;
};
// Tensor cards in one .safetensors file; no ids: every tensor card in the kitchen.
struct SaveSafetensors
{
    QList<int> ids;
    QString path;
};
// Python typed in the console, or a script (`script`: run as python3 runs a file, no echo):
// each statement one undo step (see PythonConsole::run); a script's `file` names it in tracebacks.
struct RunPython
{
    QString code;
    bool script = false;
    QString file;
};

} // namespace request

using KitchenRequest = std::variant<request::Create, request::Transfer, request::Combine, request::Rename,
                                    request::Clone, request::Remove, request::CreateModel, request::CreateOptimizer,
                                    request::CreateLoss, request::ForgetToMoveTheModel, request::Undo, request::Redo,
                                    request::OpenSession, request::SaveSession, request::LoadFile, request::SavePt,
                                    request::SaveSafetensors, request::RunPython>;

} // namespace tk
