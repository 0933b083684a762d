#include "core/kitchen/requesthandler.h"

#include "core/console/pythonconsole.h"
#include "core/devices/torchthread.h"
#include "core/kitchen/workspace.h"

#include <QFile>
#include <QSaveFile>

namespace tk {

namespace {

template<class... Fs> struct Overloaded : Fs...
{
    using Fs::operator()...;
};
template<class... Fs> Overloaded(Fs...) -> Overloaded<Fs...>;

Outcome invalid(const QString &message)
{
    Outcome o;
    o.error = OpError::invalid(message);
    return o;
}

} // namespace

RequestHandler::History RequestHandler::history(const KitchenRequest &request)
{
    if (std::holds_alternative<request::Undo>(request) || std::holds_alternative<request::Redo>(request)
        || std::holds_alternative<request::OpenSession>(request))
        return History::Replace;
    if (std::holds_alternative<request::SaveSession>(request))
        return History::None;
    if (std::holds_alternative<request::RunPython>(request))
        return History::Console;
    return History::Record;
}

Outcome RequestHandler::perform(Workspace &w, const KitchenRequest &request, PythonConsole *console,
                                LoadProgress *progress)
{
    TorchThread::check("RequestHandler::perform");
    return std::visit(
        Overloaded{
            [&](const request::Create &r) { return w.create(r.spec); },
            [&](const request::Transfer &r) { return w.transfer(r.id, r.device, r.meaning, r.newName); },
            [&](const request::Combine &r) { return w.combine(r.op, r.a, r.b, r.resultName); },
            [&](const request::Rename &r) { return w.rename(r.id, r.name); },
            [&](const request::Clone &r) { return w.clone(r.id, r.name); },
            [&](const request::Remove &r) { return w.remove(r.id); },
            [&](const request::CreateModel &r) { return w.createModel(r.width, r.depth); },
            [&](const request::CreateOptimizer &r) { return w.createOptimizer(r.modelId, r.kind); },
            [&](const request::CreateLoss &) { return w.createLoss(); },
            [&](const request::ForgetToMoveTheModel &) { return w.forgetToMoveTheModel(); },
            [&](const request::Undo &) { return w.undo() ? Outcome{} : invalid(tr("Nothing to undo.")); },
            [&](const request::Redo &) { return w.redo() ? Outcome{} : invalid(tr("Nothing to redo.")); },
            [&](const request::OpenSession &r) { return w.openSession(r.path); },
            [&](const request::SaveSession &r) { return w.saveFile(QStringLiteral("session"), {}, r.path); },
            [&](const request::LoadFile &r) { return w.loadFile(r.path, r.device, nullptr, progress); },
            [&](const request::SavePt &r) { return w.savePt(r.id, r.path); },
            [&](const request::SaveSafetensors &r) { return w.saveSafetensors(r.ids, r.path); },
            [&](const request::RunPython &r) {
                if (!console)
                    return invalid(tr("Python input needs the console."));
                Outcome o = console->run(r.code, r.script ? PythonConsole::Mode::Script : PythonConsole::Mode::Prompt,
                                         r.file);
                // A device mismatch opens the same dialog as a drag, and "no GPU here" the
                // workbench's explanation; other exceptions are Python's traceback in the console.
                if (o.console.error.kind == OpError::Kind::DeviceMismatch
                    || o.console.error.kind == OpError::Kind::NoGpu)
                    o.error = o.console.error;
                return o;
            },
        },
        request);
}

} // namespace tk
