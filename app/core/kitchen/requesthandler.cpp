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
    return std::visit(Overloaded{
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
                          [&](const request::OpenSession &r) {
                              QFile f(r.path);
                              if (!f.open(QIODevice::ReadOnly))
                                  return invalid(tr("Cannot open %1: %2").arg(r.path, f.errorString()));
                              Outcome o;
                              QString error;
                              if (!w.loadSession(f.readAll(), &error, &o.notices))
                                  o.error = OpError::invalid(error);
                              return o;
                          },
                          [&](const request::SaveSession &r) {
                              QString error;
                              const QByteArray data = w.saveSession(&error);
                              if (data.isEmpty())
                                  return invalid(tr("Could not save: %1").arg(error));
                              QSaveFile f(r.path); // the old file stays whole until the new one is complete
                              if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit())
                                  return invalid(tr("Cannot write %1: %2").arg(r.path, f.errorString()));
                              return Outcome{};
                          },
                          [&](const request::LoadPt &r) { return w.loadPt(r.path, r.device, nullptr, progress); },
                          [&](const request::SavePt &r) { return w.savePt(r.id, r.path); },
                          [&](const request::SaveSafetensors &r) { return w.saveSafetensors(r.ids, r.path); },
                          [&](const request::RunPython &r) {
                              if (!console)
                                  return invalid(tr("Python input needs the console."));
                              Outcome o = console->run(
                                  r.code, r.script ? PythonConsole::Mode::Script : PythonConsole::Mode::Prompt, r.file);
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
